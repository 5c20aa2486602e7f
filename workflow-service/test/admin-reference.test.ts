// The administrators' reference data: every change is an event of the entry's stream, its projection updates the
// table, the history shows it; only an Administrator may change anything, and bad input is refused in Russian.
import { beforeAll, describe, expect, it } from 'vitest'
import { addReferenceEntry, changeReferenceEntry } from '../src/admin/reference/reference-commands.server.ts'
import { referencePage } from '../src/admin/reference/reference-queries.server.ts'
import type { CurrentUser } from '../src/auth/permissions.ts'
import { refusalAnswer } from '../src/http/refusal-answers.ts'
import type { CommandContext } from '../src/workflow/command-context.server.ts'
import { CommandRefused } from '../src/workflow/refusal.ts'
import { verifyProjections } from '../src/workflow/replay/replay.server.ts'
import { useTestApp } from './support/test-app.ts'

const t = useTestApp()
const actors: Record<'admin' | 'department' | 'holder1', CurrentUser> = {} as never

beforeAll(async () => {
  for (const username of ['admin', 'department', 'holder1'] as const) {
    const user = await t.database.db.selectFrom('users').select(['id', 'username', 'groups', 'company_id']).where('username', '=', username).executeTakeFirstOrThrow()
    actors[username] = { id: user.id, username: user.username, groups: user.groups as CurrentUser['groups'], companyId: user.company_id }
  }
})

function as(actor: CurrentUser): CommandContext {
  return { db: t.database.db, queue: t.queue, storageDir: t.app.config.storageDir, actor, requestId: 'admin-test', clientAddress: '10.1.2.3', now: new Date() }
}

/** The refusal a call ends with, answered as the edge answers it. */
async function refusalOf(call: Promise<unknown>) {
  try {
    await call
  } catch (error) {
    if (error instanceof CommandRefused) return refusalAnswer(error.refusal)
    throw error
  }
  throw new Error('the call was not refused')
}

const eventCount = async () => Number((await t.database.db.selectFrom('events').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n)

describe('reference data administration', () => {
  it('adds a unit as an event of its own stream, writes the table and shows it in the history with who and from where', async () => {
    const { id } = await addReferenceEntry(as(actors.admin), { kind: 'unit', values: { name: 'мкЗв/ч' } })
    const row = await t.database.db.selectFrom('units').selectAll().where('id', '=', id).executeTakeFirstOrThrow()
    expect(row.name).toBe('мкЗв/ч')
    const events = await t.database.db.selectFrom('events').select(['type', 'data', 'metadata']).where('stream_id', '=', `reference-unit-${id}`).execute()
    expect(events).toHaveLength(1)
    expect(events[0]).toMatchObject({ type: 'ReferenceEntryAdded', data: { kind: 'unit', id, values: { name: 'мкЗв/ч' } }, metadata: { username: 'admin' } })
    const page = await referencePage(as(actors.admin), { kind: 'unit' })
    expect(page.entries.map((e) => e.values.name)).toContain('мкЗв/ч')
    expect(page.history[0]).toMatchObject({ id, username: 'admin', clientAddress: '10.1.2.3', added: { name: 'мкЗв/ч' }, entryName: 'мкЗв/ч' })
  })

  it('changes a substance limit recorded before the log knew it, keeping the old value in the event; the same values again record nothing', async () => {
    const substance = await t.database.db.selectFrom('substances').innerJoin('units', 'units.id', 'substances.unit_id').select(['substances.id', 'substances.unit_id', 'substances.mpc'])
      .where('substances.name', '=', 'Нефтепродукты').where('units.name', '=', 'мг/дм³').executeTakeFirstOrThrow()
    expect(Number(substance.mpc)).toBe(0.05)
    const values = { name: 'Нефтепродукты', unit_id: String(substance.unit_id), mpc: '0,1', mpc_max: '' }
    expect(await changeReferenceEntry(as(actors.admin), { kind: 'substance', id: substance.id, values })).toEqual({ changed: true })
    const row = await t.database.db.selectFrom('substances').select('mpc').where('id', '=', substance.id).executeTakeFirstOrThrow()
    expect(Number(row.mpc)).toBe(0.1)
    const before = await eventCount()
    expect(await changeReferenceEntry(as(actors.admin), { kind: 'substance', id: substance.id, values })).toEqual({ changed: false })
    expect(await eventCount()).toBe(before)
    const page = await referencePage(as(actors.admin), { kind: 'substance' })
    expect(page.history[0]).toMatchObject({ id: substance.id, entryName: 'Нефтепродукты', changes: [{ field: 'mpc', from: 0.05, to: 0.1 }] })
    expect(page.options.unit_id.map((u) => u.name)).toContain('мг/дм³')
  })

  it('refuses a Department user and a license holder on the server, for changes and for the screen, and writes nothing', async () => {
    const before = await eventCount()
    const unit = await t.database.db.selectFrom('units').select('id').orderBy('id').executeTakeFirstOrThrow()
    for (const actor of [actors.department, actors.holder1]) {
      expect(await refusalOf(addReferenceEntry(as(actor), { kind: 'unit', values: { name: 'г/т' } }))).toMatchObject({ status: 403 })
      expect(await refusalOf(changeReferenceEntry(as(actor), { kind: 'unit', id: unit.id, values: { name: 'взлом' } }))).toMatchObject({ status: 403 })
      expect(await refusalOf(referencePage(as(actor), { kind: 'unit' }))).toMatchObject({ status: 403 })
    }
    expect(await refusalOf(addReferenceEntry({ ...as(actors.admin), actor: null }, { kind: 'unit', values: { name: 'г/т' } }))).toMatchObject({ status: 403 })
    expect(await eventCount()).toBe(before)
    expect(await t.database.db.selectFrom('units').select('id').where('name', 'in', ['г/т', 'взлом']).execute()).toEqual([])
  })

  it('answers bad input in Russian naming the field: empty, not a number, wrong format, not in the list, too long', async () => {
    const admin = as(actors.admin)
    expect(await refusalOf(addReferenceEntry(admin, { kind: 'unit', values: { name: '  ' } }))).toEqual({ status: 400, parameter: 'name', detail: 'Обозначение: обязательное поле' })
    expect(await refusalOf(addReferenceEntry(admin, { kind: 'substance', values: { name: 'Ртуть', unit_id: '1', mpc: 'много' } }))).toMatchObject({ status: 400, parameter: 'mpc', detail: 'ПДК: введите неотрицательное число, например 0,05' })
    expect(await refusalOf(addReferenceEntry(admin, { kind: 'substance', values: { name: 'Ртуть', unit_id: '999999' } }))).toMatchObject({ status: 400, parameter: 'unit_id', detail: 'Единица измерения: такой записи нет: выберите значение из списка' })
    expect(await refusalOf(addReferenceEntry(admin, { kind: 'company', values: { name: 'ООО «Тест»', kind: 'lem', inn: '12345' } }))).toMatchObject({ status: 400, parameter: 'inn', detail: 'ИНН: 10 или 12 цифр' })
    expect(await refusalOf(addReferenceEntry(admin, { kind: 'company', values: { name: 'ООО «Тест»', kind: 'mining' } }))).toMatchObject({ status: 400, parameter: 'kind', detail: 'Вид: выберите значение из списка' })
    expect(await refusalOf(addReferenceEntry(admin, { kind: 'area', values: { name: 'Участок', kind: 'licence_area', company_id: 'ООО Ромашка' } }))).toMatchObject({ status: 400, parameter: 'company_id' })
    expect(await refusalOf(addReferenceEntry(admin, { kind: 'point-kind', values: { code: 'Воздух', name: 'Воздух' } }))).toMatchObject({ status: 400, parameter: 'code' })
    expect(await refusalOf(addReferenceEntry(admin, { kind: 'unit', values: { name: 'м'.repeat(51) } }))).toMatchObject({ status: 400, parameter: 'name', detail: 'Обозначение: не длиннее 50 символов' })
  })

  it('refuses a second entry with the same unique values and a change of an entry that does not exist', async () => {
    const admin = as(actors.admin)
    expect(await refusalOf(addReferenceEntry(admin, { kind: 'unit', values: { name: 'мг/кг' } }))).toMatchObject({ status: 409, parameter: 'name' })
    expect(await refusalOf(changeReferenceEntry(admin, { kind: 'unit', id: 987654, values: { name: 'кг' } }))).toMatchObject({ status: 404, detail: 'Запись справочника не найдена.' })
  })

  it('keeps a kind of point\'s code once set, while its name changes', async () => {
    const admin = as(actors.admin)
    const kind = await t.database.db.selectFrom('point_kinds').selectAll().where('code', '=', 'soils').executeTakeFirstOrThrow()
    await changeReferenceEntry(admin, { kind: 'point-kind', id: kind.id, values: { code: 'renamed_soils', name: 'Почвы (пробы)' } })
    expect(await t.database.db.selectFrom('point_kinds').select(['code', 'name']).where('id', '=', kind.id).executeTakeFirstOrThrow()).toEqual({ code: 'soils', name: 'Почвы (пробы)' })
  })

  it('adds a company picked later from the list of an area, and both have their history; the workflow read models still replay', async () => {
    const admin = as(actors.admin)
    const { id: companyId } = await addReferenceEntry(admin, { kind: 'company', values: { name: 'ООО «Северный тест»', kind: 'lem', inn: '8901234567', license_holder: 'on' } })
    const company = await t.database.db.selectFrom('companies').selectAll().where('id', '=', companyId).executeTakeFirstOrThrow()
    expect(company).toMatchObject({ name: 'ООО «Северный тест»', kind: 'lem', inn: '8901234567', license_holder: true, ogrn: null })
    const { id: areaId } = await addReferenceEntry(admin, { kind: 'area', values: { name: 'Тестовый ЛУ', kind: 'licence_area', company_id: String(companyId) } })
    expect((await t.database.db.selectFrom('areas').select('company_id').where('id', '=', areaId).executeTakeFirstOrThrow()).company_id).toBe(companyId)
    const areaPage = await referencePage(admin, { kind: 'area' })
    expect(areaPage.options.company_id.some((c) => c.id === companyId)).toBe(true)
    expect(areaPage.history[0]).toMatchObject({ id: areaId, added: { company_id: companyId } })
    const report = await verifyProjections(t.database.db)
    expect(report.differences).toEqual([])
    expect(report.chain.broken).toBeNull()
  })
})
