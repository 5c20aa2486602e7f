// The shape of a stream's pure pieces, which handleCommand runs: its event table, its state, its decisions.
import type { EventUse } from './event-table.ts'
import type { Decision } from './refusal.ts'

export interface Decider<S, C, E extends { type: string }, F> {
  /**
   * The stream's event table: the types its stream may hold, and the rows each event writes, which the command
   * pipeline projects in the command's transaction (it is handed the table here rather than import every stream's).
   */
  table: Readonly<Record<E['type'], EventUse>>
  initialState: () => S
  evolve: (state: S, event: E) => S
  /** The events the command records, or why it is refused; facts are what the rules need besides the stream. */
  decide: (state: S, command: C, facts: F) => Decision<E>
}
