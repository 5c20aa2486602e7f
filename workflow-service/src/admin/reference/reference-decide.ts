// The rules of the admin stream, pure: adding an entry, changing one. An entry that was in its table before the log
// knew it (the migration's lists, the demo data) has an empty stream; its current row is a fact, and its first
// change records the old values beside the new ones.
import type { Decider } from '../../workflow/decider.ts'
import type { Decision } from '../../workflow/refusal.ts'
import type { ReferenceChange, ReferenceEvent } from './reference-events.ts'
import { entryOf } from '../../workflow/event-table.ts'
import { REFERENCE_EVENT_TYPES, REFERENCE_EVENTS } from './reference-event-table.ts'
import { REFERENCE_KINDS, type ReferenceKind, type ReferenceValues } from './reference-kinds.ts'

export interface ReferenceState {
  /** The values the stream's own events give (null before its first event). */
  values: ReferenceValues | null
}

export type ReferenceCommand =
  | { type: 'AddEntry'; data: { kind: ReferenceKind; id: number; values: ReferenceValues } }
  | { type: 'ChangeEntry'; data: { kind: ReferenceKind; id: number; values: ReferenceValues } }

export interface ReferenceFacts {
  /** The entry's row now (null: there is none). */
  current: ReferenceValues | null
  /** Another entry already has the new values of the kind's unique fields. */
  duplicate: boolean
  /** Fields naming another table's entry that does not exist. */
  missing: string[]
}

const same = (a: unknown, b: unknown) => (a ?? null) === (b ?? null)

export function decideReference(state: ReferenceState, command: ReferenceCommand, facts: ReferenceFacts): Decision<ReferenceEvent> {
  const def = REFERENCE_KINDS[command.data.kind]
  const { kind, id } = command.data
  const labelOf = (name: string) => def.fields.find((f) => f.name === name)?.label ?? name
  if (command.type === 'ChangeEntry' && !facts.current) return { reason: 'reference-not-found' }
  if (command.type === 'AddEntry' && (facts.current || state.values)) return { reason: 'reference-not-found' }
  // Fixed fields keep their value: whatever the form sends for them is not a change.
  const values: ReferenceValues = { ...command.data.values }
  for (const field of def.fields) if (field.type === 'text' && field.fixed && facts.current) values[field.name] = facts.current[field.name]
  if (facts.missing.length > 0) return { reason: 'reference-field', field: facts.missing[0], label: labelOf(facts.missing[0]), problem: 'not-found' }
  const uniqueChanged = !facts.current || def.unique.some((name) => !same(values[name], facts.current![name]))
  if (facts.duplicate && uniqueChanged && def.unique.length > 0) return { reason: 'reference-duplicate', field: def.unique[0], label: def.unique.map(labelOf).join(', ') }
  if (command.type === 'AddEntry') return [{ type: 'ReferenceEntryAdded', data: { kind, id, values } }]
  const changes: ReferenceChange[] = def.fields
    .filter((field) => !same(values[field.name], facts.current![field.name]))
    .map((field) => ({ field: field.name, from: facts.current![field.name] ?? null, to: values[field.name] ?? null }))
  // Saving what is already there records nothing.
  return changes.length === 0 ? [] : [{ type: 'ReferenceEntryChanged', data: { kind, id, changes } }]
}

export function evolveReference(state: ReferenceState, event: ReferenceEvent): ReferenceState {
  return entryOf<ReferenceEvent, ReferenceState>(REFERENCE_EVENTS, event.type).evolve(state, event)
}

export const referenceDecider: Decider<ReferenceState, ReferenceCommand, ReferenceEvent, ReferenceFacts> = {
  eventTypes: REFERENCE_EVENT_TYPES,
  initialState: () => ({ values: null }),
  evolve: evolveReference,
  decide: decideReference,
}
