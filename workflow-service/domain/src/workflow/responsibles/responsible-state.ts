// The state a responsible person's stream folds into, apart from the decide that reads it and the event table that
// builds it: both import it, so neither imports the other for it.
import type { ResponsibleSaved } from './responsible-events.ts'

export interface ResponsibleState {
  saved: ResponsibleSaved['data'] | null
  version: number
}
