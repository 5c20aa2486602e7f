// Accounts (issue 22 item 12): notifications follow the user's company, usernames cannot pass for others by mixing
// scripts or by looking alike, and an account in both the Department and a holder's group never decides on its own
// company's report.
import { describe, expect, it } from 'vitest'
import { loginAs } from './support/login.ts'
import { useTestApp } from './support/test-app.ts'
import { checkedFile, holder, multipartWithFiles, RESPONSIBLE } from './support/workflow-fixtures.ts'

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
      expect(res.json().detail, username).toMatch(/^username: /)
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
      if (status === 400) expect(res.json().detail, username).toMatch(/^username: .*«(copy|department)»/)
    }
    for (const username of ['petrov', 'петров', 'ivanov.a', 'copy2', 'кот']) {
      expect((await createUser({ username, groups: ['Департамент'] })).statusCode, username).toBe(201)
    }
  })
})

describe("deciding on one's own company's report", () => {
  it('refuses an account in both the Department and a holder group every decision on its own company, and lets it decide on others', async () => {
    const one = await holder(t.app, t.database.db, 'holder1')
    const two = await holder(t.app, t.database.db, 'holder2')
    const created = await createUser({ username: 'both', groups: ['Департамент', 'Недропользователь'], company: one.companyId })
    expect(created.statusCode).toBe(201)
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
