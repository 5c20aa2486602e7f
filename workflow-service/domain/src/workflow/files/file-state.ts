// The state an import file's stream folds into, apart from the decide that reads it and the event table that builds
// it: both import it, so neither imports the other for it.
import type { SnapshotFrom } from 'xstate'
import type { FileUploaded } from './file-events.ts'
import type { fileMachine, FileMachineState } from './file-machine.ts'

export interface FileState {
  snapshot: SnapshotFrom<typeof fileMachine>
  status: FileMachineState
  file: FileUploaded['data'] | null
  version: number
}
