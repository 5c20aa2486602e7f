// Server-side sessions: a random token in an httpOnly cookie, its SHA-256 as the row id, idle and absolute expiry.
import { createHash } from 'node:crypto'
import { type Kysely, sql } from 'kysely'
import type { Database } from '@portal/migrations/database.ts'
import { randomToken } from './csrf.server.ts'
import type { CurrentUser, Group } from './permissions.ts'

export const SESSION_COOKIE = 'sessionid'
/** A session not used for this long is over (the user logs in again). */
export const SESSION_IDLE_SECONDS = 2 * 60 * 60
/** No session outlives a working day, however busy. */
export const SESSION_MAX_SECONDS = 12 * 60 * 60
/** last_seen_at is written at most this often, so reading pages does not write a row on every request. */
const TOUCH_EVERY_SECONDS = 60

export interface ActiveSession {
  user: CurrentUser
  csrfToken: string
}

export function sessionIdOf(token: string): string {
  return createHash('sha256').update(token).digest('hex')
}

/** Starts a session for the user and answers the cookie token (never stored) and the session's CSRF token. */
export async function createSession(db: Kysely<Database>, userId: number): Promise<{ token: string; csrfToken: string }> {
  const token = randomToken()
  const csrfToken = randomToken()
  await db
    .insertInto('sessions')
    .values({
      id: sessionIdOf(token),
      user_id: userId,
      csrf_token: csrfToken,
      expires_at: sql<Date>`now() + make_interval(secs => ${SESSION_MAX_SECONDS})` as never,
    })
    .execute()
  // Logins are rare enough to sweep the finished sessions of everybody here, over indexed columns.
  await db
    .deleteFrom('sessions')
    .where((eb) =>
      eb.or([
        eb('expires_at', '<', sql<Date>`now()`),
        eb('last_seen_at', '<', sql<Date>`now() - make_interval(secs => ${SESSION_IDLE_SECONDS})`),
      ]),
    )
    .execute()
  return { token, csrfToken }
}

/**
 * The live session of a cookie token with its (active) user, in one round trip; it also moves last_seen_at
 * forward when the last move is older than a minute.
 */
export async function findSession(db: Kysely<Database>, token: string): Promise<ActiveSession | null> {
  const id = sessionIdOf(token)
  const { rows } = await sql<{ user_id: number; username: string; groups: Group[]; company_id: number | null; csrf_token: string }>`
    WITH live AS (
      SELECT s.id, s.csrf_token, s.last_seen_at, u.id AS user_id, u.username, u.groups, u.company_id
      FROM sessions s JOIN users u ON u.id = s.user_id
      WHERE s.id = ${id}
        AND u.is_active
        AND s.expires_at > now()
        AND s.last_seen_at > now() - make_interval(secs => ${SESSION_IDLE_SECONDS})
    ), touched AS (
      UPDATE sessions SET last_seen_at = now()
      WHERE id IN (SELECT id FROM live WHERE last_seen_at < now() - make_interval(secs => ${TOUCH_EVERY_SECONDS}))
    )
    SELECT user_id, username, groups, company_id, csrf_token FROM live`.execute(db)
  const row = rows[0]
  if (!row) return null
  return {
    user: { id: row.user_id, username: row.username, groups: row.groups, companyId: row.company_id },
    csrfToken: row.csrf_token,
  }
}

export async function endSession(db: Kysely<Database>, token: string): Promise<void> {
  await db.deleteFrom('sessions').where('id', '=', sessionIdOf(token)).execute()
}

/** Ends every session of a user: when an administrator disables the account or resets its password. */
export async function endSessionsOfUser(db: Kysely<Database>, userId: number): Promise<void> {
  await db.deleteFrom('sessions').where('user_id', '=', userId).execute()
}
