// The `mail-send` job: one letter of the mail outbox, enqueued in the transaction that wrote the letter (and, at a
// worker's start, for every letter still waiting). Its retries, backoff and dead letter are declared in jobs.ts.
import type { JobDependencies } from '../job-dependencies.ts'
import { giveUpLetter, type MailSettings, mailTransportOf, sendLetter } from './mail-sender.server.ts'

export interface MailJobData {
  outboxId: number
}

export function mailSendJob(deps: Pick<JobDependencies, 'db' | 'config' | 'log'>, transport = mailTransportOf(deps.config.smtpUrl)) {
  const settings: MailSettings = { transport, from: deps.config.mailFrom, origin: deps.config.publicUrl ?? `http://localhost:${deps.config.port}`, log: deps.log }
  return {
    /** Without SMTP_URL nothing is sent: the letter stays in the outbox, queued again when a worker starts. */
    handle: async (data: MailJobData) => void (await sendLetter(deps.db, settings, data.outboxId)),
    onDeadLetter: (data: MailJobData, reason: string) => giveUpLetter(deps.db, data.outboxId, reason),
  }
}
