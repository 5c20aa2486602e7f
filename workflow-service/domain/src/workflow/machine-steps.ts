// A stream's machine stepped once per (state, event) a process meets, then remembered. Every command folds its whole
// stream through the machine, and XState's transition builds an actor scope, a microstep and a fresh snapshot for
// every event: it was the largest share of a command's CPU after the idle time (docs/performance.md). The portal's
// machines keep no context and no history states, so the state after an event depends only on the state before it and
// on the event: the first answer is the answer every time.
import { type AnyMachineSnapshot, type AnyStateMachine, type EventFrom, getInitialSnapshot, type SnapshotFrom, transition } from 'xstate'

export interface MachineSteps<M extends AnyStateMachine> {
  /** The machine's initial snapshot (one object, shared: snapshots are never changed in place). */
  readonly initial: SnapshotFrom<M>
  /** The snapshot after the event, as XState's transition gives it. */
  step(snapshot: SnapshotFrom<M>, event: EventFrom<M>): SnapshotFrom<M>
}

/** Events and state values are a handful of short words each, so the remembered steps stay a short list. */
const MAX_STEPS = 1_000

export function machineSteps<M extends AnyStateMachine>(machine: M): MachineSteps<M> {
  // The portal's machines take no input.
  const initial = (getInitialSnapshot as (machine: AnyStateMachine) => AnyMachineSnapshot)(machine)
  // A context or a history state would make the key incomplete: such a machine is refused where it is built, never
  // folded wrongly later.
  if (machine.config.context !== undefined || !emptyContext(initial)) throw new Error(`machine ${machine.id} keeps a context: its steps cannot be remembered`)
  if (hasHistory(machine.root)) throw new Error(`machine ${machine.id} has a history state: its steps cannot be remembered`)
  const steps = new Map<string, AnyMachineSnapshot>()
  return {
    initial: initial as SnapshotFrom<M>,
    step(snapshot, event) {
      const before = snapshot as AnyMachineSnapshot
      const key = `${JSON.stringify(before.value)}\u0000${JSON.stringify(event)}`
      const known = steps.get(key)
      if (known) return known as SnapshotFrom<M>
      const [next] = (transition as (machine: AnyStateMachine, snapshot: AnyMachineSnapshot, event: EventFrom<M>) => [AnyMachineSnapshot, unknown])(machine, before, event)
      if (!emptyContext(next)) throw new Error(`machine ${machine.id} wrote a context: its steps cannot be remembered`)
      if (steps.size < MAX_STEPS) steps.set(key, next)
      return next as SnapshotFrom<M>
    },
  }
}

interface StateNodeLike {
  type: string
  states: Record<string, StateNodeLike>
}

function hasHistory(node: StateNodeLike): boolean {
  return node.type === 'history' || Object.values(node.states).some(hasHistory)
}

/** XState gives a machine declared without a context an empty object. */
const emptyContext = (snapshot: AnyMachineSnapshot) => snapshot.context === undefined || Object.keys(snapshot.context as object).length === 0
