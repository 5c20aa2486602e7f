// The Department's notices by e-mail (issue 26, decision 2685): a Department user with an address gets a letter per
// report while its notice is unread (grouped as the notices are), only once the address is confirmed (decision 2224),
// under a fixed subject and without a file's name.
import { describe, expect, it } from 'vitest'
import { confirmAddress } from '../domain/src/notifications/email-confirmations.server.ts'
import { recordFileChecked } from '../domain/src/use-cases/worker-commands.server.ts'
import { loginAs } from '../../test-support/login.ts'
import { useTestApp } from '../../test-support/test-app.ts'
import { holder, multipartWithFiles, RESPONSIBLE } from '../../test-support/workflow-fixtures.ts'

const t = useTestApp()
const YEAR = new Date().getFullYear() + 1
const ADDRESS = 'sokolova@dprr.example.ru'

async function upload(headers: Record<string, string>, reportId: number, name: string): Promise<number> {
  const body = multipartWithFiles({ report: reportId }, [{ field: 'file', filename: name, content: `Показатель;Значение\r\nФенолы;${Math.random()}\r\n` }])
  const res = await t.app.inject({ method: 'POST', url: '/api/v1/import-files/', headers: { ...headers, ...body.headers }, payload: body.payload })
  expect(res.statusCode).toBe(201)
  return res.json().id as number
}

const lettersTo = (address: string) => t.database.db.selectFrom('mail_outbox').selectAll().where('to_address', '=', address).orderBy('id').execute()

describe('the Department told by e-mail', () => {
  it('asks a new address to confirm first, then mails one letter per report while its notice is unread, without the file name', async () => {
    const admin = await loginAs(t.app, 'admin')
    const department = await t.database.db.selectFrom('users').select('id').where('username', '=', 'department').executeTakeFirstOrThrow()
    expect((await t.app.inject({ method: 'PATCH', url: `/api/v1/users/${department.id}/`, headers: admin.headers, payload: { email: ADDRESS } })).statusCode).toBe(200)
    const h = await holder(t.app, t.database.db, 'holder1')
    await t.app.inject({ method: 'POST', url: '/api/v1/company-responsibles/', headers: h.headers, payload: { company: h.companyId, year: YEAR, ...RESPONSIBLE } })
    const reportId = (await t.app.inject({ method: 'POST', url: '/api/v1/import-reports/', headers: h.headers, payload: { company: h.companyId, year: YEAR, report_type: 'greenhouse_gases' } })).json().id as number

    // Not confirmed: no notice by mail, a confirmation letter instead.
    await recordFileChecked(t.database.db, { fileId: await upload(h.headers, reportId, 'Первый.csv'), ok: true, problems: [] })
    const first = await lettersTo(ADDRESS)
    expect(first.map((l) => l.kind)).toEqual(['confirmation'])
    expect(await confirmAddress(t.database.db, /confirm-email\/([\w-]{43})/.exec(first[0].body)![1])).toBe('confirmed')

    // Confirmed, and the earlier notice read: the next checked file makes a new notice and one letter.
    const session = await loginAs(t.app, 'department')
    expect((await t.app.inject({ method: 'POST', url: '/api/v1/notifications/read/', headers: session.headers, payload: {} })).statusCode).toBeLessThan(300)
    await recordFileChecked(t.database.db, { fileId: await upload(h.headers, reportId, 'СРОЧНО пароль.csv'), ok: false, problems: [{ row: 2, column: 'Значение', value: 'x', reason: 'не число' }] })
    let notices = (await lettersTo(ADDRESS)).filter((l) => l.kind === 'notice')
    expect(notices).toHaveLength(1)
    expect(notices[0].subject).toBe('Портал экологического мониторинга ЯНАО: проверен файл отчёта на рассмотрении')
    expect(notices[0].body).toContain('Файл проверен: 1 ошибка')
    expect(notices[0].body).toContain(h.companyName)
    expect(notices[0].body).not.toContain('СРОЧНО')

    // The notice is still unread: another checked file of the same report is grouped into it, with no second letter.
    await recordFileChecked(t.database.db, { fileId: await upload(h.headers, reportId, 'Третий.csv'), ok: true, problems: [] })
    notices = (await lettersTo(ADDRESS)).filter((l) => l.kind === 'notice')
    expect(notices).toHaveLength(1)
  })

  it('mails no one without an address, and not a disabled account', async () => {
    const before = await t.database.db.selectFrom('mail_outbox').select((eb) => eb.fn.countAll<string>().as('n')).where('kind', '=', 'notice').executeTakeFirstOrThrow()
    const h = await holder(t.app, t.database.db, 'holder2')
    await t.database.db.updateTable('users').set({ is_active: false }).where('username', '=', 'department').execute()
    try {
      await t.app.inject({ method: 'POST', url: '/api/v1/company-responsibles/', headers: h.headers, payload: { company: h.companyId, year: YEAR, ...RESPONSIBLE, email: 'x-unconfirmed@example.ru' } })
      const reportId = (await t.app.inject({ method: 'POST', url: '/api/v1/import-reports/', headers: h.headers, payload: { company: h.companyId, year: YEAR, report_type: 'greenhouse_gases' } })).json().id as number
      await recordFileChecked(t.database.db, { fileId: await upload(h.headers, reportId, 'Файл.csv'), ok: true, problems: [] })
    } finally {
      await t.database.db.updateTable('users').set({ is_active: true }).where('username', '=', 'department').execute()
    }
    const after = await t.database.db.selectFrom('mail_outbox').select((eb) => eb.fn.countAll<string>().as('n')).where('kind', '=', 'notice').where('to_address', '=', ADDRESS).executeTakeFirstOrThrow()
    expect(Number(after.n)).toBeLessThanOrEqual(Number(before.n))
    expect((await lettersTo(ADDRESS)).filter((l) => l.kind === 'notice')).toHaveLength(1)
  })
})
