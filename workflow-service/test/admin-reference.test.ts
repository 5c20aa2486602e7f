// The administrators' reference data: every change is an event of the entry's stream, its projection updates the
// table, the history shows it; only an Administrator may change anything, and bad input is refused in Russian.
import { beforeAll, describe, expect, it } from 'vitest'
import { addReferenceEntry, changeReferenceEntry, deleteReferenceEntry, retireReferenceEntry } from '../domain/src/admin/reference/reference-commands.server.ts'
import { isRequired, REFERENCE_KIND_LIST } from '../domain/src/admin/reference/reference-kinds.ts'
import { referencePage } from '../domain/src/admin/reference/reference-queries.server.ts'
import type { CurrentUser } from '../domain/src/auth/permissions.ts'
import type { CommandContext } from '../domain/src/workflow/command-context.server.ts'
import { Refused } from '../domain/src/workflow/refusal.ts'
import { verifyProjections } from '../domain/src/all-streams/replay/replay.server.ts'
import { portalUseCases } from '../domain/src/use-cases/portal-use-cases.server.ts'
import { useTestApp } from '../../test-support/test-app.ts'
import { writeNotices } from '../domain/src/notifications/notice-writer.server.ts'
import { refusalOf } from '../../test-support/refusal-of.ts'
import { formatNumber } from '../domain/src/text/russian-format.ts'

const t = useTestApp()
const actors: Record<'admin' | 'department' | 'holder1', CurrentUser> = {} as never

beforeAll(async () => {
  for (const username of ['admin', 'department', 'holder1'] as const) {
    const user = await t.database.db.selectFrom('users').select(['id', 'username', 'groups', 'company_id']).where('username', '=', username).executeTakeFirstOrThrow()
    actors[username] = { id: user.id, username: user.username, groups: user.groups as CurrentUser['groups'], companyId: user.company_id }
  }
})

function as(actor: CurrentUser): CommandContext {
  return { db: t.database.db, queue: t.queue, storageDir: t.app.config.storageDir, actor, requestId: 'admin-test', clientAddress: '10.1.2.3', now: new Date(), notices: writeNotices }
}


/** The answer of a call that was not refused. */
async function accepted<T>(call: Promise<T | Refused>): Promise<T> {
  const answer = await call
  if (answer instanceof Refused) throw new Error(`refused: ${JSON.stringify(answer.refusal)}`)
  return answer
}

const eventCount = async () => Number((await t.database.db.selectFrom('events').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n)

describe('reference data administration', () => {
  it('adds a unit as an event of its own stream, writes the table and shows it in the history with who and from where', async () => {
    const { id } = await accepted(addReferenceEntry(as(actors.admin), { kind: 'unit', values: { name: 'мкЗв/ч' } }))
    const row = await t.database.db.selectFrom('units').selectAll().where('id', '=', id).executeTakeFirstOrThrow()
    expect(row.name).toBe('мкЗв/ч')
    const events = await t.database.db.selectFrom('events').select(['type', 'data', 'metadata']).where('stream_id', '=', `reference-unit-${id}`).execute()
    expect(events).toHaveLength(1)
    expect(events[0]).toMatchObject({ type: 'ReferenceEntryAdded', data: { kind: 'unit', id, values: { name: 'мкЗв/ч' } }, metadata: { username: 'admin' } })
    const page = await referencePage(as(actors.admin), { kind: 'unit' })
    expect(page.entries.map((e) => e.values.name)).toContain('мкЗв/ч')
    expect(page.history[0]).toMatchObject({ id, username: 'admin', clientAddress: '10.1.2.3', added: { name: 'мкЗв/ч' }, entryName: 'мкЗв/ч' })
    // Who did it, as a person: the account's full name and the group it acted in, not the login (issue 26).
    const admin = await t.database.db.selectFrom('users').select('full_name').where('username', '=', 'admin').executeTakeFirstOrThrow()
    expect(page.history[0]).toMatchObject({ person: admin.full_name, role: 'Администратор' })
  })

  it('changes a substance limit recorded before the log knew it, keeping the old value in the event; the same values again record nothing', async () => {
    const substance = await t.database.db.selectFrom('substances').innerJoin('units', 'units.id', 'substances.unit_id').select(['substances.id', 'substances.unit_id', 'substances.mpc', 'substances.source'])
      .where('substances.name', '=', 'Нефтепродукты').where('units.name', '=', 'мг/дм³').executeTakeFirstOrThrow()
    expect(Number(substance.mpc)).toBe(0.1)
    const values = { name: 'Нефтепродукты', unit_id: String(substance.unit_id), mpc: '0,3', mpc_max: '', source: substance.source ?? '' }
    expect(await changeReferenceEntry(as(actors.admin), { kind: 'substance', id: substance.id, values })).toEqual({ changed: true, values: { name: 'Нефтепродукты', unit_id: substance.unit_id, mpc: 0.3, mpc_max: null, source: substance.source } })
    const row = await t.database.db.selectFrom('substances').select('mpc').where('id', '=', substance.id).executeTakeFirstOrThrow()
    expect(Number(row.mpc)).toBe(0.3)
    const before = await eventCount()
    expect(await changeReferenceEntry(as(actors.admin), { kind: 'substance', id: substance.id, values })).toMatchObject({ changed: false })
    expect(await eventCount()).toBe(before)
    const page = await referencePage(as(actors.admin), { kind: 'substance' })
    expect(page.history[0]).toMatchObject({ id: substance.id, entryName: 'Нефтепродукты', changes: [{ field: 'mpc', from: 0.1, to: 0.3 }] })
    expect(page.options.unit_id.map((u) => u.name)).toContain('мг/дм³')
  })

  it('converts a substance\'s limits and its readings with its unit, and the history says so beside the changed fields', async () => {
    const phenols = await t.database.db.selectFrom('substances').innerJoin('units', 'units.id', 'substances.unit_id').select(['substances.id', 'substances.unit_id', 'substances.mpc', 'substances.source'])
      .where('substances.name', '=', 'Фенолы').where('units.name', '=', 'мг/дм³').executeTakeFirstOrThrow()
    const readings = async (unit: string) => Number((await t.database.db.selectFrom('measures_point_indications').select((eb) => eb.fn.countAll().as('n')).where('name', '=', 'Фенолы').where('measure', '=', unit).executeTakeFirstOrThrow()).n)
    const inMg = await readings('мг/дм³')
    const micro = (await t.database.db.selectFrom('units').select('id').where('name', '=', 'мкг/дм³').executeTakeFirst())?.id ?? (await accepted(addReferenceEntry(as(actors.admin), { kind: 'unit', values: { name: 'мкг/дм³' } }))).id
    const values = { name: 'Фенолы', unit_id: String(micro), mpc: String(phenols.mpc).replace('.', ','), mpc_max: '', source: phenols.source ?? '' }
    expect(await accepted(changeReferenceEntry(as(actors.admin), { kind: 'substance', id: phenols.id, values }))).toMatchObject({ changed: true, values: { mpc: Number(phenols.mpc) * 1000 } })
    expect(await readings('мг/дм³')).toBe(0)
    expect(await readings('мкг/дм³')).toBe(inMg)
    const page = await referencePage(as(actors.admin), { kind: 'substance' })
    expect(page.history[0]).toMatchObject({ id: phenols.id, changes: [{ field: 'unit_id', from: phenols.unit_id, to: micro }, { field: 'mpc' }] })
    expect(page.history[0].conversion).toBe(`Пересчитаны ПДК и показания из «мг/дм³» в «мкг/дм³» (× ${formatNumber(1000)}): опубликованные — ${formatNumber(inMg)}, ждущие публикации — 0`)
    expect((await verifyProjections(t.database.db)).publicRecord!.findings).toEqual([])
  })

  it('refuses a Department user and a license holder on the server, for changes and for the screen, and writes nothing', async () => {
    const before = await eventCount()
    const unit = await t.database.db.selectFrom('units').select('id').orderBy('id').executeTakeFirstOrThrow()
    // The use-cases are the one place that checks it: both doors call them (decision 2590).
    const reference = portalUseCases({ db: t.database.db, queue: t.queue, storageDir: t.app.config.storageDir }).reference
    const from = (actor: CurrentUser | null) => ({ actor, clientAddress: '10.1.2.3', requestId: 'admin-test' })
    const forbidden = { ok: false, refusal: { reason: 'forbidden' } }
    for (const actor of [actors.department, actors.holder1, null]) {
      expect(await reference.addEntry(from(actor), { kind: 'unit', values: { name: 'г/т' } })).toEqual(forbidden)
      expect(await reference.changeEntry(from(actor), { kind: 'unit', id: unit.id, values: { name: 'взлом' } })).toEqual(forbidden)
      expect(await reference.referencePage(from(actor), { kind: 'unit' })).toEqual(forbidden)
      // Who may not ask learns nothing about which kinds exist.
      expect(await reference.referencePage(from(actor), { kind: '__proto__' })).toEqual(forbidden)
    }
    expect(await reference.referencePage(from(actors.admin), { kind: '__proto__' })).toEqual({ ok: false, refusal: { reason: 'reference-not-found' } })
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

  it('refuses a maximum ПДК below the ПДК on the server, at adding and at changing, and records nothing', async () => {
    const admin = as(actors.admin)
    const before = await eventCount()
    const below = { status: 400, parameter: 'mpc_max', detail: 'ПДК максимальная разовая: не может быть меньше поля «ПДК»' }
    expect(await refusalOf(addReferenceEntry(admin, { kind: 'substance', values: { name: 'Кадмий', unit_id: '1', mpc: '0,5', mpc_max: '0,05' } }))).toEqual(below)
    const substance = await t.database.db.selectFrom('substances').select(['id', 'name', 'unit_id']).orderBy('id').executeTakeFirstOrThrow()
    expect(await refusalOf(changeReferenceEntry(admin, { kind: 'substance', id: substance.id, values: { name: substance.name, unit_id: String(substance.unit_id), mpc: '10', mpc_max: '9,99' } }))).toEqual(below)
    expect(await eventCount()).toBe(before)
    // Equal is allowed, and either alone.
    await addReferenceEntry(admin, { kind: 'substance', values: { name: 'Кадмий', unit_id: '1', mpc: '0,5', mpc_max: '0,5' } })
    await addReferenceEntry(admin, { kind: 'substance', values: { name: 'Кадмий', unit_id: '2', mpc_max: '0,05' } })
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
    const { id: companyId } = await accepted(addReferenceEntry(admin, { kind: 'company', values: { name: 'ООО «Северный тест»', kind: 'lem', inn: '8901234567', license_holder: 'on' } }))
    const company = await t.database.db.selectFrom('companies').selectAll().where('id', '=', companyId).executeTakeFirstOrThrow()
    expect(company).toMatchObject({ name: 'ООО «Северный тест»', kind: 'lem', inn: '8901234567', license_holder: true, ogrn: null })
    const { id: areaId } = await accepted(addReferenceEntry(admin, { kind: 'area', values: { name: 'Тестовый ЛУ', kind: 'licence_area', company_id: String(companyId) } }))
    expect((await t.database.db.selectFrom('areas').select('company_id').where('id', '=', areaId).executeTakeFirstOrThrow()).company_id).toBe(companyId)
    const areaPage = await referencePage(admin, { kind: 'area' })
    expect(areaPage.options.company_id.some((c) => c.id === companyId)).toBe(true)
    expect(areaPage.history[0]).toMatchObject({ id: areaId, added: { company_id: companyId } })
    const report = await verifyProjections(t.database.db)
    expect(report.differences).toEqual([])
    expect(report.chain.broken).toBeNull()
  })
})

describe('a reference form answered whole', () => {
  it('names every wrong field at once, in the form\'s order, each with its own message, and records nothing', async () => {
    const before = await eventCount()
    const answer = await refusalOf(addReferenceEntry(as(actors.admin), { kind: 'company', values: { name: '', kind: 'mining', inn: '12-34', ogrn: '1' } }))
    expect(answer).toMatchObject({ status: 400, parameter: 'name' })
    expect(answer.fields).toEqual([
      { parameter: 'name', detail: 'Наименование: обязательное поле' },
      { parameter: 'kind', detail: 'Вид: выберите значение из списка' },
      { parameter: 'inn', detail: 'ИНН: 10 или 12 цифр' },
      { parameter: 'ogrn', detail: 'ОГРН: 13 или 15 цифр' },
    ])
    expect(answer.detail).toBe('Наименование: обязательное поле; Вид: выберите значение из списка; ИНН: 10 или 12 цифр; ОГРН: 13 или 15 цифр')
    // A maximum below the limit is named beside a wrong name, not only after it is fixed.
    const substance = await refusalOf(addReferenceEntry(as(actors.admin), { kind: 'substance', values: { name: ' ', unit_id: '1', mpc: '1', mpc_max: '0,5' } }))
    expect(substance.fields?.map((f) => f.parameter)).toEqual(['name', 'mpc_max'])
    expect(await eventCount()).toBe(before)
  })

  it('refuses exactly the fields the declaration flags as required when a form comes empty, for every kind', async () => {
    for (const def of REFERENCE_KIND_LIST) {
      const answer = await refusalOf(addReferenceEntry(as(actors.admin), { kind: def.kind, values: {} }))
      const named = answer.fields?.map((f) => f.parameter) ?? [answer.parameter]
      expect(named, def.kind).toEqual(def.fields.filter(isRequired).map((f) => f.name))
      expect(answer.detail).not.toMatch(/[a-z_]+:/)
    }
  })

  it('answers hostile values naming the field, never a 500: NUL, Infinity, 1e400, a negative limit, __proto__', async () => {
    const admin = as(actors.admin)
    expect(await refusalOf(addReferenceEntry(admin, { kind: 'unit', values: { name: 'мг\u0000л' } }))).toEqual({ status: 400, parameter: 'name', detail: 'Обозначение: недопустимые управляющие символы' })
    for (const mpc of ['Infinity', '1e400', '-1', 'NaN', '0x10']) {
      expect(await refusalOf(addReferenceEntry(admin, { kind: 'substance', values: { name: 'Ртуть', unit_id: '1', mpc } })), mpc).toMatchObject({ status: 400, parameter: 'mpc' })
    }
    const hostile = JSON.parse('{"__proto__": {"name": "x"}, "kind": "lem"}')
    expect(await refusalOf(addReferenceEntry(admin, { kind: 'company', values: hostile }))).toMatchObject({ status: 400, parameter: 'name' })
  })

  it('answers the values it saved, as the table holds them', async () => {
    const saved = await accepted(addReferenceEntry(as(actors.admin), { kind: 'substance', values: { name: ' Ртуть ', unit_id: '2', mpc: '0,0005', mpc_max: '' } }))
    expect(saved.values).toEqual({ name: 'Ртуть', unit_id: 2, mpc: 0.0005, mpc_max: null, source: null })
  })
})

describe('retiring reference entries', () => {
  const sootOf = () => t.database.db.selectFrom('substances').select(['id', 'name', 'retired']).where('name', '=', 'Сажа').executeTakeFirstOrThrow()
  const streamTypes = async (stream: string) => (await t.database.db.selectFrom('events').select('type').where('stream_id', '=', stream).orderBy('position').execute()).map((e) => e.type)

  it('retires a substance readings use: its row stays, marked, the history says so; twice records nothing; restoring brings it back', async () => {
    const admin = as(actors.admin)
    const soot = await sootOf()
    expect(soot.retired).toBe(false)
    expect(await retireReferenceEntry(admin, { kind: 'substance', id: soot.id, retire: true })).toEqual({ changed: true })
    expect((await sootOf()).retired).toBe(true)
    // Twice (two administrators at once, a repeated post): nothing more is recorded (decision 2686).
    expect(await retireReferenceEntry(admin, { kind: 'substance', id: soot.id, retire: true })).toEqual({ changed: false })
    expect(await streamTypes(`reference-substance-${soot.id}`)).toEqual(['ReferenceEntryRetired'])
    const page = await referencePage(admin, { kind: 'substance' })
    expect(page.entries.find((e) => e.id === soot.id)).toMatchObject({ retired: true, values: { name: 'Сажа' } })
    expect(page.history[0]).toMatchObject({ id: soot.id, action: 'retired', entryName: 'Сажа', username: 'admin' })
    // The readings that name it are all still there.
    expect(Number((await t.database.db.selectFrom('measures_point_indications').select((eb) => eb.fn.countAll().as('n')).where('name', '=', 'Сажа').executeTakeFirstOrThrow()).n)).toBeGreaterThan(0)
    expect(await retireReferenceEntry(admin, { kind: 'substance', id: soot.id, retire: false })).toEqual({ changed: true })
    expect(await retireReferenceEntry(admin, { kind: 'substance', id: soot.id, retire: false })).toEqual({ changed: false })
    expect((await sootOf()).retired).toBe(false)
    expect(await streamTypes(`reference-substance-${soot.id}`)).toEqual(['ReferenceEntryRetired', 'ReferenceEntryRestored'])
  })

  it('offers a retired unit in no form\'s list but the entry that already names it', async () => {
    const admin = as(actors.admin)
    const { id } = await accepted(addReferenceEntry(admin, { kind: 'unit', values: { name: 'нг/м³' } }))
    await retireReferenceEntry(admin, { kind: 'unit', id, retire: true })
    const page = await referencePage(admin, { kind: 'substance' })
    expect(page.options.unit_id.find((u) => u.id === id)).toEqual({ id, name: 'нг/м³', retired: true })
  })

  it('refuses deleting an entry that readings use with 409 and a Russian message saying to retire it, and deletes an unused one', async () => {
    const admin = as(actors.admin)
    const soot = await sootOf()
    const before = await eventCount()
    expect(await refusalOf(deleteReferenceEntry(admin, { kind: 'substance', id: soot.id }))).toEqual({
      status: 409,
      detail: 'Нельзя удалить запись «Сажа»: на неё ссылаются показания или другие данные. Выведите её из употребления — она останется в прежних данных, но не будет предлагаться для новых.',
    })
    // A company is used by its areas and reports, a unit by its substances, a kind of point by its points.
    const company = await t.database.db.selectFrom('areas').select('company_id').where('company_id', 'is not', null).executeTakeFirstOrThrow()
    expect(await refusalOf(deleteReferenceEntry(admin, { kind: 'company', id: company.company_id! }))).toMatchObject({ status: 409 })
    const unit = await t.database.db.selectFrom('substances').select('unit_id').executeTakeFirstOrThrow()
    expect(await refusalOf(deleteReferenceEntry(admin, { kind: 'unit', id: unit.unit_id }))).toMatchObject({ status: 409 })
    const pointKind = await t.database.db.selectFrom('point_kinds').innerJoin('measures_points', 'measures_points.kind', 'point_kinds.code').select('point_kinds.id').executeTakeFirstOrThrow()
    expect(await refusalOf(deleteReferenceEntry(admin, { kind: 'point-kind', id: pointKind.id }))).toMatchObject({ status: 409 })
    expect(await eventCount()).toBe(before)
    expect((await sootOf()).retired).toBe(false)

    const { id } = await accepted(addReferenceEntry(admin, { kind: 'unit', values: { name: 'пг/л' } }))
    expect(await deleteReferenceEntry(admin, { kind: 'unit', id })).toEqual({ deleted: true })
    expect(await t.database.db.selectFrom('units').select('id').where('id', '=', id).execute()).toEqual([])
    expect(await refusalOf(deleteReferenceEntry(admin, { kind: 'unit', id }))).toMatchObject({ status: 404 })
    expect(await refusalOf(retireReferenceEntry(admin, { kind: 'unit', id, retire: true }))).toMatchObject({ status: 404 })
    const page = await referencePage(admin, { kind: 'unit' })
    expect(page.history[0]).toMatchObject({ id, action: 'deleted', entryName: 'пг/л' })
  })

  it('refuses a Department user, a license holder and the public retiring, restoring or deleting, and writes nothing', async () => {
    const soot = await sootOf()
    const before = await eventCount()
    // The use-cases are the one place that checks it: both doors call them (decision 2590).
    const reference = portalUseCases({ db: t.database.db, queue: t.queue, storageDir: t.app.config.storageDir }).reference
    const forbidden = { ok: false, refusal: { reason: 'forbidden' } }
    for (const actor of [actors.department, actors.holder1, null]) {
      const from = { actor, clientAddress: '10.1.2.3', requestId: 'admin-test' }
      expect(await reference.retireEntry(from, { kind: 'substance', id: soot.id, retire: true })).toEqual(forbidden)
      expect(await reference.retireEntry(from, { kind: 'substance', id: soot.id, retire: false })).toEqual(forbidden)
      expect(await reference.deleteEntry(from, { kind: 'substance', id: soot.id })).toEqual(forbidden)
    }
    expect(await eventCount()).toBe(before)
    expect((await sootOf()).retired).toBe(false)
  })

  it('retires the same entry from two sessions at once: one event, both answered', async () => {
    const admin = as(actors.admin)
    const { id } = await accepted(addReferenceEntry(admin, { kind: 'unit', values: { name: 'мкг/м³' } }))
    const answers = await Promise.all([retireReferenceEntry(admin, { kind: 'unit', id, retire: true }), retireReferenceEntry(admin, { kind: 'unit', id, retire: true })])
    expect(answers.map((a) => a.changed).sort()).toEqual([false, true])
    expect(await streamTypes(`reference-unit-${id}`)).toEqual(['ReferenceEntryAdded', 'ReferenceEntryRetired'])
  })

  it('leaves the log replayable and verified after entries are retired, restored and deleted', async () => {
    const admin = as(actors.admin)
    const { id } = await accepted(addReferenceEntry(admin, { kind: 'point-kind', values: { code: 'test_retire', name: 'Проверочный вид' } }))
    await retireReferenceEntry(admin, { kind: 'point-kind', id, retire: true })
    await retireReferenceEntry(admin, { kind: 'point-kind', id, retire: false })
    await deleteReferenceEntry(admin, { kind: 'point-kind', id })
    const report = await verifyProjections(t.database.db)
    expect(report.differences).toEqual([])
    expect(report.chain.broken).toBeNull()
  })
})
