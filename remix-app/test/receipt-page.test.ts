// The receipt page is a copy of record (issue 33): its own fields render the same bytes after the file is deleted or
// the decision is undone, in the page's HTML and in its data (what the page's JSON form answers), and what happened
// since is one separate line «После выдачи квитанции: …».
import { createElement } from 'react'
import { renderToString } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import type { CurrentUser, Group } from '@portal/workflow-domain/views.ts'
import { recordFileChecked } from '@portal/workflow-domain/commands.server.ts'
import { loginAs } from '../../test-support/login.ts'
import { useTestApp } from '../../test-support/test-app.ts'
import { holder, multipartWithFiles, RESPONSIBLE, type Holder } from '../../test-support/workflow-fixtures.ts'
import { ReceiptFacts } from '../app/features/reports/components/receipt-facts.tsx'
import { callPage } from './support/call-page.ts'
import { pageContext } from './support/load-context.ts'

const t = useTestApp()
const YEAR = new Date().getFullYear() + 1

async function user(username: string): Promise<CurrentUser> {
  const row = await t.database.db
    .selectFrom('users')
    .select(['id', 'username', 'groups', 'company_id'])
    .where('username', '=', username)
    .executeTakeFirstOrThrow()
  return { id: row.id, username: row.username, groups: row.groups as Group[], companyId: row.company_id }
}

async function report(h: Holder): Promise<number> {
  await t.app.inject({
    method: 'POST',
    url: '/api/v1/company-responsibles/',
    headers: h.headers,
    payload: { company: h.companyId, year: YEAR, ...RESPONSIBLE },
  })
  return (
    await t.app.inject({
      method: 'POST',
      url: '/api/v1/import-reports/',
      headers: h.headers,
      payload: { company: h.companyId, year: YEAR, report_type: 'greenhouse_gases' },
    })
  ).json().id
}

async function upload(h: Holder, reportId: number, filename: string): Promise<number> {
  const body = multipartWithFiles({ report: reportId }, [{ field: 'file', filename, content: `Год;Категория\r\n${YEAR};${filename}\r\n` }])
  const res = await t.app.inject({ method: 'POST', url: '/api/v1/import-files/', headers: { ...h.headers, ...body.headers }, payload: body.payload })
  expect(res.statusCode).toBe(201)
  return res.json().id
}

/** The page as the holder reads it: the receipt's own fields as HTML and as data, and the line of what came since. */
async function readPage(key: string) {
  const page = await callPage(
    `/receipts/${key}`,
    pageContext({ db: t.database.db, queue: t.queue }, await user('holder1'), { dataDir: '.test-data/receipt-page' }),
  )
  expect(page.status).toBe(200)
  const { since, ...own } = page.data.receipt
  return {
    html: renderToString(createElement(ReceiptFacts, { receipt: page.data.receipt })),
    data: JSON.stringify({ title: page.data.title, ...own }),
    since: (since?.line ?? null) as string | null,
  }
}

describe('the receipt page as a copy of record', () => {
  it("shows a file's receipt as it was issued after the file is deleted, with «После выдачи квитанции: файл удалён …» apart", async () => {
    const h = await holder(t.app, t.database.db, 'holder1')
    const reportId = await report(h)
    const fileId = await upload(h, reportId, 'Удаляемый.csv')
    await recordFileChecked(t.database.db, { fileId, ok: true, problems: [] })
    const issued = await readPage(`file-${fileId}`)
    expect(issued.html).toContain('<dt>Проверка файла</dt><dd>Файл проверяется</dd>')
    expect(issued.html).toContain('<dt>Статус отчёта</dt><dd>На рассмотрении</dd>')

    expect((await t.app.inject({ method: 'DELETE', url: `/api/v1/import-files/${fileId}`, headers: h.headers })).statusCode).toBe(204)
    const after = await readPage(`file-${fileId}`)
    expect(after.html).toBe(issued.html)
    expect(after.data).toBe(issued.data)
    expect(after.html).not.toContain('Файл удалён')
    expect(after.since).toMatch(/^После выдачи квитанции: файл удалён \d{2}\.\d{2}\.\d{4}$/)
  })

  it('shows a decision receipt headed «отчёт отклонён» with «Отклонён» after the resubmission, the agreement and the cancellation', async () => {
    const h = await holder(t.app, t.database.db, 'holder1')
    const department = await loginAs(t.app, 'department')
    const reportId = await report(h)
    const first = await upload(h, reportId, 'Первый.csv')
    await recordFileChecked(t.database.db, { fileId: first, ok: true, problems: [] })
    const decide = async (status: string) => {
      const res = await t.app.inject({
        method: 'PUT',
        url: `/api/v1/import-reports/${reportId}/`,
        headers: department.headers,
        payload: { status, comment: 'Замечания' },
      })
      expect(res.statusCode, res.body).toBe(200)
    }
    await decide('rejected')
    const event = await t.database.db
      .selectFrom('events')
      .select('position')
      .where('type', '=', 'ReportRejected')
      .where('data', '@>', JSON.stringify({ reportId }) as never)
      .orderBy('position', 'desc')
      .executeTakeFirstOrThrow()
    const issued = await readPage(String(event.position))
    expect(issued.data).toContain('Квитанция о решении: отчёт отклонён')
    expect(issued.html).toContain('<dt>Статус отчёта</dt><dd>Отклонён</dd>')
    expect(issued.since).toBeNull()

    const corrected = await upload(h, reportId, 'Исправленный.csv')
    await recordFileChecked(t.database.db, { fileId: corrected, ok: true, problems: [] })
    const later: string[] = []
    for (const step of [null, 'agreed', 'consideration'] as const) {
      if (step) await decide(step)
      const now = await readPage(String(event.position))
      expect(now.html).toBe(issued.html)
      expect(now.data).toBe(issued.data)
      later.push(now.since!)
    }
    expect(later.map((line) => line.replace(/ \d{2}\.\d{2}\.\d{4}$/, ''))).toEqual([
      'После выдачи квитанции: отчёт отправлен повторно',
      'После выдачи квитанции: отчёт согласован',
      'После выдачи квитанции: решение отменено',
    ])
  })
})
