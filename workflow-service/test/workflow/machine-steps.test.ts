// A stream's machine stepped once per (state, event) and then remembered gives what XState's own transition gives,
// for every sequence of events, and refuses a machine whose state is more than its state value.
import fc from 'fast-check'
import { type AnyMachineSnapshot, assign, getInitialSnapshot, setup, transition } from 'xstate'
import { describe, expect, it } from 'vitest'
import { fileMachine, type FileMachineEvent } from '../../domain/src/workflow/files/file-machine.ts'
import { machineSteps } from '../../domain/src/workflow/machine-steps.ts'
import { reportMachine, type ReportMachineEvent } from '../../domain/src/workflow/reports/report-machine.ts'

const reportEvents: ReportMachineEvent[] = ['create', 'agree', 'decline', 'cancel', 'resubmit'].map((type) => ({ type }) as ReportMachineEvent)
const fileEvents: FileMachineEvent[] = [
  { type: 'upload' },
  { type: 'checkPassed' },
  { type: 'checkFailed' },
  { type: 'requestDeletion', reportAgreed: true },
  { type: 'requestDeletion', reportAgreed: false },
  { type: 'deleted' },
]

/** What a snapshot answers: its state value, whether it is final, and which events it accepts. */
const answers = (snapshot: AnyMachineSnapshot, events: readonly object[]) => ({
  value: snapshot.value,
  status: snapshot.status,
  can: events.map((event) => snapshot.can(event as never)),
})

describe('remembered machine steps', () => {
  it('folds any sequence of report events to what XState gives, step by step', () => {
    const steps = machineSteps(reportMachine)
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...reportEvents), { maxLength: 30 }), (events) => {
        let remembered = steps.initial
        let fresh = getInitialSnapshot(reportMachine)
        for (const event of events) {
          remembered = steps.step(remembered, event)
          ;[fresh] = transition(reportMachine, fresh, event)
          expect(answers(remembered, reportEvents)).toEqual(answers(fresh, reportEvents))
        }
      }),
      { numRuns: 300 },
    )
  })

  it('folds any sequence of file events, the guarded deletion included, to what XState gives', () => {
    const steps = machineSteps(fileMachine)
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...fileEvents), { maxLength: 30 }), (events) => {
        let remembered = steps.initial
        let fresh = getInitialSnapshot(fileMachine)
        for (const event of events) {
          remembered = steps.step(remembered, event)
          ;[fresh] = transition(fileMachine, fresh, event)
          expect(answers(remembered, fileEvents)).toEqual(answers(fresh, fileEvents))
        }
      }),
      { numRuns: 300 },
    )
  })

  it('refuses a machine that keeps a context, whose next state the state value alone does not say', () => {
    const counting = setup({ types: { context: {} as { n: number }, events: {} as { type: 'add' } } }).createMachine({
      id: 'counting',
      context: { n: 0 },
      on: { add: { actions: assign({ n: ({ context }) => context.n + 1 }) } },
    })
    expect(() => machineSteps(counting)).toThrow(/keeps a context/)
  })

  it('refuses a machine with a history state, whose next state depends on the states before', () => {
    const remembering = setup({ types: { events: {} as { type: 'go' } | { type: 'back' } } }).createMachine({
      id: 'remembering',
      initial: 'a',
      states: { a: { initial: 'x', states: { x: { on: { go: 'y' } }, y: {}, last: { type: 'history' } } }, b: { on: { back: 'a.last' } } },
    })
    expect(() => machineSteps(remembering)).toThrow(/history state/)
  })
})
