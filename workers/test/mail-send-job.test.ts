// The e-mail outbox's letters are sent by their job on the queue: a letter the SMTP server refuses is tried again,
// waiting longer each time, then given up and marked; a letter is sent once when its job runs again or twice at once.
import { sql } from 'kysely'
import { describe, expect, it } from 'vitest'
import { JOBS } from '@portal/workflow-domain/ports.ts'
import { useSmtpServer } from '../../test-support/smtp-server.ts'
import { useTestApp } from '../../test-support/test-app.ts'
import { holder, RESPONSIBLE } from '../../test-support/workflow-fixtures.ts'
import { jobPolicies } from '../src/jobs.ts'
import { createQueue } from '../src/queue/create-queue.ts'
import { mailSendJob } from '../src/mail/mail-send-job.server.ts'
import { FIRST_RETRY_SECONDS, MAX_ATTEMPTS } from '../src/mail/mail-sender.server.ts'

const t = useTestApp()

const smtp = useSmtpServer()

const quiet = { info() {}, warn() {}, error() {} }
const jobOf = (url: string | undefined) => mailSendJob({ db: t.database.db, config: { ...t.app.config, smtpUrl: url, mailFrom: 'Портал <portal@example.ru>' }, log: quiet })

/** A letter in the outbox, due now, to its own address. */
async function letter(to: string): Promise<number> {
  const { rows } = await sql<{ id: number }>`
    INSERT INTO mail_outbox (event_position, to_address, subject, body, kind, created_at, next_attempt_at)
    SELECT max(position), ${to}, 'Портал: отчёт согласован', 'Отчёт согласован.', 'notice', now(), now() FROM events
    RETURNING id`.execute(t.database.db)
  return rows[0].id
}

const rowOf = async (id: number) => {
  const { rows } = await sql<{ attempts: number; sent_at: Date | null; last_error: string | null; given_up: boolean }>`
    SELECT attempts, sent_at, last_error, next_attempt_at = 'infinity'::timestamptz AS given_up FROM mail_outbox WHERE id = ${id}`.execute(t.database.db)
  return rows[0]
}

/** The retries' waits (2–4 s, then 4–8 s) and the queue's polling, with room for a loaded machine. */
const RETRIES_SECONDS = 60

async function waitFor<T>(read: () => Promise<T>, done: (value: T) => boolean, seconds = RETRIES_SECONDS): Promise<T> {
  const until = Date.now() + seconds * 1000
  for (;;) {
    const value = await read()
    if (done(value)) return value
    if (Date.now() > until) throw new Error(`not reached: ${JSON.stringify(value)}`)
    await new Promise((r) => setTimeout(r, 100))
  }
}

describe('the letters sent by their job', () => {
  it('declares the letters\' queue beside the other jobs: eight tries, the first retry after 30 s and each later one longer', () => {
    const policy = jobPolicies.find((p) => p.name === JOBS.mailSend)
    expect(policy).toMatchObject({ retryLimit: MAX_ATTEMPTS - 1, retryDelaySeconds: FIRST_RETRY_SECONDS })
    expect(MAX_ATTEMPTS).toBe(8)
  })

  it('tries a refused letter again on the queue, waiting longer each time, then gives it up and marks it', async () => {
    // The declared policy with short waits: two retries, the first after 2 to 4 s, the second after 4 to 8 s.
    const fast = { ...jobPolicies.find((p) => p.name === JOBS.mailSend)!, name: 'mail-send-fast', retryLimit: 2, retryDelaySeconds: 2 }
    const queue = await createQueue({ url: t.database.url, supervise: true, superviseIntervalSeconds: 1, policies: [fast] })
    try {
      await queue.work([{ ...fast, ...jobOf(smtp.url) }])
      smtp.state.refuse = true
      const id = await letter('refused@example.ru')
      await queue.send(fast.name, { outboxId: id })
      const row = await waitFor(() => rowOf(id), (r) => r.given_up)
      expect(row).toMatchObject({ attempts: 3, sent_at: null, given_up: true })
      expect(row.last_error).toMatch(/mailbox unavailable/)
      const tries = smtp.offered.filter((o) => o.to === 'refused@example.ru').map((o) => o.at)
      expect(tries).toHaveLength(3)
      expect(tries[1] - tries[0]).toBeGreaterThanOrEqual(1900)
      expect(tries[2] - tries[1]).toBeGreaterThanOrEqual(3900)
      // Given up: a job run again for it (a worker's start queues waiting letters) sends nothing.
      smtp.state.refuse = false
      await jobOf(smtp.url).handle({ outboxId: id })
      expect(smtp.offered.filter((o) => o.to === 'refused@example.ru')).toHaveLength(3)
    } finally {
      smtp.state.refuse = false
      await queue.stop()
    }
    // Longer than the runner's 30 s: the wait above names the letter's state if the queue is slower than that.
  }, (RETRIES_SECONDS + 30) * 1000)

  it('sends a letter once when its job runs again after the mark, and once when two runs meet', async () => {
    const job = jobOf(smtp.url)
    const id = await letter('once@example.ru')
    await job.handle({ outboxId: id })
    await job.handle({ outboxId: id })
    const twice = await letter('twice@example.ru')
    await Promise.all([job.handle({ outboxId: twice }), job.handle({ outboxId: twice })])
    expect(smtp.received.filter((m) => m.to.includes('once@example.ru'))).toHaveLength(1)
    expect(smtp.received.filter((m) => m.to.includes('twice@example.ru'))).toHaveLength(1)
    expect(await rowOf(id)).toMatchObject({ attempts: 1, given_up: false })
    expect((await rowOf(id)).sent_at).not.toBeNull()
    expect(smtp.received.find((m) => m.to.includes('once@example.ru'))!.data).toMatch(new RegExp(`Message-ID: <outbox-${id}-\\d+@portal>`, 'i'))
  })

  it('records a refused try on the letter and fails the job, so the queue tries again', async () => {
    smtp.state.refuse = true
    try {
      const id = await letter('later@example.ru')
      await expect(jobOf(smtp.url).handle({ outboxId: id })).rejects.toThrow(/mailbox unavailable/)
      const row = await rowOf(id)
      expect(row).toMatchObject({ attempts: 1, sent_at: null, given_up: false })
      smtp.state.refuse = false
      await jobOf(smtp.url).handle({ outboxId: id })
      expect((await rowOf(id)).sent_at).not.toBeNull()
    } finally {
      smtp.state.refuse = false
    }
  })

  it('sends nothing and fails nothing without SMTP_URL, and keeps the letter for later', async () => {
    const id = await letter('no-smtp@example.ru')
    await jobOf(undefined).handle({ outboxId: id })
    expect(await rowOf(id)).toMatchObject({ attempts: 0, sent_at: null, given_up: false })
  })

  it('queues the sending of a letter in the transaction of the event that wrote it', async () => {
    const before = await sql<{ n: number }>`SELECT count(*)::int AS n FROM pgboss.job WHERE name = ${JOBS.mailSend}`.execute(t.database.db)
    const h = await holder(t.app, t.database.db, 'holder1')
    // A new address of a responsible person is asked to confirm: a letter, and its job.
    const saved = await t.app.inject({ method: 'POST', url: '/api/v1/company-responsibles/', headers: h.headers, payload: { company: h.companyId, year: new Date().getFullYear() - 7, ...RESPONSIBLE, email: 'queued@example.ru' } })
    expect(saved.statusCode, saved.body).toBe(201)
    const row = await t.database.db.selectFrom('mail_outbox').select('id').where('to_address', '=', 'queued@example.ru').executeTakeFirstOrThrow()
    const { rows } = await sql<{ data: { outboxId: number } }>`SELECT data FROM pgboss.job WHERE name = ${JOBS.mailSend} AND singleton_key = ${`${JOBS.mailSend}:${row.id}`}`.execute(t.database.db)
    expect(rows.map((r) => r.data.outboxId)).toEqual([row.id])
    const after = await sql<{ n: number }>`SELECT count(*)::int AS n FROM pgboss.job WHERE name = ${JOBS.mailSend}`.execute(t.database.db)
    expect(after.rows[0].n).toBe(before.rows[0].n + 1)
  })
})
