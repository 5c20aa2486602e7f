// Confirmation of the addresses the portal mails (decision 2224): a letter with a one-time link to an address not yet
// confirmed, at most one an hour and three a day per address and, for the letters an account's command asks for,
// a bound per account and day (decision 3508), and the confirmation itself when the person presses
// the button of the link's page. The token is stored as its SHA-256; a newer letter replaces the older link.
import { createHash, randomBytes } from 'node:crypto'
import { type Kysely, sql } from 'kysely'
import type { Database } from '@portal/migrations/database.ts'
import { fixed, rowsOf } from '@portal/workflow-platform/database.server.ts'
import { CONFIRMATION_DAYS, CONFIRMATION_SUBJECT, CONFIRMATION_TOKEN, CONFIRMATIONS_PER_ACCOUNT_PER_DAY, CONFIRMATIONS_PER_DAY, CONFIRMATIONS_PER_HOUR, confirmationBody } from './mail-rules.ts'

const sha256 = (token: string) => createHash('sha256').update(token).digest('hex')

/** One spelling per address: trimmed and lower-cased, as the outbox keeps it. */
export const addressKey = (email: string) => email.trim().toLowerCase()

/**
 * Asks an address to confirm, in the caller's transaction, unless it is confirmed already or had its letters for the
 * hour or the day. `eventPosition` ties the letter to the event that caused it (one letter per event and address).
 * `by` is the account whose command asks (a holder saving a responsible person): past its letters for the day it asks
 * no more; null (a notice's letter, which no account's command aims) counts for nobody. Answers the letter's id in the
 * outbox, to be queued for sending, or null when no letter was written.
 */
export async function requestConfirmation(db: Kysely<Database>, email: string, eventPosition: number | bigint, at: Date, by: number | null = null): Promise<number | null> {
  const address = addressKey(email)
  if (!address.includes('@')) return null
  const token = randomBytes(32).toString('base64url')
  // One statement (decision 2316): it runs inside a command's transaction, where every round trip waits its turn.
  // `asked` is empty for a confirmed address or one past its letters for the hour or the day. The token is replaced
  // only when its letter is written, so the link of the last letter sent keeps working after a refused request or
  // an event asked twice. It answers the letter it wrote, which its caller queues: the outbox is not looked up again
  // for the letters of the event (decision 3821).
  const [letter] = await rowsOf(
    db,
    fixed<{ id: number }>`
    WITH asked AS (
      SELECT 1 FROM (
        SELECT count(*) FILTER (WHERE created_at > ${at}::timestamptz - interval '1 hour') AS hour, count(*) AS day
        FROM mail_outbox WHERE to_address = ${address} AND kind = 'confirmation' AND created_at > ${at}::timestamptz - interval '1 day'
      ) sent
      WHERE sent.hour < ${CONFIRMATIONS_PER_HOUR} AND sent.day < ${CONFIRMATIONS_PER_DAY}
        AND (${by}::integer IS NULL OR (
          SELECT count(*) FROM mail_outbox
          WHERE requested_by = ${by}::integer AND kind = 'confirmation' AND created_at > ${at}::timestamptz - interval '1 day'
        ) < ${CONFIRMATIONS_PER_ACCOUNT_PER_DAY})
        AND NOT EXISTS (SELECT 1 FROM email_confirmations WHERE address = ${address} AND confirmed_at IS NOT NULL)
    ), letter AS (
      INSERT INTO mail_outbox (event_position, to_address, subject, body, kind, created_at, next_attempt_at, requested_by)
      SELECT ${Number(eventPosition)}::bigint, ${address}, ${CONFIRMATION_SUBJECT}, ${confirmationBody(token)}, 'confirmation', ${at}::timestamptz, ${at}::timestamptz, ${by}::integer FROM asked
      ON CONFLICT (event_position, to_address) DO NOTHING
      RETURNING id
    ), tokened AS (
      INSERT INTO email_confirmations (address, token_sha256, token_created_at)
      SELECT ${address}, ${sha256(token)}, ${at}::timestamptz FROM letter
      ON CONFLICT (address) DO UPDATE SET token_sha256 = excluded.token_sha256, token_created_at = excluded.token_created_at
      WHERE email_confirmations.confirmed_at IS NULL
    )
    SELECT id FROM letter`,
  )
  return letter ? Number(letter.id) : null
}

export type ConfirmationState = 'pending' | 'confirmed' | 'invalid'

/** What a link's token stands for: an address waiting to be confirmed, one confirmed already, or nothing valid. */
export async function confirmationState(db: Kysely<Database>, token: string): Promise<ConfirmationState> {
  if (!CONFIRMATION_TOKEN.test(token)) return 'invalid'
  const row = await db
    .selectFrom('email_confirmations')
    .select(['confirmed_at', sql<boolean>`token_created_at > now() - make_interval(days => ${CONFIRMATION_DAYS})`.as('fresh')])
    .where('token_sha256', '=', sha256(token))
    .executeTakeFirst()
  if (!row) return 'invalid'
  if (row.confirmed_at) return 'confirmed'
  return row.fresh ? 'pending' : 'invalid'
}

/** Confirms the address of a valid token; answers the state after it. */
export async function confirmAddress(db: Kysely<Database>, token: string): Promise<ConfirmationState> {
  if ((await confirmationState(db, token)) === 'invalid') return 'invalid'
  await db.updateTable('email_confirmations').set({ confirmed_at: sql<Date>`now()` }).where('token_sha256', '=', sha256(token)).where('confirmed_at', 'is', null).execute()
  return 'confirmed'
}
