// Sends the letters of the mail outbox (written with the events that caused them) through SMTP_URL, one letter per
// run of its `mail-send` job (jobs.ts declares its retries, backoff and dead letter beside the other jobs). The row is
// locked while it is sent, so no other run sends it too, and marked sent in the same transaction. A refused or failed
// send is recorded on the row and thrown: the queue tries again later, waiting longer each time, and once the tries
// are spent the dead letter marks the row given up.
//
// What is guaranteed: a letter marked sent is never sent again (a job that runs again finds the mark), and two runs
// at once send it once (the second finds the row locked and leaves it to the first). A worker that dies after the
// SMTP server took the letter and before the mark committed leaves the row unsent, and the job's next try sends it
// again: at least once, never silently lost; the repeat carries the same Message-ID, by which a mail server or
// client can tell it.
import { type Kysely, sql } from 'kysely'
import nodemailer from 'nodemailer'
import type { Database } from '@portal/migrations/database.ts'
import { ORIGIN_PLACEHOLDER } from '@portal/workflow-domain/views.ts'
import type { Logger } from '../job-dependencies.ts'

/** What the sender logs with: the warnings and errors of a job's logger (pino's logger fits). */
type MailLog = Pick<Logger, 'warn' | 'error'>

/** Tries of one letter in all (the first and the queue's retries) before it is given up. */
export const MAX_ATTEMPTS = 8
/** The first retry's delay; the queue doubles it for each later one (30 s, 1 min, 2 min … about 32 min). */
export const FIRST_RETRY_SECONDS = 30

/** Seconds before the next try after `attempts` failures, as the queue's backoff waits: recorded on the row for people. */
export function retryDelaySeconds(attempts: number): number {
  return FIRST_RETRY_SECONDS * 2 ** Math.max(0, attempts - 1)
}

export interface MailTransport {
  sendMail(message: { from: string; to: string; subject: string; text: string; messageId: string }): Promise<unknown>
  close?(): void
}

export interface MailSettings {
  /** null without SMTP_URL: nothing is sent and the outbox keeps its rows. */
  transport: MailTransport | null
  from: string
  /** The portal's address for the links of letters (PUBLIC_URL), put where a letter's body holds its placeholder. */
  origin?: string
  log?: MailLog
}

/** The SMTP transport of SMTP_URL, or none without it. */
export function mailTransportOf(smtpUrl: string | undefined): MailTransport | null {
  return smtpUrl ? (nodemailer.createTransport(smtpUrl) as MailTransport) : null
}

/**
 * Sends one letter of the outbox unless it is sent, skipped, given up or being sent by another run; answers whether
 * this run sent it. A failed send is recorded (attempts, error, when the queue tries again) and thrown.
 */
export async function sendLetter(db: Kysely<Database>, settings: MailSettings, outboxId: number): Promise<boolean> {
  const { transport } = settings
  if (!transport) return false
  let failure: unknown = null
  const sent = await db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('mail_outbox')
      .selectAll()
      .where('id', '=', outboxId)
      .where('sent_at', 'is', null)
      .where('skipped_reason', 'is', null)
      .where(sql<boolean>`next_attempt_at < 'infinity'::timestamptz`)
      .forUpdate()
      .skipLocked()
      .executeTakeFirst()
    if (!row) return false
    try {
      // One Message-ID per outbox row: a mail server that got it once already can tell a repeat.
      const text = row.body.split(ORIGIN_PLACEHOLDER).join(settings.origin ?? 'http://localhost:3000')
      await transport.sendMail({ from: settings.from, to: row.to_address, subject: row.subject, text, messageId: `<outbox-${row.id}-${row.event_position}@portal>` })
      await trx.updateTable('mail_outbox').set({ sent_at: sql<Date>`now()`, attempts: sql<number>`attempts + 1`, last_error: null }).where('id', '=', row.id).execute()
      return true
    } catch (error) {
      const attempts = row.attempts + 1
      await trx
        .updateTable('mail_outbox')
        .set({ attempts, next_attempt_at: sql<Date>`now() + make_interval(secs => ${retryDelaySeconds(attempts)})`, last_error: String((error as Error).message ?? error).slice(0, 1000) })
        .where('id', '=', row.id)
        .execute()
      settings.log?.warn({ outboxId: row.id, attempts, err: error }, 'notification e-mail not sent, will retry')
      failure = error
      return false
    }
  })
  // Thrown after the commit, so the try is recorded; the queue retries the job.
  if (failure) throw failure
  return sent
}

/** The dead letter of a letter's job: the row is given up (never tried again) and keeps why. */
export async function giveUpLetter(db: Kysely<Database>, outboxId: number, reason: string): Promise<void> {
  await db
    .updateTable('mail_outbox')
    .set({ next_attempt_at: sql<Date>`'infinity'::timestamptz`, last_error: sql<string>`coalesce(last_error, ${reason.slice(0, 1000)})` })
    .where('id', '=', outboxId)
    .where('sent_at', 'is', null)
    .execute()
}

/**
 * Sends every letter due now, one after the other, as their jobs would (a refused one recorded and left for a later
 * try); answers how many were sent. For tests and tools that have no worker running.
 */
export async function sendDueMail(db: Kysely<Database>, transport: MailTransport, from: string, log?: MailLog, origin?: string): Promise<number> {
  const due = await db
    .selectFrom('mail_outbox')
    .select('id')
    .where('sent_at', 'is', null)
    .where('skipped_reason', 'is', null)
    .where('next_attempt_at', '<=', sql<Date>`now()`)
    .orderBy('id')
    .execute()
  let sent = 0
  for (const { id } of due) {
    try {
      if (await sendLetter(db, { transport, from, origin, log }, id)) sent++
    } catch {
      // recorded on the row
    }
  }
  return sent
}
