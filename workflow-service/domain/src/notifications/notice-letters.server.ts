// The letters of a notice, written in the statement that finds their addresses: a letter only to a confirmed address,
// under the notice's fixed subject, and past the hour's limit per address kept but marked; the addresses not confirmed
// yet are answered, to be asked to confirm instead. One rule for the holders' and the Department's notices.
import { type Kysely, type RawBuilder, sql } from 'kysely'
import type { Database } from '@portal/migrations/database.ts'
import type { StoredEvent } from '../event-store/event-store.server.ts'
import { requestConfirmation } from './email-confirmations.server.ts'
import { NOTIFICATIONS_PER_ADDRESS_PER_HOUR, RATE_LIMITED } from './mail-rules.ts'

/**
 * Runs `WITH <before,> people AS (<people>), mailed AS (…letters…) SELECT <addresses not confirmed>` and asks each of
 * those to confirm. `people` is a query of one lower-cased `address` column; `before` may hold data-modifying steps
 * of the same statement (they run whether or not they are read).
 */
export async function sendNoticeLetters(
  db: Kysely<Database>,
  event: Pick<StoredEvent, 'position' | 'createdAt'>,
  letter: { subject: string; body: string },
  people: RawBuilder<unknown>,
  before?: RawBuilder<unknown>,
): Promise<void> {
  const { rows: unconfirmed } = await sql<{ address: string }>`
    WITH ${before ? sql`${before}, ` : sql``}people AS (${people}), mailed AS (
      INSERT INTO mail_outbox (event_position, to_address, subject, body, created_at, next_attempt_at, kind, skipped_reason)
      SELECT ${event.position}::bigint, a.address, ${letter.subject}, ${letter.body}, ${event.createdAt}::timestamptz, ${event.createdAt}::timestamptz, 'notice',
        CASE WHEN (SELECT count(*) FROM mail_outbox o WHERE o.to_address = a.address AND o.kind = 'notice' AND o.skipped_reason IS NULL
                   AND o.created_at > ${event.createdAt}::timestamptz - interval '1 hour') >= ${NOTIFICATIONS_PER_ADDRESS_PER_HOUR}
             THEN ${RATE_LIMITED} END
      FROM people a JOIN email_confirmations c ON c.address = a.address AND c.confirmed_at IS NOT NULL
      ON CONFLICT (event_position, to_address) DO NOTHING
    )
    SELECT a.address FROM people a WHERE NOT EXISTS (SELECT 1 FROM email_confirmations c WHERE c.address = a.address AND c.confirmed_at IS NOT NULL)`.execute(db)
  for (const { address } of unconfirmed) await requestConfirmation(db, address, event.position, event.createdAt)
}
