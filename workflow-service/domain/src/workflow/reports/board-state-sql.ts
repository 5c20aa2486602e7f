// A board cell's state computed in SQL, over a report `r` and its files' counts `f` (live, processing, errors): the
// same rule as `cellState` (board-cells.ts), which the boards, the queue and the due-date notices all read, and
// reports-board.test.ts compares the two on every combination.
import { sql } from 'kysely'
import type { CellState } from './board-cell-states.ts'
import { REPORT_STATUS_CODES, REPORT_STATUSES } from './report-status-table.ts'

/** The statuses that decide the cell by themselves (the status table's `boardCell`), before the files are looked at. */
const BY_STATUS = REPORT_STATUS_CODES.flatMap((status) => {
  const cell: CellState | null = REPORT_STATUSES[status].boardCell
  return cell === null ? [] : [sql`WHEN r.status = ${sql.lit(status)} THEN ${sql.lit(cell)}`]
})

export const STATE_SQL = sql<CellState>`CASE
    ${sql.join(BY_STATUS, sql` `)}
    WHEN COALESCE(f.live, 0) = 0 THEN 'no_files'
    WHEN f.processing > 0 THEN 'checking'
    WHEN f.errors > 0 THEN 'errors'
    ELSE 'consideration' END`
