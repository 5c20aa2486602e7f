// The rules of the admin stream, pure: adding an entry, changing one, retiring it from use and restoring it, deleting
// one nothing refers to. Retiring or restoring twice records nothing the second time (decision 2686). An entry that was in its table before the log
// knew it (the migration's lists, the demo data) has an empty stream; its current row is a fact, and its first
// change records the old values beside the new ones.
import type { Decider } from '../../workflow/decider.ts'
import type { Decision } from '../../workflow/refusal.ts'
import type { ReferenceChange, ReferenceEvent, UnitConversion } from './reference-events.ts'
import { convertible, convertUnit, unitsConvertibleTo } from '../../catalogue/registry/unit-conversions.ts'
import { implausibleBound } from '../../catalogue/registry/plausible-values.ts'
import { formatNumber } from '../../text/russian-format.ts'
import { entryOf } from '../../workflow/event-table.ts'
import { REFERENCE_EVENTS } from './reference-event-table.ts'
import { REFERENCE_KINDS, type ReferenceKind, type ReferenceValues } from './reference-kinds.ts'
import type { ReferenceState } from './reference-state.ts'

export type ReferenceCommand =
  | { type: 'AddEntry'; data: { kind: ReferenceKind; id: number; values: ReferenceValues } }
  | { type: 'ChangeEntry'; data: { kind: ReferenceKind; id: number; values: ReferenceValues } }
  | { type: 'RetireEntry'; data: { kind: ReferenceKind; id: number } }
  | { type: 'RestoreEntry'; data: { kind: ReferenceKind; id: number } }
  | { type: 'DeleteEntry'; data: { kind: ReferenceKind; id: number } }

export interface ReferenceFacts {
  /** The entry's row now (null: there is none). */
  current: ReferenceValues | null
  /** Another entry already has the new values of the kind's unique fields. */
  duplicate: boolean
  /** Fields naming another table's entry that does not exist. */
  missing: string[]
  /** The entry's row is marked retired from use. */
  retired?: boolean
  /** Readings or other records refer to the entry (asked only for a deletion). */
  used?: boolean
  /**
   * A substance's unit the change replaces (asked only when `unit_id` changes): both units' names, how many readings
   * are public, and staged by a checked file and not yet public, in the old one, and the largest of their values
   * (with the words naming it), which the conversion must keep a plausible number.
   */
  unit?: { from: string; to: string; readings: number; staged: number; largest?: { value: number; label: string } | null }
  /** A substance's readings under its old name, public or staged (asked only when its `name` changes). */
  named?: { readings: number; staged: number }
}

const LIMITS = ['mpc', 'mpc_max'] as const

type UnitRefusal =
  | { reason: 'reference-unit-in-use'; name: string; unit: string; to: string; readings: number; staged: number; convertsTo: readonly string[] }
  | { reason: 'reference-unit-not-convertible'; name: string; value: number; label: string; from: string; to: string; max: number | null }

/**
 * A substance's new unit (decisions 3411, 3416). Within its unit family the change converts: its limits, where the
 * form left them as they were (a limit the form changed is taken as written, in the new unit), and its readings,
 * public and staged, by the same power of ten, recorded in the event beside the factor. Refused, naming the value,
 * when a limit or the largest reading would not be a finite, plausible number in the new unit; refused with a 409
 * into another family while readings hold the old unit (nothing converts them), and with a 400 while a limit does.
 */
function changeOfUnit(unit: NonNullable<ReferenceFacts['unit']>, current: ReferenceValues, values: ReferenceValues): UnitRefusal | ReturnType<typeof fieldProblem> | UnitConversion | null {
  const inUse = unit.readings > 0 || unit.staged > 0
  const kept = LIMITS.filter((f) => current[f] !== null && current[f] !== undefined && same(values[f], current[f]))
  if (!convertible(unit.from, unit.to)) {
    if (inUse) return { reason: 'reference-unit-in-use', name: String(current.name), unit: unit.from, to: unit.to, readings: unit.readings, staged: unit.staged, convertsTo: unitsConvertibleTo(unit.from) }
    if (kept.length === 0) return null
    const limit = `${formatNumber(Number(current[kept[0]]))} ${unit.from}`
    return fieldProblem('unit_id', 'Единица измерения', 'unit-family', `«${unit.to}» не пересчитывается из «${unit.from}»: ПДК ${limit} в ней не выразить; допустимы ${unitsConvertibleTo(unit.from).join(', ')} — или сначала измените ПДК`)
  }
  for (const field of kept) {
    const converted = convertUnit(Number(current[field]), unit.from, unit.to)
    if (converted === null || !Number.isFinite(converted)) {
      return fieldProblem(field, field === 'mpc' ? 'ПДК' : 'ПДК максимальная разовая', 'not-convertible', `значение ${formatNumber(Number(current[field]))} ${unit.from} в «${unit.to}» не пересчитывается в конечное число`)
    }
    values[field] = converted
  }
  if (unit.largest) {
    const converted = convertUnit(unit.largest.value, unit.from, unit.to)!
    const bound = Number.isFinite(converted) ? implausibleBound(Math.abs(converted), unit.to, String(current.name)) : null
    if (!Number.isFinite(converted) || bound) {
      return { reason: 'reference-unit-not-convertible', name: String(current.name), value: unit.largest.value, label: unit.largest.label, from: unit.from, to: unit.to, max: bound?.max ?? null }
    }
  }
  const factor = convertUnit(1, unit.from, unit.to)!
  return { from: unit.from, to: unit.to, factor, ...(inUse ? { readings: unit.readings, staged: unit.staged } : {}) }
}

const fieldProblem = (field: string, label: string, problem: 'unit-family' | 'not-convertible', hint: string) => ({ reason: 'reference-field' as const, field, label, problem, hint })

const same = (a: unknown, b: unknown) => (a ?? null) === (b ?? null)

export function decideReference(state: ReferenceState, command: ReferenceCommand, facts: ReferenceFacts): Decision<ReferenceEvent> {
  const def = REFERENCE_KINDS[command.data.kind]
  const { kind, id } = command.data
  const labelOf = (name: string) => def.fields.find((f) => f.name === name)?.label ?? name
  if (command.type !== 'AddEntry' && !facts.current) return { reason: 'reference-not-found' }
  if (command.type === 'AddEntry' && (facts.current || state.values || state.deleted)) return { reason: 'reference-not-found' }
  // Retiring what is retired (or restoring what is in use) records nothing: two administrators at once both succeed.
  if (command.type === 'RetireEntry') return facts.retired ? [] : [{ type: 'ReferenceEntryRetired', data: { kind, id } }]
  if (command.type === 'RestoreEntry') return facts.retired ? [{ type: 'ReferenceEntryRestored', data: { kind, id } }] : []
  if (command.type === 'DeleteEntry') {
    if (facts.used) return { reason: 'reference-in-use', name: String(facts.current!.name ?? facts.current!.code ?? id) }
    return [{ type: 'ReferenceEntryDeleted', data: { kind, id, values: facts.current! } }]
  }
  // Fixed fields keep their value: whatever the form sends for them is not a change.
  const values: ReferenceValues = { ...command.data.values }
  for (const field of def.fields) if (field.type === 'text' && field.fixed && facts.current) values[field.name] = facts.current[field.name]
  if (facts.missing.length > 0) return { reason: 'reference-field', field: facts.missing[0], label: labelOf(facts.missing[0]), problem: 'not-found' }
  const uniqueChanged = !facts.current || def.unique.some((name) => !same(values[name], facts.current![name]))
  if (facts.duplicate && uniqueChanged && def.unique.length > 0) return { reason: 'reference-duplicate', field: def.unique[0], label: def.unique.map(labelOf).join(', ') }
  if (command.type === 'AddEntry') return [{ type: 'ReferenceEntryAdded', data: { kind, id, values } }]
  // Readings keep their substance's name as their key's part (decision 3413): a new name would split them in two.
  if (kind === 'substance' && facts.named && (facts.named.readings > 0 || facts.named.staged > 0) && !same(values.name, facts.current!.name)) {
    return { reason: 'reference-name-in-use', name: String(facts.current!.name), readings: facts.named.readings, staged: facts.named.staged }
  }
  let conversion: UnitConversion | undefined
  if (kind === 'substance' && facts.unit && facts.unit.from !== facts.unit.to) {
    const outcome = changeOfUnit(facts.unit, facts.current!, values)
    if (outcome && 'reason' in outcome) return outcome
    if (outcome) conversion = outcome
  }
  const changes: ReferenceChange[] = def.fields
    .filter((field) => !same(values[field.name], facts.current![field.name]))
    .map((field) => ({ field: field.name, from: facts.current![field.name] ?? null, to: values[field.name] ?? null }))
  // Saving what is already there records nothing.
  if (changes.length === 0) return []
  return [{ type: 'ReferenceEntryChanged', data: { kind, id, changes, ...(conversion ? { conversion } : {}) } }]
}

export function evolveReference(state: ReferenceState, event: ReferenceEvent): ReferenceState {
  return entryOf<ReferenceEvent, ReferenceState>(REFERENCE_EVENTS, event.type).evolve(state, event)
}

export const referenceDecider: Decider<ReferenceState, ReferenceCommand, ReferenceEvent, ReferenceFacts> = {
  table: REFERENCE_EVENTS,
  initialState: () => ({ values: null }),
  evolve: evolveReference,
  decide: decideReference,
}
