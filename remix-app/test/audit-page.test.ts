// The Department's audit page (issue 26): companies and areas are picked by name (the form sends ids), an impossible
// period is refused naming its field in the form's words, and no message shows a parameter's name.
import type { AppLoadContext } from '@remix-run/node'
import { describe, expect, it } from 'vitest'
import type { CurrentUser, Group } from '@portal/workflow-domain/views.ts'
import { useTestApp } from '../../test-support/test-app.ts'
import { loader } from '../app/features/review/routes/audit.tsx'
import { pageContext } from './support/load-context.ts'

const t = useTestApp()

async function department(): Promise<CurrentUser> {
  const row = await t.database.db.selectFrom('users').select(['id', 'username', 'groups', 'company_id']).where('username', '=', 'department').executeTakeFirstOrThrow()
  return { id: row.id, username: row.username, groups: row.groups as Group[], companyId: row.company_id }
}

async function load(query: string) {
  const context: AppLoadContext = pageContext({ db: t.database.db, queue: t.queue }, await department(), { dataDir: '.test-data/audit-page', clientAddress: '127.0.0.1', requestId: 'test' })
  return loader({ request: new Request(`http://localhost/monitoring/department-reports/audit${query}`), context, params: {} })
}

describe('the audit page', () => {
  it('offers the companies with reports by name, each with its areas, and filters by the id the choice sends', async () => {
    const page = await load('')
    expect(page.companies.length).toBeGreaterThan(1)
    const withArea = page.companies.find((c) => c.areas.length > 0)!
    expect(withArea.name).not.toMatch(/^\d+$/)
    expect([...page.companies.map((c) => c.name)]).toEqual([...page.companies.map((c) => c.name)].sort((a, b) => a.localeCompare(b, 'ru')))
    const byArea = await load(`?company=${withArea.id}&area=${withArea.areas[0].id}`)
    expect(byArea.problem).toBeNull()
    expect(byArea.results.length).toBeGreaterThan(0)
    for (const entry of byArea.results) expect([entry.companyId, entry.areaName]).toEqual([withArea.id, withArea.areas[0].name])
  })

  it('refuses impossible dates and a period that ends before it starts, naming the field as the form does', async () => {
    for (const [query, message] of [
      ['?from=2026-02-30', 'С даты: нет такой даты'],
      ['?to=2026-04-31', 'По дату: нет такой даты'],
      ['?from=2026-03-10&to=2026-03-01', 'С даты: начало периода позже его конца'],
    ] as const) {
      const page = await load(query)
      expect(page.problem, query).toBe(message)
      expect(page.results, query).toEqual([])
    }
    // One day is a period: from and to the same day.
    expect((await load('?from=2026-03-01&to=2026-03-01')).problem).toBeNull()
  })

  it('never shows a parameter name for hostile values', async () => {
    for (const query of ['?year=12345', '?year=abc', '?company=abc', '?area=-1', '?company=99999999999', '?event=hacked', '?user=' + 'x'.repeat(200), '?from=20260101']) {
      const page = await load(query)
      expect(page.problem, query).toBeTruthy()
      expect(page.problem, query).not.toMatch(/^(year|company|area|event|user|from|to|input)\b/)
      expect(page.problem, query).toMatch(/^(Год|Предприятие|Участок|Событие|Пользователь|С даты|По дату|Значение): /)
    }
  })
})
