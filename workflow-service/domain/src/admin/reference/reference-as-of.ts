// A reference entry's field as of a moment, from its stream's events: the value the entry has now, taken back through
// every change recorded after the moment (each change keeps the value it replaced). Entries the demo data or a
// migration wrote have no event that added them, so the fold runs backwards from today's row, not forwards from nothing.
import type { ReferenceChange } from './reference-events.ts'

type Value = ReferenceChange['from']

export interface RecordedChange {
  at: Date
  changes: ReferenceChange[]
  /** The factor a unit change multiplied the entry's limits by (absent: the unit stayed). */
  factor?: number
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

/**
 * A limit's value at the moment in the entry's unit of today: `fieldAsOf`, times the factor of every unit change from
 * the one that set that value on (a limit recorded in мг/м³ before NO2 moved to мкг/м³ reads 1000 times larger).
 */
export function limitAsOf(now: number | null, changes: readonly RecordedChange[], field: string, moment: Date): number | null {
  let value: Value = now
  let factor = 1
  let valueFactor = 1
  for (let i = changes.length - 1; i >= 0 && changes[i].at > moment; i -= 1) {
    factor *= changes[i].factor ?? 1
    const change = changes[i].changes.find((c) => c.field === field)
    if (change) {
      value = change.from
      valueFactor = factor
    }
  }
  if (value === null || value === undefined || value === '') return null
  const result = Number(value) * valueFactor
  return Number.isFinite(result) ? Number(result.toPrecision(15)) : null
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
