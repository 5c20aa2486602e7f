// Sends the e-mails of the mail outbox (written with the events that caused them) through SMTP_URL: a few due rows
// at a time, locked while they are sent so no other worker sends them too, marked sent in the same transaction.
// A refused or failed send is retried later, waiting longer each time; after MAX_ATTEMPTS the row is given up.
import { type Kysely, sql } from 'kysely'
import nodemailer from 'nodemailer'
import type { Database } from '@portal/migrations/database.ts'
import { ORIGIN_PLACEHOLDER } from '@portal/workflow-service/notifications/mail-rules.ts'

/** What the sender logs with (pino's logger fits). */
export interface Logger {
  warn(details: object, message: string): void
  error(details: object, message: string): void
}

export const MAX_ATTEMPTS = 8
const BATCH = 10

/** Seconds before the next try after `attempts` failures: 30 s, 1 min, 2 min … at most 1 hour. */
export function retryDelaySeconds(attempts: number): number {
  return Math.min(3600, 30 * 2 ** Math.max(0, attempts - 1))
}

export interface MailTransport {
  sendMail(message: { from: string; to: string; subject: string; text: string; messageId: string }): Promise<unknown>
  close?(): void
}

/** Sends what is due now; answers how many e-mails were sent. */
/** `origin`: the portal's address for the links of letters (PUBLIC_URL), put where a letter's body holds its placeholder. */
export async function sendDueMail(db: Kysely<Database>, transport: MailTransport, from: string, log?: Logger, origin = 'http://localhost:3000'): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const due = await trx
      .selectFrom('mail_outbox')
      .selectAll()
      .where('sent_at', 'is', null)
      .where('skipped_reason', 'is', null)
      .where('next_attempt_at', '<=', sql<Date>`now()`)
      .orderBy('id')
      .limit(BATCH)
      .forUpdate()
      .skipLocked()
      .execute()
    let sent = 0
    for (const row of due) {
      try {
        // One Message-ID per outbox row: a mail server that got it once already can tell a repeat.
        await transport.sendMail({ from, to: row.to_address, subject: row.subject, text: row.body.split(ORIGIN_PLACEHOLDER).join(origin), messageId: `<outbox-${row.id}-${row.event_position}@portal>` })
        await trx.updateTable('mail_outbox').set({ sent_at: sql<Date>`now()`, attempts: sql<number>`attempts + 1`, last_error: null }).where('id', '=', row.id).execute()
        sent++
      } catch (error) {
        const attempts = row.attempts + 1
        const next = attempts >= MAX_ATTEMPTS ? sql<Date>`'infinity'::timestamptz` : sql<Date>`now() + make_interval(secs => ${retryDelaySeconds(attempts)})`
        await trx
          .updateTable('mail_outbox')
          .set({ attempts, next_attempt_at: next, last_error: String((error as Error).message ?? error).slice(0, 1000) })
          .where('id', '=', row.id)
          .execute()
        log?.warn({ outboxId: row.id, attempts, err: error }, 'notification e-mail not sent, will retry')
      }
    }
    return sent
  })
}

export interface MailSender {
  stop(): Promise<void>
}

/** Polls the outbox every `intervalMs` while running; does nothing at all without SMTP_URL. */
export function startMailSender(options: { db: Kysely<Database>; smtpUrl: string | undefined; from: string; log?: Logger; intervalMs?: number; origin?: string }): MailSender {
  if (!options.smtpUrl) return { stop: async () => {} }
  const transport = nodemailer.createTransport(options.smtpUrl) as unknown as MailTransport
  let stopped = false
  let running: Promise<unknown> = Promise.resolve()
  const tick = () => {
    if (stopped) return
    running = (async () => {
      try {
        while (!stopped && (await sendDueMail(options.db, transport, options.from, options.log, options.origin)) > 0) {
          // more may be due
        }
      } catch (error) {
        if (!stopped) options.log?.error({ err: error }, 'mail outbox failed')
      }
      if (!stopped) timer = setTimeout(tick, options.intervalMs ?? 2000).unref()
    })()
  }
  let timer = setTimeout(tick, 0).unref()
  return {
    async stop() {
      stopped = true
      clearTimeout(timer)
      await running
      transport.close?.()
    },
  }
}
