// The demo data acts its workflow out through the real commands, which write e-mails to the outbox for its made-up
// people. Those letters must never leave, even when the portal is later started with SMTP_URL: they are kept (the
// outbox shows what would have been sent) with a reason, and the sender takes only rows without one.
import type { Kysely, Transaction } from 'kysely'
import type { Database } from '@portal/migrations/database.ts'

export const DEMO_MAIL_REASON = 'демо-данные: письма вымышленным адресатам не отправляются'

/** Marks every letter still waiting in the outbox as never to be sent; answers how many. Run only by the seed. */
export async function skipDemoMail(db: Kysely<Database> | Transaction<Database>): Promise<number> {
  const result = await db.updateTable('mail_outbox').set({ skipped_reason: DEMO_MAIL_REASON }).where('sent_at', 'is', null).where('skipped_reason', 'is', null).executeTakeFirst()
  return Number(result.numUpdatedRows)
}
