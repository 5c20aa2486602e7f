// The shape of a stream's pure pieces, which handleCommand runs: its event types, its state, its decisions.
import type { Decision } from './refusal.ts'

export interface Decider<S, C, E extends { type: string }, F> {
  eventTypes: readonly E['type'][]
  initialState: () => S
  evolve: (state: S, event: E) => S
  /** The events the command records, or why it is refused; facts are what the rules need besides the stream. */
  decide: (state: S, command: C, facts: F) => Decision<E>
}
