// The state a report's stream folds into, apart from the decide that reads it and the event table that builds it:
// both import it, so neither imports the other for it.
import type { SnapshotFrom } from 'xstate'
import type { reportMachine, ReportMachineState } from './report-machine.ts'

export interface ReportState {
  snapshot: SnapshotFrom<typeof reportMachine>
  status: ReportMachineState
  reportId: number | null
  /** 1 for the first submission, one more each time a declined report is sent again. */
  round: number
  /** The keys the report's messages were posted with (a retry of one records nothing). */
  messageKeys: readonly string[]
  /** How many events the stream holds. */
  version: number
}
