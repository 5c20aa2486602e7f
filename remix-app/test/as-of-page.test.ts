// The Department's as-of page asked about a reference entry (issue 24 part 1): a substance's ПДК as it stood at the end
// of a day, the limit a reading of that day was judged by, beside today's, with the changes between two days and who
// made them; the companies and substances are picked by name.
import type { AppLoadContext } from '@remix-run/node'
import { describe, expect, it } from 'vitest'
import { accepted, type CurrentUser, type Group } from '@portal/workflow-domain/views.ts'
import { addReferenceEntry, changeReferenceEntry, writeNotices } from '@portal/workflow-domain/commands.server.ts'
import { formatNumber } from '@portal/workflow-domain/registry.ts'
import { useTestApp } from '../../test-support/test-app.ts'
import { type AsOfPageData, loader } from '../app/features/review/routes/as-of.tsx'
import { pageContext } from './support/load-context.ts'

const t = useTestApp()

async function user(username: string): Promise<CurrentUser> {
  const row = await t.database.db.selectFrom('users').select(['id', 'username', 'groups', 'company_id']).where('username', '=', username).executeTakeFirstOrThrow()
  return { id: row.id, username: row.username, groups: row.groups as Group[], companyId: row.company_id }
}

async function load(query: string, as = 'department') {
  const context: AppLoadContext = pageContext({ db: t.database.db, queue: t.queue }, await user(as), { dataDir: '.test-data/as-of-page' })
  const answer = (await loader({ request: new Request(`http://localhost/monitoring/department-reports/as-of${query}`), context, params: {} })) as unknown as { data: AsOfPageData; init: { status?: number } | null }
  return { page: answer.data, status: answer.init?.status ?? 200 }
}

/** A day in the region's calendar, `days` from today. */
const regionDay = (days: number) => new Date(Date.now() + 5 * 3_600_000 + days * 86_400_000).toISOString().slice(0, 10)

/** A higher limit a change can set: up to the single maximum where there is one (a limit above it is refused). */
const raisedLimit = (substance: { mpc: number | string | null; mpc_max: number | string | null }) =>
  substance.mpc_max !== null && Number(substance.mpc_max) > Number(substance.mpc) ? Number(substance.mpc_max) : Number(substance.mpc) * 2

/** The fields of a substance a change leaves as they are, as the form sends them back. */
const unchanged = (substance: { mpc_max: number | string | null; source: string | null }) => ({
  mpc_max: substance.mpc_max === null ? '' : String(substance.mpc_max).replace('.', ','),
  source: substance.source ?? '',
})

describe('the as-of page for a substance', () => {
  it('shows the ПДК a substance had at the end of a day, today’s beside it, and the change between two days with who made it', async () => {
    const substance = await t.database.db.selectFrom('substances').select(['id', 'name', 'unit_id', 'mpc', 'mpc_max', 'source']).where('mpc', 'is not', null).orderBy('id').executeTakeFirstOrThrow()
    const before = Number(substance.mpc)
    const after = raisedLimit(substance)
    const admin = await user('admin')
    accepted(await changeReferenceEntry(
      { db: t.database.db, queue: t.queue, storageDir: t.app.config.storageDir, actor: admin, requestId: 'test', clientAddress: null, now: new Date(), notices: writeNotices },
      { kind: 'substance', id: substance.id, values: { name: substance.name, unit_id: String(substance.unit_id), mpc: String(after).replace('.', ','), ...unchanged(substance) } },
    ))
    const { page: choices } = await load('')
    expect(choices.substances.find((s) => s.id === substance.id)?.name).toBe(substance.name)

    // Yesterday the limit was the old one; the change of today is not in a window that ends yesterday.
    const yesterday = await load(`?substance=${substance.id}&date=${regionDay(-1)}`)
    expect(yesterday.status).toBe(200)
    expect(yesterday.page.substance).toMatchObject({ then: { name: substance.name, mpc: formatNumber(before) }, now: { mpc: formatNumber(after) } })
    expect(yesterday.page.substance!.changes).toEqual([])
    // Today: the new limit, and the change with its author, from and to.
    const today = await load(`?substance=${substance.id}&date=${regionDay(0)}&from=${regionDay(-1)}`)
    expect(today.page.substance).toMatchObject({ then: { mpc: formatNumber(after) }, now: { mpc: formatNumber(after) } })
    expect(today.page.substance!.changes).toEqual([expect.objectContaining({ field: 'ПДК', from: formatNumber(before), to: formatNumber(after), username: 'admin' })])
    // No company asked: no reports table, and no refusal.
    expect(today.page.answer).toBeNull()
    expect(today.page.problem).toBeNull()
  })

  it('says an entry an administrator added after the day was not there yet', async () => {
    const unit = await t.database.db.selectFrom('units').select('id').orderBy('id').executeTakeFirstOrThrow()
    const added = await addReferenceEntry(
      { db: t.database.db, queue: t.queue, storageDir: t.app.config.storageDir, actor: await user('admin'), requestId: 'test', clientAddress: null, now: new Date(), notices: writeNotices },
      { kind: 'substance', values: { name: 'Толуол (проверка на дату)', unit_id: String(unit.id), mpc: '0,6', mpc_max: '' } },
    )
    if (!('id' in added)) throw new Error('the substance was refused')
    const { id } = added
    const yesterday = (await load(`?substance=${id}&date=${regionDay(-1)}`)).page.substance!
    expect([yesterday.existed, yesterday.then.mpc, yesterday.now.mpc]).toEqual([false, '—', '0,6'])
    const today = (await load(`?substance=${id}&date=${regionDay(0)}`)).page.substance!
    expect([today.existed, today.then.name, today.then.mpc]).toEqual([true, 'Толуол (проверка на дату)', '0,6'])
  })

  it('names the field in the form’s words for an impossible day or an unknown substance, and is the Department’s only', async () => {
    const wrongDay = await load('?substance=1&date=2026-02-30')
    expect([wrongDay.status, wrongDay.page.problem]).toEqual([400, 'На дату: нет такой даты'])
    const unknown = await load('?substance=99999999&date=2026-03-01')
    expect([unknown.status, unknown.page.problem]).toEqual([400, 'Вещество: нет такого вещества'])
    const word = await load('?substance=abc&date=2026-03-01')
    expect(word.status).toBe(400)
    expect(word.page.problem).toMatch(/^Вещество: /)
    await expect(load('?substance=1&date=2026-03-01', 'holder1')).rejects.toMatchObject({ status: 403 })
  })
})

describe('the as-of page names people, not logins', () => {
  /** The account's full name; undefined for a login of no account (background work records 'worker'). */
  const fullName = async (login: string) => (await t.database.db.selectFrom('users').select('full_name').where('username', '=', login).executeTakeFirst())?.full_name

  it('shows who uploaded each file, who decided and who recorded each change by the account’s full name', async () => {
    // The demo data's company 1 on the day its workflow was recorded: files of holder1, decisions of department.
    const { page } = await load('?company=1&date=2025-02-03&from=2025-02-03')
    const answer = page.answer!
    const [holder, department] = [await fullName('holder1'), await fullName('department')]
    expect(holder).toMatch(/\S/)
    expect(department).toMatch(/\S/)
    const files = answer.reports.flatMap((r) => r.files)
    const decided = answer.reports.flatMap((r) => (r.lastDecision ? [r.lastDecision] : []))
    expect(files.length).toBeGreaterThan(0)
    expect(decided.length).toBeGreaterThan(0)
    expect(new Set(files.map((f) => answer.people[f.creatorUsername]))).toEqual(new Set([holder]))
    expect(new Set(decided.map((d) => answer.people[d.creatorUsername]))).toEqual(new Set([department]))
    expect(answer.changes.length).toBeGreaterThan(0)
    // A login of no account (the workers record 'worker') is kept as it was recorded.
    for (const change of answer.changes) expect(answer.people[change.username]).toBe((await fullName(change.username)) ?? change.username)
    expect(answer.changes.some((c) => c.username === 'worker' && answer.people.worker === 'worker')).toBe(true)
  })

  it('names a reference change’s author by the account’s full name', async () => {
    const substance = await t.database.db.selectFrom('substances').select(['id', 'name', 'unit_id', 'mpc', 'mpc_max', 'source']).where('mpc', 'is not', null).orderBy('id', 'desc').executeTakeFirstOrThrow()
    accepted(await changeReferenceEntry(
      { db: t.database.db, queue: t.queue, storageDir: t.app.config.storageDir, actor: await user('admin'), requestId: 'test', clientAddress: null, now: new Date(), notices: writeNotices },
      { kind: 'substance', id: substance.id, values: { name: substance.name, unit_id: String(substance.unit_id), mpc: String(raisedLimit(substance)).replace('.', ','), ...unchanged(substance) } },
    ))
    const today = (await load(`?substance=${substance.id}&date=${regionDay(0)}&from=${regionDay(-1)}`)).page.substance!
    expect(today.changes.map((c) => c.person)).toEqual([`${await fullName('admin')} (Администратор)`])
  })
})
