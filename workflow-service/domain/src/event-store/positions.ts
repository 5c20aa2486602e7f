// Which positions of `events` belong to the chain. The database issues positions from events_position_seq, from 1
// upward, and refuses any other (migration 2110: a check that a position is positive, a trigger that it was issued);
// a row at or below zero can only be an owner's forgery or older than that migration, and is outside the chain.
// Verify, the checkpoints and the replay read every row and name those outside; every other reader of the log (a
// stream read for a decision, the reference history, receipts) reads only the chain, through the same rule.
import { type RawBuilder, type SqlBool, sql } from 'kysely'

export const inChain = (position: number): boolean => position > 0

/** inChain in SQL, over the `position` column of `events` (or of the alias given: `e.position`). */
export const inChainSql = (column = 'position'): RawBuilder<SqlBool> => sql<SqlBool>`${sql.ref(column)} > 0`

/** inChain as SQL text, for a statement written once as text (db/fixed-statement.server.ts); `column` is trusted code. */
export const inChainText = (column = 'position'): string => `${column} > 0`
