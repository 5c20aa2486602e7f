// The report status machine (XState v5): consideration → agreed | rejected, and back to consideration on cancel.
import { setup } from 'xstate'

export type ReportMachineEvent = { type: 'create' } | { type: 'agree' } | { type: 'decline' } | { type: 'cancel' }

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
    rejected: { on: { cancel: 'consideration' } },
  },
})

export type ReportMachineState = 'none' | 'consideration' | 'agreed' | 'rejected'
