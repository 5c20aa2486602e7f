// What the public and license holders learn (issue 22 item 11): the company list's review filter is the
// Department's, and a holder's receipt of a Department decision names the Department, not its employee's login and
// address.
import { describe, expect, it } from 'vitest'
import type { CurrentUser } from '../../domain/src/auth/permissions.ts'
import { loginAs } from '../../../test-support/login.ts'
import { useTestApp } from '../../../test-support/test-app.ts'
import { checkedFile, holder, multipartWithFiles, RESPONSIBLE } from '../../../test-support/workflow-fixtures.ts'

const DEPARTMENT_NAME = 'Департамент природно-ресурсного регулирования ЯНАО'
const t = useTestApp({ DEPARTMENT_NAME })
const YEAR = new Date().getFullYear() + 1

async function actor(username: string): Promise<CurrentUser> {
  const user = await t.database.db.selectFrom('users').select(['id', 'username', 'groups', 'company_id']).where('username', '=', username).executeTakeFirstOrThrow()
  return { id: user.id, username: user.username, groups: user.groups, companyId: user.company_id } as unknown as CurrentUser
}

/** The review filter spelled every way a client could reach the same route and parameter. */
const SPELLINGS = [
  '/api/v1/companies/?report_status=rejected',
  '/api/v1/companies/?report_status=rejected&limit=1000',
  '/api/v1/companies/?report%5Fstatus=rejected',
  '/api/v1/companies/?report_status=agreed',
  '/api/v1/companies/?report_status=consideration',
  '/api/v1/companies/?report_status=rejected&format=csv',
  '/api/v1/companies/?report_status=rejected&format=xlsx',
  '/api/v1/companies/?kind=lem_industry&report_status=rejected&search=%D0%9E',
  '/api/v1/companies?report_status=rejected',
  '/%61pi/v1/companies/?report_status=rejected',
  // Read as the card of a company with an empty id: a 400 naming id, the list never reached.
  '/api/v1/companies//?report_status=rejected',
  '/api/v1/./companies/?report_status=rejected',
]

describe('the review filter of the company list', () => {
  it('refuses report_status to the public, holders and administrators in every spelling, and lists for the Department', async () => {
    const holder1 = await loginAs(t.app, 'holder1')
    const admin = await loginAs(t.app, 'admin')
    const department = await loginAs(t.app, 'department')
    const rejected = await t.database.db.selectFrom('import_reports as r').innerJoin('companies as c', 'c.id', 'r.company_id').select('c.name').where('r.status', '=', 'rejected').executeTakeFirstOrThrow()
    for (const [who, headers] of [['the public', {}], ['a holder', holder1.headers], ['an administrator', admin.headers]] as const) {
      for (const url of SPELLINGS) {
        const res = await t.app.inject({ url, headers })
        expect([400, 403, 404], `${who}: ${url} → ${res.statusCode}`).toContain(res.statusCode)
        expect(res.body).not.toContain(rejected.name)
      }
    }
    const forbidden = await t.app.inject({ url: SPELLINGS[0] })
    expect(forbidden.statusCode).toBe(403)
    // Neither the refusal nor the Department's answer is kept in the public cache.
    expect((await t.app.inject({ url: SPELLINGS[0] })).headers['x-cache']).toBeUndefined()
    const listed = await t.app.inject({ url: SPELLINGS[1], headers: department.headers })
    expect(listed.statusCode).toBe(200)
    expect(listed.json().results.map((c: { name: string }) => c.name)).toContain(rejected.name)
    // The company list without the filter stays public.
    expect((await t.app.inject({ url: '/api/v1/companies/?limit=3' })).statusCode).toBe(200)
  })
})

describe("a receipt of a Department decision", () => {
  it("names the deciding person and the Department's chosen name, never the employee's login or address, to the holder and the Department alike", async () => {
    const h = await holder(t.app, t.database.db, 'holder1')
    await t.app.inject({ method: 'POST', url: '/api/v1/company-responsibles/', headers: h.headers, payload: { company: h.companyId, year: YEAR, ...RESPONSIBLE } })
    const reportId = (await t.app.inject({ method: 'POST', url: '/api/v1/import-reports/', headers: h.headers, payload: { company: h.companyId, year: YEAR, report_type: 'greenhouse_gases' } })).json().id as number
    const fileId = await checkedFile(t.app, t.database.db, h.headers, reportId)
    const department = await loginAs(t.app, 'department')
    const body = multipartWithFiles({ status: 'rejected', comment: 'Исправьте' })
    const decided = await t.app.inject({ method: 'PUT', url: `/api/v1/import-reports/${reportId}/`, headers: { ...department.headers, ...body.headers, 'x-forwarded-for': '198.51.100.23' }, payload: body.payload })
    expect(decided.statusCode).toBe(200)
    const event = await t.database.db.selectFrom('events').select(['position', 'metadata']).where('type', '=', 'ReportRejected').where('data', '@>', JSON.stringify({ reportId }) as never).executeTakeFirstOrThrow()
    const address = (event.metadata as { clientAddress: string }).clientAddress
    expect(address).toBeTruthy()
    const receipt = (who: CurrentUser) => t.app.useCases.workflow.receipt({ actor: who, clientAddress: '127.0.0.1', requestId: 'test' }, { position: Number(event.position) })

    const seen = await receipt(await actor('holder1'))
    expect(seen.ok).toBe(true)
    if (!seen.ok) return
    expect(seen.value).toMatchObject({ kind: 'rejected', person: 'Соколова Анна Викторовна', role: DEPARTMENT_NAME, clientAddress: null })
    expect(JSON.stringify(seen.value)).not.toContain('"department"')
    expect(JSON.stringify(seen.value)).not.toContain(address)

    const own = await receipt(await actor('department'))
    // The Department reads the same: a decision's receipt names no address (the audit keeps it).
    expect(own.ok && own.value).toMatchObject({ person: 'Соколова Анна Викторовна', role: DEPARTMENT_NAME, clientAddress: null })
    // The holder's own upload still names the holder's colleague who sent it.
    const upload = await t.app.useCases.workflow.receipt({ actor: await actor('holder1'), clientAddress: '127.0.0.1', requestId: 'test' }, { file: fileId })
    expect(upload.ok && upload.value).toMatchObject({ kind: 'submission', person: 'Петров Сергей Николаевич' })
  })
})
