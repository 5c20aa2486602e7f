// A board cell's state computed in SQL, over a report `r` and its files' counts `f` (live, processing, errors): the
// same rule as `cellState` (board-cells.ts), which the boards, the queue and the due-date notices all read, and
// reports-board.test.ts compares the two on every combination.
import { sql } from 'kysely'
import type { CellState } from './board-cells.ts'

export const STATE_SQL = sql<CellState>`CASE
    WHEN r.status = 'agreed' THEN 'agreed'
    WHEN r.status = 'rejected' THEN 'rejected'
    WHEN COALESCE(f.live, 0) = 0 THEN 'no_files'
    WHEN f.processing > 0 THEN 'checking'
    WHEN f.errors > 0 THEN 'errors'
    ELSE 'consideration' END`
