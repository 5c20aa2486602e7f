// A reference entry's field as of a moment, from its stream's events: the value the entry has now, taken back through
// every change recorded after the moment (each change keeps the value it replaced). Entries the demo data or a
// migration wrote have no event that added them, so the fold runs backwards from today's row, not forwards from nothing.
import type { ReferenceChange } from './reference-events.ts'

type Value = ReferenceChange['from']

export interface RecordedChange {
  at: Date
  changes: ReferenceChange[]
}

/** The field's value at the moment: `now` undone by the changes after it, newest first. `changes` in log order. */
export function fieldAsOf(now: Value, changes: RecordedChange[], field: string, moment: Date): Value {
  let value = now
  for (let i = changes.length - 1; i >= 0 && changes[i].at > moment; i -= 1) {
    const change = changes[i].changes.find((c) => c.field === field)
    if (change) value = change.from
  }
  return value
}

/** The times the field changed, with the value before and after, in log order. */
export function fieldChanges(changes: RecordedChange[], field: string): Array<{ at: Date; from: Value; to: Value }> {
  return changes.flatMap((c) => c.changes.filter((change) => change.field === field).map((change) => ({ at: c.at, from: change.from, to: change.to })))
}

/** A substance's ПДК today and each change of it the log recorded. */
export interface SubstanceLimit {
  name: string
  mpc: number | null
  changes: Array<{ at: Date; from: Value; to: Value }>
}

/** The ПДК that applied at the moment: today's, undone by the changes after it. */
export function limitOn(limit: SubstanceLimit, moment: Date): number | null {
  let value: Value = limit.mpc
  for (let i = limit.changes.length - 1; i >= 0 && limit.changes[i].at > moment; i -= 1) value = limit.changes[i].from
  return typeof value === 'number' ? value : value === null ? null : Number(value)
}
