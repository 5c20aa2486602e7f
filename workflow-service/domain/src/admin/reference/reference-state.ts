// The state an admin stream's events fold into, apart from the decide that reads it and the event table that builds
// it: both import it, so neither imports the other for it.
import type { ReferenceValues } from './reference-kinds.ts'

export interface ReferenceState {
  /** The values the stream's own events give (null before its first event). */
  values: ReferenceValues | null
  retired?: boolean
  deleted?: boolean
}
