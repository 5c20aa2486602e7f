// The report machine (XState v5): consideration → agreed | rejected, agreed | rejected → consideration on cancel,
// and rejected → consideration when the holder uploads a corrected file (a new round).
import { setup } from 'xstate'

export type ReportMachineEvent = { type: 'create' } | { type: 'agree' } | { type: 'decline' } | { type: 'cancel' } | { type: 'resubmit' }

export const reportMachine = setup({
  types: { events: {} as ReportMachineEvent },
}).createMachine({
  id: 'report',
  // 'none' is a stream with no events yet: the only thing it accepts is being created.
  initial: 'none',
  states: {
    none: { on: { create: 'consideration' } },
    consideration: { on: { agree: 'agreed', decline: 'rejected' } },
    agreed: { on: { cancel: 'consideration' } },
    rejected: { on: { cancel: 'consideration', resubmit: 'consideration' } },
  },
})

export type ReportMachineState = 'none' | 'consideration' | 'agreed' | 'rejected'
