// A company's pages lead where a person expects: the card links to the company's licence areas, a company that does not
// exist sends its reports page to /404 like every other page, and the ZIP of files names `area` when it has none.
import { describe, expect, it } from 'vitest'
import type { CurrentUser, Group } from '@portal/workflow-domain/views.ts'
import { pageContext } from './support/load-context.ts'
import { useTestApp } from '../../test-support/test-app.ts'
import { loginAs } from '../../test-support/login.ts'
import { loader as companyLoader } from '../app/features/catalogue/routes/company-card.tsx'
import { loader as reportsLoader } from '../app/features/reports/routes/company-reports.tsx'
import { isNotFound } from '../app/features/catalogue/server/not-found.ts'

const t = useTestApp()

async function userNamed(username: string): Promise<CurrentUser> {
  const row = await t.database.db.selectFrom('users').select(['id', 'username', 'groups', 'company_id']).where('username', '=', username).executeTakeFirstOrThrow()
  return { id: row.id, username: row.username, groups: row.groups as Group[], companyId: row.company_id }
}

const args = (path: string, params: Record<string, string>, user: CurrentUser | null = null) =>
  ({ request: new Request(`http://localhost/monitoring${path}`), params, context: pageContext({ db: t.database.db, queue: t.queue }, user, { dataDir: '.test-data/company-pages' }) }) as never

describe('company pages', () => {
  it('links the company card to each of its licence areas, whatever the company kind', async () => {
    for (const kind of ['lem', 'lem_industry'] as const) {
      const company = await t.database.db.selectFrom('companies').select('id').where('kind', '=', kind)
        .where(({ exists, selectFrom }) => exists(selectFrom('areas').select('id').whereRef('areas.company_id', '=', 'companies.id').where('areas.kind', '=', 'licence_area')))
        .orderBy('id').executeTakeFirstOrThrow()
      const areas = await t.database.db.selectFrom('areas').select(['id', 'name']).where('company_id', '=', company.id).where('kind', '=', 'licence_area').orderBy('name').orderBy('id').execute()
      const card = await companyLoader(args(`/companies/${company.id}`, { id: String(company.id) }))
      expect(card.areas, kind).toEqual(areas.map((a) => ({ name: a.name, href: `/areas/${a.id}` })))
    }
  })

  it('sends the reports page of a company that does not exist to /404, for the Department and a holder alike', async () => {
    for (const username of ['department', 'holder1']) {
      const user = await userNamed(username)
      const answer = await reportsLoader(args('/companies/99999/reports', { id: '99999' }, user)).catch((thrown: unknown) => thrown)
      expect(isNotFound(answer), username).toBe(true)
    }
  })

  it('names `area` when the ZIP of files is asked for without an area or company', async () => {
    const department = await loginAs(t.app, 'department')
    const res = await t.app.inject({ url: '/api/v1/import-files/zip/?year=2024', headers: department.headers })
    expect(res.statusCode).toBe(400)
    expect(res.json()).toMatchObject({ parameter: 'area' })
    const list = await t.app.inject({ url: '/api/v1/import-files/?year=2024', headers: department.headers })
    expect(list.json()).toMatchObject({ parameter: 'area_name' })
  })
})
