// The import file machine (XState v5): processing → success | error (worker), success | error → deletion → deleted.
import { setup } from 'xstate'

export type FileMachineEvent =
  | { type: 'upload' }
  | { type: 'checkPassed' }
  | { type: 'checkFailed' }
  /** reportAgreed: the status of the file's report when the deletion is asked for. */
  | { type: 'requestDeletion'; reportAgreed: boolean }
  | { type: 'deleted' }

export const fileMachine = setup({
  types: { events: {} as FileMachineEvent },
  guards: {
    // A file of an agreed report is part of what was agreed: it stays.
    reportNotAgreed: ({ event }) => event.type === 'requestDeletion' && !event.reportAgreed,
  },
}).createMachine({
  id: 'file',
  initial: 'none',
  states: {
    none: { on: { upload: 'processing' } },
    // No deletion while processing: the check job is working on the file.
    processing: { on: { checkPassed: 'success', checkFailed: 'error' } },
    success: { on: { requestDeletion: { target: 'deletion', guard: 'reportNotAgreed' } } },
    error: { on: { requestDeletion: { target: 'deletion', guard: 'reportNotAgreed' } } },
    deletion: { on: { deleted: 'deleted' } },
    deleted: { type: 'final' },
  },
})

export type FileMachineState = 'none' | 'processing' | 'success' | 'error' | 'deletion' | 'deleted'
