// Throttles password guessing per account (five failures from any addresses lock it for 15 minutes) and per address
// (twenty failures over any usernames lock that address). An attempt is counted BEFORE its password is checked, with
// one atomic UPSERT per counter, so parallel attempts queue on the counter's row and at most the limit get checked;
// a success gives its count back. Counters live in PostgreSQL, so every web process and node shares them.
import { type Kysely, sql } from 'kysely'
import type { Database } from '@portal/migrations/database.ts'

export const MAX_ACCOUNT_FAILURES = 5
export const MAX_ADDRESS_FAILURES = 20
export const WINDOW_SECONDS = 15 * 60

const accountKey = (username: string) => username.trim().toLowerCase()

type Scope = 'account' | 'address'

/**
 * Counts one attempt on a counter and answers the count after it, and the seconds left in its window. A window that
 * has passed starts again at this attempt.
 */
async function count(db: Kysely<Database>, scope: Scope, key: string): Promise<{ attempts: number; secondsLeft: number }> {
  const { rows } = await sql<{ attempts: number; left: number }>`
    INSERT INTO login_throttle AS t (scope, key, attempts, window_started_at) VALUES (${scope}, ${key}, 1, now())
    ON CONFLICT (scope, key) DO UPDATE SET
      attempts = CASE WHEN t.window_started_at <= now() - make_interval(secs => ${WINDOW_SECONDS}) THEN 1 ELSE t.attempts + 1 END,
      window_started_at = CASE WHEN t.window_started_at <= now() - make_interval(secs => ${WINDOW_SECONDS}) THEN now() ELSE t.window_started_at END
    RETURNING attempts, extract(epoch FROM window_started_at + make_interval(secs => ${WINDOW_SECONDS}) - now())::float8 AS left`.execute(db)
  return { attempts: rows[0].attempts, secondsLeft: Math.max(1, Math.ceil(Number(rows[0].left))) }
}

export type Admission = { admitted: true } | { admitted: false; retryAfterSeconds: number }

/**
 * Counts this attempt for the account and the address; admitted when neither was over its limit. Each counter is
 * its own statement in autocommit: the row lock lasts one statement, so a slow password check holds no lock.
 */
export async function admitAttempt(db: Kysely<Database>, username: string, address: string): Promise<Admission> {
  const account = await count(db, 'account', accountKey(username))
  const client = await count(db, 'address', address)
  const refused = [
    account.attempts > MAX_ACCOUNT_FAILURES ? account.secondsLeft : 0,
    client.attempts > MAX_ADDRESS_FAILURES ? client.secondsLeft : 0,
  ]
  const wait = Math.max(...refused)
  if (wait > 0) return { admitted: false, retryAfterSeconds: wait }
  // Old rows are useless: forget them while we are here (indexed by window_started_at).
  await db.deleteFrom('login_throttle').where('window_started_at', '<', sql<Date>`now() - make_interval(secs => ${WINDOW_SECONDS * 2})`).execute()
  return { admitted: true }
}

/**
 * A right password: the account's failures are forgotten, and the address gets back the one attempt this login
 * counted (its other failures, on other accounts, still count).
 */
export async function admittedAttemptSucceeded(db: Kysely<Database>, username: string, address: string): Promise<void> {
  await db.deleteFrom('login_throttle').where('scope', '=', 'account').where('key', '=', accountKey(username)).execute()
  await db
    .updateTable('login_throttle')
    .set({ attempts: sql<number>`greatest(attempts - 1, 0)` })
    .where('scope', '=', 'address')
    .where('key', '=', address)
    .execute()
}

export function lockedMessage(seconds: number): string {
  const minutes = Math.max(1, Math.ceil(seconds / 60))
  return `Слишком много неудачных попыток входа. Повторите попытку через ${minutes} мин.`
}
