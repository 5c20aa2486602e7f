// CSRF tokens: the session's own token for a logged-in user, a signed double-submit cookie for the public.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto'

/** The cookie that carries the public's token; the page repeats it in the hidden field csrfmiddlewaretoken. */
export const CSRF_COOKIE = 'csrftoken'
export const CSRF_HEADER = 'x-csrftoken'
export const CSRF_FIELD = 'csrfmiddlewaretoken'

export function randomToken(): string {
  return randomBytes(32).toString('base64url')
}

function signature(secret: string, nonce: string): string {
  return createHmac('sha256', secret).update(`csrf:${nonce}`).digest('base64url')
}

/** A fresh token for the public: a random nonce and its HMAC, so a token we did not issue is refused. */
export function issueAnonymousToken(secret: string): string {
  const nonce = randomBytes(18).toString('base64url')
  return `${nonce}.${signature(secret, nonce)}`
}

export function isValidAnonymousToken(secret: string, token: string | undefined): token is string {
  if (!token) return false
  const [nonce, sig, extra] = token.split('.')
  if (!nonce || !sig || extra !== undefined) return false
  return sameToken(sig, signature(secret, nonce))
}

/** Constant-time comparison, so the answer time does not leak how much of a guess was right. */
export function sameToken(a: string | undefined, b: string | undefined): boolean {
  if (!a || !b) return false
  const x = Buffer.from(a)
  const y = Buffer.from(b)
  return x.length === y.length && timingSafeEqual(x, y)
}
