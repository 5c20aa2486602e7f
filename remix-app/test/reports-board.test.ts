// The status board's loader and the reports page opened at a section, called with real requests on the demo data:
// what a holder and the Department get, what a holder cannot get by changing the address, and the login's landing.
import type { AppLoadContext } from '@remix-run/node'
import { describe, expect, it } from 'vitest'
import { pageContext } from './support/load-context.ts'
import type { CurrentUser, Group } from '@portal/workflow-domain/views.ts'
import { filingYear } from '@portal/workflow-domain/views.ts'
import { useTestApp } from '../../test-support/test-app.ts'
import { loadBoard } from '../app/features/board/board.server.ts'
import { loadReportsPage } from '../app/features/reports/server/reports-page.server.ts'
import { loadReviewList } from '../app/features/review/review-list.server.ts'
import { checkedFile, holder as holderOf, RESPONSIBLE } from '../../test-support/workflow-fixtures.ts'

const t = useTestApp()

async function userNamed(username: string): Promise<CurrentUser> {
  const row = await t.database.db.selectFrom('users').select(['id', 'username', 'groups', 'company_id']).where('username', '=', username).executeTakeFirstOrThrow()
  return { id: row.id, username: row.username, groups: row.groups as Group[], companyId: row.company_id }
}

function contextOf(user: CurrentUser | null): AppLoadContext {
  return pageContext({ db: t.database.db, queue: t.queue }, user, { dataDir: '.test-data/reports-board', clientAddress: '127.0.0.1', requestId: 'test' })
}

const boardUrl = (query = '') => `http://localhost/monitoring/board${query}`

async function thrown(work: () => Promise<unknown>): Promise<{ status: number; location: string | null }> {
  try {
    await work()
  } catch (error) {
    if (error instanceof Response) return { status: error.status, location: error.headers.get('location') }
    throw error
  }
  throw new Error('nothing was thrown')
}

describe('the status board page', () => {
  it('gives a holder their own company’s board of the year being filed, every cell linking to its section', async () => {
    const holder = await userNamed('holder1')
    const board = await loadBoard(new Request(boardUrl()), contextOf(holder))
    expect(board.viewer).toBe('holder')
    expect(board.company?.id).toBe(holder.companyId)
    expect(board.year).toBe(filingYear())
    expect(board.years[0]).toBe(new Date().getFullYear() + 1)
    expect(board.results.length).toBeGreaterThan(0)
    for (const cell of board.results) {
      expect(cell.companyId).toBe(holder.companyId)
      expect(cell.href).toMatch(new RegExp(`^/companies/${holder.companyId}/reports\\?year=${board.year}&section=[a-z0-9_-]+#section-`))
      expect(cell.label).toMatch(/^(файлы не загружены|проверяется|ошибки в \d+ файл(е|ах)|на рассмотрении \d+ дн\.|отклонён — ответить|согласован)$/)
    }
  })

  it('answers a holder asking for another company’s board by changing the address with the 403 page, and the public with the login', async () => {
    const holder = await userNamed('holder1')
    const other = await userNamed('holder2')
    for (const query of [`?company=${other.companyId}`, `?company=${other.companyId}&year=2024&state=agreed`, `?year=2024&company=${other.companyId}&type=program`]) {
      expect((await thrown(() => loadBoard(new Request(boardUrl(query)), contextOf(holder)))).status, query).toBe(403)
    }
    // Naming their own company is allowed, and a filter value that is not a choice is no filter (never an error page).
    const own = await loadBoard(new Request(boardUrl(`?company=${holder.companyId}&state=__proto__&type=x&year=1e400`)), contextOf(holder))
    expect(own.results.every((c) => c.companyId === holder.companyId)).toBe(true)
    expect(own.year).toBe(filingYear())
    const publicAnswer = await thrown(() => loadBoard(new Request(boardUrl()), contextOf(null)))
    expect(publicAnswer.status).toBe(302)
    expect(publicAnswer.location).toContain('/login?next=%2Fmonitoring%2Fboard')
    const admin = await userNamed('admin')
    expect((await thrown(() => loadBoard(new Request(boardUrl()), contextOf(admin)))).status).toBe(403)
  })

  it('gives the Department every company, filtered by year, report type, company and state', async () => {
    const department = await userNamed('department')
    const holder = await userNamed('holder1')
    const all = await loadBoard(new Request(boardUrl('?year=2025')), contextOf(department))
    expect(all.viewer).toBe('department')
    expect(all.year).toBe(2025)
    expect(all.companies.length).toBeGreaterThan(2)
    const filtered = await loadBoard(new Request(boardUrl(`?year=2025&company=${holder.companyId}&type=program`)), contextOf(department))
    expect(filtered.results.length).toBeGreaterThan(0)
    expect(new Set(filtered.results.map((c) => `${c.companyId}/${c.reportType}`))).toEqual(new Set([`${holder.companyId}/program`]))
    for (const state of ['agreed', 'no_files'] as const) {
      const only = await loadBoard(new Request(boardUrl(`?year=2025&state=${state}`)), contextOf(department))
      expect(only.results.every((c) => c.state === state)).toBe(true)
      expect(only.count).toBe(all.counts[state])
    }
  })
})

describe('the reports page opened from a link', () => {
  it('opens the section the link names and no other, and accepts next year, which the board offers', async () => {
    const holder = await userNamed('holder1')
    const department = await userNamed('department')
    const board = await loadBoard(new Request(boardUrl()), contextOf(holder))
    const cell = board.results.find((c) => c.areaId !== null && c.reportType === 'final_report')!
    const page = await loadReportsPage(new Request(`http://localhost/monitoring${cell.href}`), contextOf(department), holder.companyId!)
    expect(page.openSection).toBe(`area-${cell.areaId}-final_report`)
    expect(page.year).toBe(board.year)
    // A key that is not one of the page's sections opens nothing.
    const wrong = await loadReportsPage(new Request(`http://localhost/monitoring/companies/${holder.companyId}/reports?section=area-999999-program`), contextOf(department), holder.companyId!)
    expect(wrong.openSection).toBeNull()
    const next = new Date().getFullYear() + 1
    const ahead = await loadReportsPage(new Request(`http://localhost/monitoring/companies/${holder.companyId}/reports?year=${next}`), contextOf(holder), holder.companyId!)
    expect(ahead.year).toBe(next)
    expect(ahead.years[0]).toBe(next)
    const beyond = await loadReportsPage(new Request(`http://localhost/monitoring/companies/${holder.companyId}/reports?year=${next + 1}`), contextOf(holder), holder.companyId!)
    expect(beyond.year).toBe(next - 1)
    expect(beyond.years).toHaveLength(10)
  })
})

describe('the review queue’s rows', () => {
  it('say each report’s files in words, its responsible person and days, open its section, and keep reports with nothing to decide apart', async () => {
    const next = new Date().getFullYear() + 1
    const h = await holderOf(t.app, t.database.db, 'holder2')
    expect((await t.app.inject({ method: 'POST', url: '/api/v1/ecomon-responsibles/', headers: h.headers, payload: { area: h.areaId, year: next, ...RESPONSIBLE } })).statusCode).toBe(201)
    const reports = await t.database.db.selectFrom('import_reports').select(['id', 'report_type']).where('area_id', '=', h.areaId).where('year', '=', next).execute()
    const program = reports.find((r) => r.report_type === 'program')!.id
    const final = reports.find((r) => r.report_type === 'final_report')!.id
    // The programme: one failed file only — nothing to decide. The final report: one failed, one passed — to decide.
    await checkedFile(t.app, t.database.db, h.headers, program, false)
    await checkedFile(t.app, t.database.db, h.headers, final, false)
    await checkedFile(t.app, t.database.db, h.headers, final, true)
    const department = await userNamed('department')
    const queue = await loadReviewList(new Request('http://localhost/monitoring/department-reports?limit=1000'), contextOf(department), undefined)
    const rowOf = (id: number) => queue.results.find((r) => r.reportId === id)!
    expect(rowOf(program)).toMatchObject({ filesLabel: '1 файл с ошибками', awaitsDecision: false, responsible: RESPONSIBLE.fullname, ageDays: 0 })
    expect(rowOf(final)).toMatchObject({ filesLabel: '1 файл с ошибками, 1 файл принят', awaitsDecision: true, responsible: RESPONSIBLE.fullname })
    expect(rowOf(final).href).toBe(`/companies/${h.companyId}/reports?year=${next}&section=area-${h.areaId}-final_report#section-area-${h.areaId}-final_report`)
    // The row's address opens that section for the Department, whose sections otherwise start closed.
    const page = await loadReportsPage(new Request(`http://localhost/monitoring${rowOf(final).href}`), contextOf(department), h.companyId)
    expect(page.openSection).toBe(`area-${h.areaId}-final_report`)
    expect(page.year).toBe(next)
  })
})
