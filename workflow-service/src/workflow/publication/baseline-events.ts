// The event of the catalogue's baseline stream (`catalogue-baseline`): the public record as the demo data (or the
// benchmark's data set) left it, recorded in the log by the seed (decision 3310). Rows no agreement published are
// the seed's; verify holds them against the latest baseline, and the reference data against the baseline with every
// reference event after it.

/** The rows of a table of published readings that no publication holds: how many, the largest id and their digest. */
export interface SeededRows {
  table: string
  rows: number
  maxId: number
  digest: string
}

/** A reference table's rows as they stood: their ids and every declared field's value (and `retired`). */
export interface ReferenceRows {
  table: string
  rows: Array<Record<string, string | number | boolean | null>>
}

export interface CatalogueBaselineRecorded {
  type: 'CatalogueBaselineRecorded'
  data: { seeded: SeededRows[]; reference: ReferenceRows[] }
}

export type BaselineEvent = CatalogueBaselineRecorded

export const BASELINE_STREAM = 'catalogue-baseline'
