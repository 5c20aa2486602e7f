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
 * of the same statement (they run whether or not they are read). Answers the ids of the letters it wrote that wait to
 * be sent (the notices' and the confirmations'), for their jobs (decision 3821).
 */
export async function sendNoticeLetters(
  db: Kysely<Database>,
  event: Pick<StoredEvent, 'position' | 'createdAt'>,
  letter: { subject: string; body: string },
  people: RawBuilder<unknown>,
  before?: RawBuilder<unknown>,
): Promise<number[]> {
  // The addresses to ask and the letters written, in one answer: a letter's row has no address, an address no letter.
  const { rows } = await sql<{ address: string | null; letter: number | null }>`
    WITH ${before ? sql`${before}, ` : sql``}people AS (${people}), mailed AS (
      INSERT INTO mail_outbox (event_position, to_address, subject, body, created_at, next_attempt_at, kind, skipped_reason)
      SELECT ${event.position}::bigint, a.address, ${letter.subject}, ${letter.body}, ${event.createdAt}::timestamptz, ${event.createdAt}::timestamptz, 'notice',
        CASE WHEN (SELECT count(*) FROM mail_outbox o WHERE o.to_address = a.address AND o.kind = 'notice' AND o.skipped_reason IS NULL
                   AND o.created_at > ${event.createdAt}::timestamptz - interval '1 hour') >= ${NOTIFICATIONS_PER_ADDRESS_PER_HOUR}
             THEN ${RATE_LIMITED} END
      FROM people a JOIN email_confirmations c ON c.address = a.address AND c.confirmed_at IS NOT NULL
      ON CONFLICT (event_position, to_address) DO NOTHING
      RETURNING id, skipped_reason
    )
    SELECT a.address, NULL::integer AS letter FROM people a WHERE NOT EXISTS (SELECT 1 FROM email_confirmations c WHERE c.address = a.address AND c.confirmed_at IS NOT NULL)
    UNION ALL SELECT NULL, id FROM mailed WHERE skipped_reason IS NULL`.execute(db)
  const letters = rows.filter((row) => row.letter !== null).map((row) => Number(row.letter))
  // Sent together: the pipelined connection writes them in one turn, one round trip for all the addresses.
  const asked = await Promise.all(rows.filter((row) => row.address !== null).map((row) => requestConfirmation(db, row.address!, event.position, event.createdAt)))
  return [...letters, ...asked.filter((id): id is number => id !== null)]
}
