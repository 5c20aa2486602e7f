// The reference-data stream, as given events (and the entry's row) → when a command → then events or a refusal.
import { describe, expect, it } from 'vitest'
import { decideReference, type ReferenceCommand, type ReferenceFacts, referenceDecider } from '../src/admin/reference/reference-decide.ts'
import type { ReferenceEvent } from '../src/admin/reference/reference-events.ts'
import { fold } from '../src/workflow/handle-command.server.ts'

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
