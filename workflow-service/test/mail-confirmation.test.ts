// The portal mails no stranger (issue 22 item 7): a responsible person's address gets a confirmation letter with a
// link and nothing else until the person confirms it on a page of the portal; no letter's subject carries a text a
// holder chose; and each address gets a bounded number of letters per hour.
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import type { ServerBuild } from '@remix-run/node'
import { describe, expect, it } from 'vitest'
import { anonymousCsrf, loginAs } from '../../test-support/login.ts'
import { useTestApp } from '../../test-support/test-app.ts'
import { checkedFile, holder, type Holder, multipartWithFiles } from '../../test-support/workflow-fixtures.ts'
import { recordFileChecked } from '../domain/src/use-cases/worker-commands.server.ts'
import { sendDueMail } from '../../test-support/system.ts'
import { CONFIRMATION_SUBJECT, CONFIRMATIONS_PER_ACCOUNT_PER_DAY, MAIL_SUBJECTS, NOTIFICATIONS_PER_ADDRESS_PER_HOUR } from '../domain/src/notifications/mail-rules.ts'

// The confirmation page is served by the built pages (npm test builds them first), as the portal serves them.
const built = path.resolve(import.meta.dirname, '../../remix-app/build')
const build = (await import(pathToFileURL(path.join(built, 'server/index.js')).href)) as ServerBuild
const t = useTestApp({}, { remix: { build, clientDir: path.join(built, 'client') } })
const YEAR = new Date().getFullYear() + 1
const PHISHING = 'СРОЧНО Подтвердите пароль: https:․․evil.example login.csv'

const lettersTo = (address: string) => t.database.db.selectFrom('mail_outbox').selectAll().where('to_address', '=', address).orderBy('id').execute()

/** The responsible person of each company of the test and year, once saved: later saves edit it. */
const saved = new Map<number, number>()

async function responsible(h: Holder, email: string, fullname = 'Иванова Мария Петровна') {
  const details = { fullname, position: 'Инженер-эколог', email, phone: '+7 (34922) 4-12-34' }
  const id = saved.get(h.companyId)
  const res = id
    ? await t.app.inject({ method: 'PUT', url: `/api/v1/company-responsibles/${id}/`, headers: h.headers, payload: { company: h.companyId, year: YEAR, ...details } })
    : await t.app.inject({ method: 'POST', url: '/api/v1/company-responsibles/', headers: h.headers, payload: { company: h.companyId, year: YEAR, ...details } })
  expect(res.statusCode, res.body).toBeLessThan(300)
  saved.set(h.companyId, res.json().id)
}

async function report(h: Holder): Promise<number> {
  return (await t.app.inject({ method: 'POST', url: '/api/v1/import-reports/', headers: h.headers, payload: { company: h.companyId, year: YEAR, report_type: 'greenhouse_gases' } })).json().id as number
}

/** The link of the newest confirmation letter to an address. */
async function confirmationLink(address: string): Promise<string> {
  const letters = (await lettersTo(address)).filter((l) => l.subject === CONFIRMATION_SUBJECT)
  const match = /\/monitoring\/confirm-email\/([A-Za-z0-9_-]{43})/.exec(letters.at(-1)!.body)
  expect(match).not.toBeNull()
  return `/monitoring/confirm-email/${match![1]}`
}

/** Confirms as a person reading the letter does: the page, then its button (a form with the public CSRF token). */
async function confirmThrough(path: string) {
  const page = await t.app.inject({ url: path })
  const csrf = await anonymousCsrf(t.app)
  const post = await t.app.inject({ method: 'POST', url: path, headers: { cookie: csrf.cookie, 'content-type': 'application/x-www-form-urlencoded' }, payload: `csrfmiddlewaretoken=${encodeURIComponent(csrf.token)}` })
  return { page, post }
}

/** Uploads a file under a name of its own and records its check: one event that tells the report's people. */
async function checkedUpload(h: Holder, reportId: number, name: string) {
  const body = multipartWithFiles({ report: reportId }, [{ field: 'file', filename: name, content: `Год;Категория\r\n;${name}\r\n` }])
  const res = await t.app.inject({ method: 'POST', url: '/api/v1/import-files/', headers: { ...h.headers, ...body.headers }, payload: body.payload })
  expect(res.statusCode, res.body).toBe(201)
  await recordFileChecked(t.database.db, { fileId: res.json().id, ok: true, problems: [] })
}

describe('mail only to addresses that confirmed', () => {
  it('sends a new address one confirmation letter with a link and no chosen text, and no notice until it is confirmed on the page', async () => {
    const h = await holder(t.app, t.database.db, 'holder1')
    const address = 'first.person@example.ru'
    await responsible(h, address, 'СРОЧНО смените пароль https://evil.example')
    const [letter, ...rest] = await lettersTo(address)
    expect(rest).toEqual([])
    expect(letter.subject).toBe(CONFIRMATION_SUBJECT)
    expect(letter.body).not.toMatch(/СРОЧНО|evil/)
    const reportId = await report(h)
    await checkedFile(t.app, t.database.db, h.headers, reportId)
    expect((await lettersTo(address)).filter((l) => l.subject !== CONFIRMATION_SUBJECT && l.skipped_reason === null)).toEqual([])

    const link = await confirmationLink(address)
    // Opening the link confirms nothing (a mail scanner opens links too), nor does its data twin, HEAD or a wrong token.
    for (const spelling of [link, `${link}.data`, `${link}/`, link.toUpperCase(), `${link.slice(0, -1)}A`, `${link}x`]) {
      await t.app.inject({ url: spelling })
      await t.app.inject({ method: 'HEAD', url: spelling })
    }
    await checkedFile(t.app, t.database.db, h.headers, reportId)
    expect((await lettersTo(address)).filter((l) => l.subject !== CONFIRMATION_SUBJECT && l.skipped_reason === null)).toEqual([])
    // A wrong token is refused on the page's button too.
    const wrong = await confirmThrough(`${link.slice(0, -2)}AA`)
    expect(wrong.post.body).toContain('Ссылка недействительна')

    const { page, post } = await confirmThrough(link)
    expect(page.statusCode).toBe(200)
    expect(page.body).toContain('Подтвердить адрес')
    expect(post.statusCode).toBe(200)
    expect(post.body).toContain('Адрес подтверждён')
    await checkedFile(t.app, t.database.db, h.headers, reportId)
    const notices = (await lettersTo(address)).filter((l) => l.subject !== CONFIRMATION_SUBJECT)
    expect(notices.filter((l) => l.skipped_reason === null)).toHaveLength(1)
    // Sent, the letters link to the portal's own address (PUBLIC_URL), which the sender puts in.
    const sent: Array<{ to: string; text: string }> = []
    await sendDueMail(t.database.db, { sendMail: async (m) => void sent.push(m) }, 'portal@example.ru', undefined, 'https://eco.example.ru')
    const toPerson = sent.filter((m) => m.to === address)
    expect(toPerson.map((m) => m.text.match(/https:\/\/eco\.example\.ru\/monitoring\/\S+/)?.[0] ?? '')).toEqual([`https://eco.example.ru${link}`, expect.stringMatching(/^https:\/\/eco\.example\.ru\/monitoring\/companies\/\d+\/reports\?year=\d+$/)])
  })

  it("never puts a holder's text in a subject: a file named as a phishing line is not in the letter", async () => {
    const h = await holder(t.app, t.database.db, 'holder2')
    const address = 'second.person@example.ru'
    await responsible(h, address)
    await confirmThrough(await confirmationLink(address))
    const reportId = await report(h)
    const body = multipartWithFiles({ report: reportId }, [{ field: 'file', filename: PHISHING, content: 'Год;Категория\r\n;фишинг\r\n' }])
    const uploaded = await t.app.inject({ method: 'POST', url: '/api/v1/import-files/', headers: { ...h.headers, ...body.headers }, payload: body.payload })
    expect(uploaded.statusCode).toBe(201)
    await recordFileChecked(t.database.db, { fileId: uploaded.json().id, ok: true, problems: [] })
    await recordFileChecked(t.database.db, { fileId: await checkedFile(t.app, t.database.db, h.headers, reportId, false), ok: false, problems: [{ reason: 'x' }] }).catch(() => {})
    const department = await loginAs(t.app, 'department')
    const decision = multipartWithFiles({ status: 'rejected', comment: 'Исправьте' })
    await t.app.inject({ method: 'PUT', url: `/api/v1/import-reports/${reportId}/`, headers: { ...department.headers, ...decision.headers }, payload: decision.payload })
    const letters = (await lettersTo(address)).filter((l) => l.subject !== CONFIRMATION_SUBJECT)
    expect(letters.length).toBeGreaterThanOrEqual(2)
    for (const letter of letters) {
      expect(Object.values(MAIL_SUBJECTS)).toContain(letter.subject)
      expect(letter.subject + letter.body).not.toMatch(/СРОЧНО|evil|Подтвердите пароль/)
    }
  })
})

describe('letters per address', () => {
  it(`sends an address at most ${NOTIFICATIONS_PER_ADDRESS_PER_HOUR} notices an hour and one confirmation letter, keeping the rest marked`, async () => {
    const h = await holder(t.app, t.database.db, 'holder1')
    const address = 'busy.person@example.ru'
    // Saving the person again and again asks for one confirmation within the hour.
    for (let i = 0; i < 4; i++) await responsible(h, address, `Иванова ${i}`)
    expect((await lettersTo(address)).filter((l) => l.subject === CONFIRMATION_SUBJECT)).toHaveLength(1)
    await confirmThrough(await confirmationLink(address))
    const reportId = await report(h)
    // Each checked file is a new event telling the person.
    for (let i = 0; i < NOTIFICATIONS_PER_ADDRESS_PER_HOUR + 5; i++) await checkedUpload(h, reportId, `Выбросы ${i}.csv`)
    const notices = (await lettersTo(address)).filter((l) => l.subject !== CONFIRMATION_SUBJECT)
    expect(notices.length).toBeGreaterThan(NOTIFICATIONS_PER_ADDRESS_PER_HOUR)
    expect(notices.filter((l) => l.skipped_reason === null)).toHaveLength(NOTIFICATIONS_PER_ADDRESS_PER_HOUR)
    expect(notices.filter((l) => l.skipped_reason !== null).every((l) => /предел/.test(l.skipped_reason!))).toBe(true)
    // Letter case and spaces make no other address.
    await responsible(h, '  BUSY.Person@Example.RU ')
    expect((await lettersTo(address)).filter((l) => l.subject === CONFIRMATION_SUBJECT)).toHaveLength(1)
  })
})

describe('letters per account', () => {
  it(`lets one account make the portal ask at most ${CONFIRMATIONS_PER_ACCOUNT_PER_DAY} addresses a day to confirm, and leaves other accounts theirs`, async () => {
    const h = await holder(t.app, t.database.db, 'holder2')
    // The letters the account asked for in the last day (this file's other cases; the demo's are of another year) count too.
    const { id: account } = await t.database.db.selectFrom('users').select('id').where('username', '=', 'holder2').executeTakeFirstOrThrow()
    const earlier = (await t.database.db.selectFrom('mail_outbox').select('id').where('kind', '=', 'confirmation').where('requested_by', '=', account).where('created_at', '>', new Date(Date.now() - 86_400_000)).execute()).length
    const left = CONFIRMATIONS_PER_ACCOUNT_PER_DAY - earlier
    expect(left).toBeGreaterThan(0)
    const many = Array.from({ length: CONFIRMATIONS_PER_ACCOUNT_PER_DAY + 5 }, (_, i) => `stranger-${i}@example.ru`)
    // Every save is accepted: the person is recorded, only the letters are bounded.
    for (const [i, address] of many.entries()) await responsible(h, address, `Петрова ${i}`)
    const asked = await t.database.db.selectFrom('mail_outbox').select('to_address').where('kind', '=', 'confirmation').where('to_address', 'in', many).execute()
    expect(asked).toHaveLength(left)
    expect(asked.map((l) => l.to_address).sort()).toEqual(many.slice(0, left).sort())
    // Another holder's new address is asked as before.
    await responsible(await holder(t.app, t.database.db, 'holder1'), 'colleague@example.ru')
    expect((await lettersTo('colleague@example.ru')).filter((l) => l.kind === 'confirmation')).toHaveLength(1)
  })
})
