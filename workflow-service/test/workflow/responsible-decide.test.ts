// The responsible-person stream, as given events → when a command → then events or a refusal.
import { describe, expect, it } from 'vitest'
import { refusalAnswer } from '../../domain/src/vocabulary/refusal-answers.ts'
import { isRefusal } from '../../domain/src/workflow/refusal.ts'
import { decideResponsible, foldResponsible, type ResponsibleCommand } from '../../domain/src/workflow/responsibles/responsible-decide.ts'
import type { ResponsibleEvent, ResponsibleSaved } from '../../domain/src/workflow/responsibles/responsible-events.ts'

const details = { fullname: 'Иванов Иван Иванович', position: 'Эколог', email: 'ivanov@example.ru', phone: '+7 (3492) 12-34-56', labsName: 'Лаборатория', labsContacts: 'lab@example.ru' }
const data: ResponsibleSaved['data'] = { responsibleId: 5, scope: 'area', areaId: 3, companyId: 1, year: 2025, ...details }
const saved: ResponsibleEvent = { type: 'ResponsibleSaved', data }

/** Given these events, when this command: the events recorded or the refusal. */
const when = (given: ResponsibleEvent[], command: ResponsibleCommand) => decideResponsible(foldResponsible(given), command)
const reasonOf = (decision: ReturnType<typeof when>) => (isRefusal(decision) ? decision.reason : null)

const create: ResponsibleCommand = { type: 'CreateResponsible', data }
const edit = (changes: Partial<Extract<ResponsibleCommand, { type: 'EditResponsible' }>['data']> = {}): ResponsibleCommand => ({
  type: 'EditResponsible',
  data: { fullname: details.fullname, position: details.position, email: details.email, phone: details.phone, ...changes },
})

describe('responsible person stream', () => {
  it('names the responsible person of an area and year once', () => {
    expect(when([], create)).toEqual([saved])
    expect(reasonOf(when([saved], create))).toBe('responsible-exists')
  })

  it('stores the details trimmed, with empty laboratory fields as none', () => {
    const result = when([], { type: 'CreateResponsible', data: { ...data, fullname: '  Петров П. П. ', labsName: '  ', labsContacts: null } })
    expect(result).toEqual([{ type: 'ResponsibleSaved', data: { ...data, fullname: 'Петров П. П.', labsName: null, labsContacts: null } }])
  })

  it('refuses a blank required field, naming it', () => {
    const result = when([], { type: 'CreateResponsible', data: { ...data, position: '   ' } })
    expect(result).toEqual({ reason: 'responsible-field', field: 'position', problem: 'required' })
    expect(isRefusal(result) && refusalAnswer(result)).toMatchObject({ status: 400, parameter: 'position' })
  })

  it('refuses an address that is not an e-mail address, on a create and on an edit alike', () => {
    expect(when([], { type: 'CreateResponsible', data: { ...data, email: 'ivanov@example' } })).toMatchObject({ reason: 'responsible-field', field: 'email', problem: 'email' })
    expect(when([saved], edit({ email: 'ivanov at example.ru' }))).toMatchObject({ reason: 'responsible-field', field: 'email', problem: 'email' })
  })

  it('refuses a telephone with letters in it', () => {
    expect(when([], { type: 'CreateResponsible', data: { ...data, phone: 'позвонить вечером' } })).toMatchObject({ field: 'phone', problem: 'phone' })
  })

  it('edits the details of the person on record and keeps a laboratory the form left out', () => {
    const result = when([saved], edit({ fullname: 'Сидоров С. С.' }))
    expect(result).toEqual([{ type: 'ResponsibleSaved', data: { ...data, fullname: 'Сидоров С. С.' } }])
  })

  it('refuses to edit a person who was never named', () => {
    expect(reasonOf(when([], edit()))).toBe('responsible-not-found')
  })

  it('never moves a responsible person to another area or year', () => {
    expect(when([saved], edit({ targetId: 4 }))).toEqual({ reason: 'responsible-target-changed', parameter: 'area' })
    expect(reasonOf(when([saved], edit({ year: 2026 })))).toBe('responsible-year-changed')
    expect(when([saved], edit({ targetId: 3, year: 2025 }))).toHaveLength(1)
  })

  it('folds to the last details saved and counts the version', () => {
    const again: ResponsibleEvent = { type: 'ResponsibleSaved', data: { ...data, phone: '112' } }
    expect(foldResponsible([saved, again])).toEqual({ saved: again.data, version: 2 })
  })
})
