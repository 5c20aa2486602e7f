// The reference-data stream, as given events (and the entry's row) → when a command → then events or a refusal.
import { describe, expect, it } from 'vitest'
import { decideReference, type ReferenceCommand, type ReferenceFacts, referenceDecider } from '../domain/src/admin/reference/reference-decide.ts'
import type { ReferenceEvent } from '../domain/src/admin/reference/reference-events.ts'
import { fold } from '../domain/src/workflow/handle-command.server.ts'

const NO_ROW: ReferenceFacts = { current: null, duplicate: false, missing: [] }
const added: ReferenceEvent = { type: 'ReferenceEntryAdded', data: { kind: 'unit', id: 9, values: { name: 'мг/л' } } }

/** Given these events and facts, when this command: the events recorded or the refusal. */
const when = (given: ReferenceEvent[], command: ReferenceCommand, facts: Partial<ReferenceFacts> = {}) => decideReference(fold(referenceDecider, given), command, { ...NO_ROW, ...facts })

describe('reference data stream', () => {
  it('adds an entry once', () => {
    expect(when([], { type: 'AddEntry', data: { kind: 'unit', id: 9, values: { name: 'мг/л' } } })).toEqual([added])
    expect(when([added], { type: 'AddEntry', data: { kind: 'unit', id: 9, values: { name: 'мг/л' } } }, { current: { name: 'мг/л' } })).toMatchObject({ reason: 'reference-not-found' })
  })

  it('records the old and the new value of a change, and nothing when nothing changed', () => {
    const change: ReferenceCommand = { type: 'ChangeEntry', data: { kind: 'unit', id: 9, values: { name: 'мг/дм³' } } }
    expect(when([added], change, { current: { name: 'мг/л' } })).toEqual([{ type: 'ReferenceEntryChanged', data: { kind: 'unit', id: 9, changes: [{ field: 'name', from: 'мг/л', to: 'мг/дм³' }] } }])
    expect(when([added], { ...change, data: { ...change.data, values: { name: 'мг/л' } } }, { current: { name: 'мг/л' } })).toEqual([])
  })

  it('refuses to change an entry that is not there', () => {
    expect(when([], { type: 'ChangeEntry', data: { kind: 'unit', id: 9, values: { name: 'г' } } })).toEqual({ reason: 'reference-not-found' })
  })

  it('refuses a duplicate of the unique fields, naming them', () => {
    expect(when([], { type: 'AddEntry', data: { kind: 'unit', id: 10, values: { name: 'мг/л' } } }, { duplicate: true })).toEqual({ reason: 'reference-duplicate', field: 'name', label: 'Обозначение' })
  })

  it('refuses a reference to an entry that does not exist', () => {
    const command: ReferenceCommand = { type: 'AddEntry', data: { kind: 'substance', id: 4, values: { name: 'Нефтепродукты', unit_id: 999, mpc: null, mpc_max: null } } }
    expect(when([], command, { missing: ['unit_id'] })).toEqual({ reason: 'reference-field', field: 'unit_id', label: 'Единица измерения', problem: 'not-found' })
  })
})

describe('retiring and deleting in the reference data stream', () => {
  const ROW: Partial<ReferenceFacts> = { current: { name: 'мг/л' } }
  const retire: ReferenceCommand = { type: 'RetireEntry', data: { kind: 'unit', id: 9 } }
  const restore: ReferenceCommand = { type: 'RestoreEntry', data: { kind: 'unit', id: 9 } }
  const remove: ReferenceCommand = { type: 'DeleteEntry', data: { kind: 'unit', id: 9 } }

  it('retires an entry in use once; retiring it again records nothing', () => {
    expect(when([added], retire, ROW)).toEqual([{ type: 'ReferenceEntryRetired', data: { kind: 'unit', id: 9 } }])
    expect(when([added, { type: 'ReferenceEntryRetired', data: { kind: 'unit', id: 9 } }], retire, { ...ROW, retired: true })).toEqual([])
  })

  it('restores only a retired entry', () => {
    expect(when([added], restore, ROW)).toEqual([])
    expect(when([added], restore, { ...ROW, retired: true })).toEqual([{ type: 'ReferenceEntryRestored', data: { kind: 'unit', id: 9 } }])
  })

  it('refuses to retire, restore or delete an entry that is not there', () => {
    for (const command of [retire, restore, remove]) expect(when([], command)).toEqual({ reason: 'reference-not-found' })
  })

  it('refuses deleting an entry in use, naming it; deletes one nothing uses, keeping its last values', () => {
    expect(when([added], remove, { ...ROW, used: true })).toEqual({ reason: 'reference-in-use', name: 'мг/л' })
    expect(when([added], remove, ROW)).toEqual([{ type: 'ReferenceEntryDeleted', data: { kind: 'unit', id: 9, values: { name: 'мг/л' } } }])
  })
})

describe('a substance\'s unit change in the reference data stream', () => {
  const current = { name: 'Свинец', unit_id: 3, mpc: 32, mpc_max: null }
  const change = (values: Record<string, string | number | null>): ReferenceCommand => ({ type: 'ChangeEntry', data: { kind: 'substance', id: 5, values: { ...current, ...values } } })
  const unit = (from: string, to: string, readings = 0, staged = 0) => ({ unit: { from, to, readings, staged } })

  it('converts a limit the form left as it was, and records the factor beside the changes', () => {
    expect(when([], change({ unit_id: 4 }), { current, ...unit('мг/кг', 'г/кг') })).toEqual([{
      type: 'ReferenceEntryChanged',
      data: { kind: 'substance', id: 5, changes: [{ field: 'unit_id', from: 3, to: 4 }, { field: 'mpc', from: 32, to: 0.032 }], conversion: { from: 'мг/кг', to: 'г/кг', factor: 0.001 } },
    }])
  })

  it('takes a limit the form changed as written in the new unit', () => {
    expect(when([], change({ unit_id: 4, mpc: 0.03 }), { current, ...unit('мг/кг', 'г/кг') })).toMatchObject([{ data: { changes: [{ field: 'unit_id' }, { field: 'mpc', from: 32, to: 0.03 }] } }])
  })

  it('converts readings public or staged in the old unit by the same factor, recording how many', () => {
    expect(when([], change({ unit_id: 4 }), { current, unit: { from: 'мг/кг', to: 'г/кг', readings: 3, staged: 2, largest: { value: 120, label: 'показание № 7' } } })).toEqual([{
      type: 'ReferenceEntryChanged',
      data: { kind: 'substance', id: 5, changes: [{ field: 'unit_id', from: 3, to: 4 }, { field: 'mpc', from: 32, to: 0.032 }], conversion: { from: 'мг/кг', to: 'г/кг', factor: 0.001, readings: 3, staged: 2 } },
    }])
  })

  it('refuses a unit of another family while readings hold the old unit, naming the units they convert to', () => {
    const bare = { ...current, mpc: null }
    expect(when([], { type: 'ChangeEntry', data: { kind: 'substance', id: 5, values: { ...bare, unit_id: 7 } } }, { current: bare, ...unit('мг/кг', 'Бк/кг', 3, 2) })).toEqual({
      reason: 'reference-unit-in-use', name: 'Свинец', unit: 'мг/кг', to: 'Бк/кг', readings: 3, staged: 2, convertsTo: ['мг/кг', 'г/кг'],
    })
  })

  it('refuses a conversion that would leave a reading beyond the plausible bound of the new unit, naming the reading and the value', () => {
    const air = { name: 'Оксид углерода', unit_id: 1, mpc: 3, mpc_max: 5 }
    const facts = { current: air, unit: { from: 'мкг/м³', to: 'мг/м³', readings: 1, staged: 0, largest: { value: 2e13, label: 'показание № 9' } } }
    expect(when([], { type: 'ChangeEntry', data: { kind: 'substance', id: 6, values: { ...air, unit_id: 2 } } }, facts)).toEqual({
      reason: 'reference-unit-not-convertible', name: 'Оксид углерода', value: 2e13, label: 'показание № 9', from: 'мкг/м³', to: 'мг/м³', max: 10_000,
    })
  })

  it('refuses a conversion whose result is not a finite number, naming the value', () => {
    const huge = { ...current, unit_id: 4, mpc: 1e306 }
    expect(when([], { type: 'ChangeEntry', data: { kind: 'substance', id: 5, values: { ...huge, unit_id: 3 } } }, { current: huge, ...unit('г/кг', 'мг/кг') })).toEqual({
      reason: 'reference-field', field: 'mpc', label: 'ПДК', problem: 'not-convertible', hint: 'значение 10³⁰⁶ г/кг в «мг/кг» не пересчитывается в конечное число',
    })
  })

  it('refuses a new name while readings are public or staged under the old one, and renames one that has none', () => {
    expect(when([], change({ name: 'Свинец валовый' }), { current, named: { readings: 4, staged: 0 } })).toEqual({ reason: 'reference-name-in-use', name: 'Свинец', readings: 4, staged: 0 })
    expect(when([], change({ name: 'Свинец валовый' }), { current, named: { readings: 0, staged: 0 } })).toMatchObject([{ data: { changes: [{ field: 'name', from: 'Свинец', to: 'Свинец валовый' }] } }])
  })

  it('lets a substance with no limit move to a unit of another family', () => {
    const bare = { ...current, mpc: null }
    expect(when([], { type: 'ChangeEntry', data: { kind: 'substance', id: 5, values: { ...bare, unit_id: 7 } } }, { current: bare, ...unit('мг/кг', 'Бк/кг') })).toEqual([
      { type: 'ReferenceEntryChanged', data: { kind: 'substance', id: 5, changes: [{ field: 'unit_id', from: 3, to: 7 }] } },
    ])
  })
})
