// Throttles password guessing: five failed logins for one username from one address lock it out for 15 minutes.
import { type Kysely, sql } from 'kysely'
import type { Database } from '@portal/migrations/database.ts'

export const MAX_FAILURES = 5
export const WINDOW_SECONDS = 15 * 60

const key = (username: string) => username.trim().toLowerCase()

/** Seconds until the next attempt is allowed (0 = allowed now): the window runs from the oldest of the last five failures. */
export async function lockedForSeconds(db: Kysely<Database>, username: string, address: string): Promise<number> {
  const rows = await db
    .selectFrom('login_failures')
    .select(sql<number>`extract(epoch FROM failed_at + make_interval(secs => ${WINDOW_SECONDS}) - now())`.as('left'))
    .where('username', '=', key(username))
    .where('address', '=', address)
    .where('failed_at', '>', sql<Date>`now() - make_interval(secs => ${WINDOW_SECONDS})`)
    .orderBy('failed_at', 'desc')
    .limit(MAX_FAILURES)
    .execute()
  if (rows.length < MAX_FAILURES) return 0
  return Math.max(1, Math.ceil(Number(rows[MAX_FAILURES - 1].left)))
}

export async function recordFailure(db: Kysely<Database>, username: string, address: string): Promise<void> {
  await db.insertInto('login_failures').values({ username: key(username), address }).execute()
  // Old rows are useless: forget them while we are here (indexed by failed_at).
  await db
    .deleteFrom('login_failures')
    .where('failed_at', '<', sql<Date>`now() - make_interval(secs => ${WINDOW_SECONDS})`)
    .execute()
}

export async function clearFailures(db: Kysely<Database>, username: string, address: string): Promise<void> {
  await db.deleteFrom('login_failures').where('username', '=', key(username)).where('address', '=', address).execute()
}

export function lockedMessage(seconds: number): string {
  const minutes = Math.max(1, Math.ceil(seconds / 60))
  return `Слишком много неудачных попыток входа. Повторите попытку через ${minutes} мин.`
}
