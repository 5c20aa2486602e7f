// The conversation on a report (issue 37, decision 3711), as people meet it: a holder opens the report's conversation
// from its section, asks with a file; the Department finds the notice, opens the conversation, reads the question and
// answers; the holder finds the Department's notice and reads the answer. Another company's user gets the 404 page.
import { describe, expect, it } from 'vitest'
import { useBrowser } from './support/browser.ts'
import { csrfToken, logIn } from './support/log-in.ts'

const b = useBrowser()
// A year no other browser file files holder1's reports in, within the reports page's ten: five years back.
const YEAR = new Date().getFullYear() - 5
const eventually = <T>(value: () => Promise<T> | T, options: { timeout?: number } = {}) => expect.poll(value, { timeout: 15_000, ...options })

describe('the conversation on a report in the browser', () => {
  it('lets a holder ask with a file and the Department answer, each seeing the other’s message and notice', async () => {
    const holder = await logIn(b, 'holder1')
    const { user } = (await (await holder.request.get(`${b.baseUrl}/api/v1/initialization/`)).json()) as { user: { company: number } }
    const token = await csrfToken(b, holder)
    const responsible = await holder.request.post(`${b.baseUrl}/api/v1/company-responsibles/`, {
      headers: { 'X-CSRFToken': token },
      data: { company: user.company, year: YEAR, fullname: 'Вопросова Анна Ильинична', position: 'Эколог', email: 'question@example.ru', phone: '+7 (3492) 22-33-44' },
    })
    // 409: a retry of this test finds the person it saved.
    expect([201, 409]).toContain(responsible.status())
    const created = await holder.request.post(`${b.baseUrl}/api/v1/import-reports/`, { headers: { 'X-CSRFToken': token }, data: { company: user.company, year: YEAR, report_type: 'greenhouse_gases' } })
    expect([200, 201]).toContain(created.status())
    const report = (await created.json()) as { id: number }

    // The holder opens the conversation from the report's section and asks, with a file.
    await holder.goto(`${b.baseUrl}/monitoring/companies/${user.company}/reports?year=${YEAR}`)
    await holder.locator(`a[href$="/reports/${report.id}/messages"]`).click()
    await eventually(() => new URL(holder.url()).pathname).toBe(`/monitoring/companies/${user.company}/reports/${report.id}/messages`)
    await eventually(() => holder.getByRole('heading', { name: 'Переписка по отчёту' }).count()).toBe(1)
    await holder.getByLabel('Сообщение').fill('Нужно ли прикладывать протокол лаборатории?')
    await holder.getByLabel(/Файлы/).setInputFiles({ name: 'Протокол.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n%протокол\n%%EOF\n') })
    await holder.getByRole('button', { name: 'Отправить' }).click()
    await eventually(() => holder.getByRole('status').filter({ hasText: 'Сообщение отправлено.' }).count()).toBe(1)
    await eventually(() => holder.locator('.conversation-message.from-holder').count()).toBe(1)

    // The Department finds the notice and follows it to the conversation.
    const department = await logIn(b, 'department')
    await department.goto(`${b.baseUrl}/monitoring/notifications`)
    const notice = department.locator('li.notification').filter({ hasText: 'Новое сообщение по отчёту' }).first()
    await eventually(() => notice.count()).toBe(1)
    await notice.getByRole('link', { name: 'Открыть переписку' }).click()
    await eventually(() => new URL(department.url()).pathname).toBe(`/monitoring/companies/${user.company}/reports/${report.id}/messages`)
    const question = department.locator('.conversation-message.from-holder')
    await eventually(() => question.count()).toBe(1)
    expect(await question.textContent()).toContain('Нужно ли прикладывать протокол лаборатории?')
    expect(await question.getByRole('link', { name: 'Протокол.pdf' }).count()).toBe(1)
    await department.getByLabel('Сообщение').fill('Да, протокол с подписью руководителя лаборатории.')
    await department.getByRole('button', { name: 'Отправить' }).click()
    await eventually(() => department.locator('.conversation-message.from-department').count()).toBe(1)
    await department.close()

    // The holder is told and reads the answer.
    await holder.goto(`${b.baseUrl}/monitoring/notifications`)
    const answerNotice = holder.locator('li.notification').filter({ hasText: 'Новое сообщение Департамента' }).first()
    await eventually(() => answerNotice.count()).toBe(1)
    expect(await answerNotice.textContent()).toContain('Да, протокол с подписью руководителя лаборатории.')
    await answerNotice.getByRole('link', { name: 'Открыть переписку' }).click()
    await eventually(() => new URL(holder.url()).pathname).toBe(`/monitoring/companies/${user.company}/reports/${report.id}/messages`)
    await eventually(() => holder.locator('.conversation-message.from-department').count()).toBe(1)
    expect(await holder.locator('.conversation-message.from-department').textContent()).toContain('Да, протокол с подписью руководителя лаборатории.')
    await holder.close()

    // Another company's user: the page is not there.
    const other = await logIn(b, 'holder2')
    const answer = await other.goto(`${b.baseUrl}/monitoring/companies/${user.company}/reports/${report.id}/messages`)
    expect(answer?.status()).toBe(404)
    await other.close()
  }, 180_000)
})
