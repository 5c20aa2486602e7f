// The login decision: throttle, password check and a new session; the same answer for an unknown user and a wrong password.
import type { Kysely } from 'kysely'
import type { Database } from '@portal/migrations/database.ts'
import { admitAttempt, admittedAttemptSucceeded, lockedMessage } from './login-throttle.server.ts'
import { verifyPassword } from './passwords.server.ts'
import { createSession, endSession } from './sessions.server.ts'
import { findLoginCandidate } from './users.server.ts'
import { homeOf } from './login-rules.ts'

export const WRONG_CREDENTIALS = 'Неверный логин или пароль.'

export type LoginResult =
  | { ok: true; userId: number; token: string; csrfToken: string; home: string }
  | { ok: false; reason: 'credentials'; message: string }
  | { ok: false; reason: 'locked'; message: string; retryAfterSeconds: number }

export interface LoginAttempt {
  username: string
  password: string
  address: string
  /** The cookie token of the session the browser had before: it is ended, so the session id changes at login. */
  previousToken: string | null
}

export async function logIn(db: Kysely<Database>, attempt: LoginAttempt): Promise<LoginResult> {
  // Counted before the password is checked: a refused attempt never reaches the check, parallel ones included.
  const admission = await admitAttempt(db, attempt.username, attempt.address)
  if (!admission.admitted) {
    const seconds = admission.retryAfterSeconds
    return { ok: false, reason: 'locked', message: lockedMessage(seconds), retryAfterSeconds: seconds }
  }

  const candidate = await findLoginCandidate(db, attempt.username)
  const passwordOk = await verifyPassword(candidate?.passwordHash ?? null, attempt.password)
  if (!candidate || !passwordOk || !candidate.isActive) {
    // The attempt stays counted: it was a failure.
    return { ok: false, reason: 'credentials', message: WRONG_CREDENTIALS }
  }

  await admittedAttemptSucceeded(db, attempt.username, attempt.address)
  if (attempt.previousToken) await endSession(db, attempt.previousToken)
  const session = await createSession(db, candidate.id)
  return { ok: true, userId: candidate.id, ...session, home: homeOf(candidate) }
}
