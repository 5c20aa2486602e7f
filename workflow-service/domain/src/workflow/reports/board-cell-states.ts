// What a cell of the status board can be: its own file, so the status table (which names a status's cell) and the
// board's rules (which read the status table) each import it without importing one another.

/** What a cell of the board is, in the order a person acts on it. */
export const CELL_STATES = ['no_files', 'checking', 'errors', 'consideration', 'rejected', 'agreed'] as const
export type CellState = (typeof CELL_STATES)[number]
