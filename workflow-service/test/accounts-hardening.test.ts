// Accounts (issue 22 item 12): notifications follow the user's company, usernames cannot pass for others by mixing
// scripts or by looking alike, and an account in both the Department and a holder's group never decides on its own
// company's report.
import { describe, expect, it } from 'vitest'
import { loginAs } from '../../test-support/login.ts'
import { useTestApp } from '../../test-support/test-app.ts'
import { checkedFile, holder, multipartWithFiles, RESPONSIBLE } from '../../test-support/workflow-fixtures.ts'
import { retireReferenceEntry } from '../domain/src/admin/reference/reference-commands.server.ts'
import type { CurrentUser } from '../domain/src/auth/permissions.ts'
import { portalUseCases } from '../domain/src/use-cases/portal-use-cases.server.ts'
import { writeNotices } from '../domain/src/notifications/notice-writer.server.ts'

const t = useTestApp()
const YEAR = new Date().getFullYear() + 1
const PASSWORD = 'a-long-password-1'

async function createUser(body: Record<string, unknown>) {
  const admin = await loginAs(t.app, 'admin')
  return t.app.inject({ method: 'POST', url: '/api/v1/users/', headers: admin.headers, payload: { password: PASSWORD, ...body } })
}

async function companyReport(headers: Record<string, string>, companyId: number): Promise<number> {
  await t.app.inject({ method: 'POST', url: '/api/v1/company-responsibles/', headers, payload: { company: companyId, year: YEAR, ...RESPONSIBLE } })
  const res = await t.app.inject({ method: 'POST', url: '/api/v1/import-reports/', headers, payload: { company: companyId, year: YEAR, report_type: 'greenhouse_gases' } })
  return res.json().id as number
}

describe('notifications follow the company', () => {
  it("stops showing, counting and marking the old company's notifications once a user moves, and shows the new one's", async () => {
    const one = await holder(t.app, t.database.db, 'holder1')
    const two = await holder(t.app, t.database.db, 'holder2')
    const created = await createUser({ username: 'mover', groups: ['Недропользователь'], company: one.companyId })
    expect(created.statusCode).toBe(201)
    const moverId = created.json().id as number
    await checkedFile(t.app, t.database.db, one.headers, await companyReport(one.headers, one.companyId))
    const mover = await loginAs(t.app, 'mover', PASSWORD)
    const before = (await t.app.inject({ url: '/api/v1/notifications/', headers: mover.headers })).json()
    expect(before.count).toBeGreaterThan(0)
    expect(before.unread).toBeGreaterThan(0)

    const admin = await loginAs(t.app, 'admin')
    const moved = await t.app.inject({ method: 'PATCH', url: `/api/v1/users/${moverId}/`, headers: admin.headers, payload: { company: two.companyId } })
    expect(moved.statusCode).toBe(200)
    const again = await loginAs(t.app, 'mover', PASSWORD)
    const after = (await t.app.inject({ url: '/api/v1/notifications/', headers: again.headers })).json()
    expect(after).toMatchObject({ count: 0, unread: 0, results: [] })
    const ids = before.results.map((n: { id: number }) => n.id)
    const marked = await t.app.inject({ method: 'POST', url: '/api/v1/notifications/read/', headers: again.headers, payload: { ids } })
    expect(marked.statusCode).toBeLessThan(300)
    const still = await t.database.db.selectFrom('notifications').select('read_at').where('id', 'in', ids).execute()
    expect(still.every((n) => n.read_at === null)).toBe(true)

    // The new company's news reach the moved user.
    await checkedFile(t.app, t.database.db, two.headers, await companyReport(two.headers, two.companyId))
    const news = (await t.app.inject({ url: '/api/v1/notifications/', headers: again.headers })).json()
    expect(news.count).toBeGreaterThan(0)
    expect(news.results.every((n: { link: string }) => n.link.includes(`/companies/${two.companyId}/`))).toBe(true)
    // Moved back, the old company's notifications are theirs again (nothing was deleted).
    await t.app.inject({ method: 'PATCH', url: `/api/v1/users/${moverId}/`, headers: admin.headers, payload: { company: one.companyId } })
    const back = await loginAs(t.app, 'mover', PASSWORD)
    expect((await t.app.inject({ url: '/api/v1/notifications/', headers: back.headers })).json().count).toBe(before.count)
  })
})

describe('usernames that pass for others', () => {
  it('refuses a username mixing scripts, in any letter and position, naming the field', async () => {
    // Cyrillic е, а, о, р, с; Greek ο; Cyrillic і; Latin among Cyrillic.
    for (const username of ['d\u0435partment', 'departm\u0435nt', 'DEP\u0410RTMENT', 'h\u03bflder1', 'ad\u043cin', 'test\u0456ng', 'иван\u006fв', 'petrov-\u043f']) {
      const res = await createUser({ username, groups: ['Департамент'] })
      expect(res.statusCode, username).toBe(400)
      expect(res.json(), username).toMatchObject({ parameter: 'username' })
      expect(res.json().detail, username).toMatch(/^Логин: /)
    }
  })

  it('refuses a look-alike of an existing name in another script, in full-width letters or another case, and keeps honest names', async () => {
    expect((await createUser({ username: 'copy', groups: ['Департамент'] })).statusCode).toBe(201)
    expect((await createUser({ username: 'иванов', groups: ['Департамент'] })).statusCode).toBe(201)
    const cases: Array<[string, number]> = [
      ['\u0441\u043e\u0440\u0443', 400], // сору: Cyrillic letters only, drawn as "copy"
      ['\u0421\u041e\u0420\u0423', 400], // СОРУ
      ['\uff44\uff45\uff50\uff41\uff52\uff54\uff4d\uff45\uff4e\uff54', 400], // full-width "department"
      ['DEPARTMENT', 409],
      ['Иванов', 409],
    ]
    for (const [username, status] of cases) {
      const res = await createUser({ username, groups: ['Департамент'] })
      expect(res.statusCode, username).toBe(status)
      if (status === 400) expect(res.json().detail, username).toMatch(/^Логин: .*«(copy|department)»/)
    }
    for (const username of ['petrov', 'петров', 'ivanov.a', 'copy2', 'кот']) {
      expect((await createUser({ username, groups: ['Департамент'] })).statusCode, username).toBe(201)
    }
  })
})

describe("an account in both the Department's and a holder's group", () => {
  const BOTH = 'Группы: учётная запись не может быть одновременно в группах «Департамент» и «Недропользователь»'

  it('is refused at creation and at a change of groups or company, 400 naming the groups, and nothing is recorded', async () => {
    const one = await holder(t.app, t.database.db, 'holder1')
    const created = await createUser({ username: 'both-new', groups: ['Департамент', 'Недропользователь'], company: one.companyId })
    expect(created.statusCode).toBe(400)
    expect(created.json()).toEqual(expect.objectContaining({ parameter: 'groups', detail: BOTH }))
    expect(await t.database.db.selectFrom('users').select('id').where('username', '=', 'both-new').executeTakeFirst()).toBeUndefined()
    const admin = await loginAs(t.app, 'admin')
    for (const [username, groups] of [['dept-grows', ['Департамент']], ['holder-grows', ['Недропользователь']]] as const) {
      const made = await createUser({ username, groups, company: one.companyId })
      expect(made.statusCode, username).toBe(201)
      const id = made.json().id as number
      const events = () => t.database.db.selectFrom('events').select('position').where('stream_id', 'like', `%user%${id}%`).execute()
      const before = (await events()).length
      const changed = await t.app.inject({ method: 'PATCH', url: `/api/v1/users/${id}/`, headers: admin.headers, payload: { groups: ['Департамент', 'Недропользователь'], company: one.companyId } })
      expect([username, changed.statusCode]).toEqual([username, 400])
      expect(changed.json()).toEqual(expect.objectContaining({ parameter: 'groups', detail: BOTH }))
      const row = await t.database.db.selectFrom('users').select('groups').where('id', '=', id).executeTakeFirstOrThrow()
      expect(row.groups).toEqual(groups)
      expect((await events()).length).toBe(before)
    }
  })
})

describe("deciding on one's own company's report", () => {
  it('refuses an account in both the Department and a holder group every decision on its own company, and lets it decide on others', async () => {
    const one = await holder(t.app, t.database.db, 'holder1')
    const two = await holder(t.app, t.database.db, 'holder2')
    // Such an account can no longer be made (decision 3508); one made before the rule, written here as its row,
    // still never decides on its own company.
    const created = await createUser({ username: 'both', groups: ['Департамент'] })
    expect(created.statusCode).toBe(201)
    await t.database.ownerDb.updateTable('users').set({ groups: ['Департамент', 'Недропользователь'], company_id: one.companyId }).where('id', '=', created.json().id).execute()
    const both = await loginAs(t.app, 'both', PASSWORD)
    const own = await companyReport(one.headers, one.companyId)
    await checkedFile(t.app, t.database.db, one.headers, own)
    const decide = (reportId: number, fields: Record<string, string>) => {
      const body = multipartWithFiles(fields)
      return t.app.inject({ method: 'PUT', url: `/api/v1/import-reports/${reportId}/`, headers: { ...both.headers, ...body.headers }, payload: body.payload })
    }
    for (const fields of [{ status: 'agreed', comment: '' }, { status: 'agree', comment: '' }, { status: 'rejected', comment: 'нет' }, { status: 'decline', comment: 'нет' }]) {
      const res = await decide(own, fields)
      expect(res.statusCode, fields.status).toBe(403)
      expect(res.json().detail).toBe('Нельзя принимать решение по отчёту собственного предприятия.')
    }
    // Decided by someone else, it cannot be cancelled by the same account either.
    const department = await loginAs(t.app, 'department')
    const body = multipartWithFiles({ status: 'agreed', comment: '' })
    expect((await t.app.inject({ method: 'PUT', url: `/api/v1/import-reports/${own}/`, headers: { ...department.headers, ...body.headers }, payload: body.payload })).statusCode).toBe(200)
    expect((await decide(own, { status: 'consideration', comment: '' })).statusCode).toBe(403)
    const report = await t.database.db.selectFrom('import_reports').select('status').where('id', '=', own).executeTakeFirstOrThrow()
    expect(report.status).toBe('agreed')

    const other = await companyReport(two.headers, two.companyId)
    await checkedFile(t.app, t.database.db, two.headers, other)
    expect((await decide(other, { status: 'agreed', comment: '' })).statusCode).toBe(200)
  })
})

describe("a user's company", () => {
  async function administrator(): Promise<CurrentUser> {
    const row = await t.database.db.selectFrom('users').select(['id', 'username', 'groups', 'company_id']).where('username', '=', 'admin').executeTakeFirstOrThrow()
    return { id: row.id, username: row.username, groups: row.groups as CurrentUser['groups'], companyId: row.company_id }
  }
  const company = (licenseHolder: boolean) =>
    t.database.db.selectFrom('companies').select(['id', 'name']).where('license_holder', '=', licenseHolder).where('retired', '=', false).orderBy('id', 'desc').executeTakeFirstOrThrow()

  it('is offered and taken only while it holds licences and is not retired, and a company retired since stays with its users', async () => {
    const admin = await administrator()
    const context = { db: t.database.db, queue: t.queue, storageDir: t.app.config.storageDir, actor: admin, requestId: 'company-test', clientAddress: '10.1.2.3', now: new Date(), notices: writeNotices }
    const kept = await company(true)
    const created = await createUser({ username: 'keeper', groups: ['Недропользователь'], company: kept.id })
    expect(created.statusCode).toBe(201)
    const keeperId = created.json().id as number
    await retireReferenceEntry(context, { kind: 'company', id: kept.id, retire: true })

    // The admin page's list offers no retired company, but shows a user's own, marked, where it is chosen.
    const accounts = portalUseCases({ db: t.database.db, queue: t.queue, storageDir: t.app.config.storageDir }).accounts
    const page = await accounts.users({ actor: admin, requestId: 'company-test', clientAddress: '10.1.2.3' }, {})
    if (!page.ok) throw new Error('the administrator was refused the users page')
    expect(page.value.companies.filter((c) => c.retired).map((c) => c.id)).toEqual([kept.id])

    // A new user, or a move, to the retired company is refused naming the field; so is a company without licences.
    const retiredChoice = await createUser({ username: 'late', groups: ['Недропользователь'], company: kept.id })
    expect(retiredChoice.statusCode).toBe(400)
    expect(retiredChoice.json()).toMatchObject({ parameter: 'company', detail: expect.stringContaining('выведено из употребления') })
    const emitter = await company(false)
    const notHolder = await createUser({ username: 'emitter', groups: ['Недропользователь'], company: emitter.id })
    expect(notHolder.statusCode).toBe(400)
    expect(notHolder.json()).toMatchObject({ parameter: 'company', detail: expect.stringContaining('не недропользователь') })
    const other = await createUser({ username: 'other', groups: ['Недропользователь'], company: (await company(true)).id })
    expect(other.statusCode).toBe(201)
    const adminHeaders = (await loginAs(t.app, 'admin')).headers
    const moved = await t.app.inject({ method: 'PATCH', url: `/api/v1/users/${other.json().id}/`, headers: adminHeaders, payload: { company: kept.id } })
    expect(moved.statusCode).toBe(400)
    expect(moved.json().parameter).toBe('company')

    // The user who was there before it retired keeps it through other changes.
    const renamed = await t.app.inject({ method: 'PATCH', url: `/api/v1/users/${keeperId}/`, headers: adminHeaders, payload: { full_name: 'Хранитель Архива', company: kept.id } })
    expect(renamed.statusCode).toBe(200)
    const row = await t.database.db.selectFrom('users').select(['full_name', 'company_id']).where('id', '=', keeperId).executeTakeFirstOrThrow()
    expect(row).toEqual({ full_name: 'Хранитель Архива', company_id: kept.id })
  })
})
