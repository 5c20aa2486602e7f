// The Set-Cookie values of the session and the public CSRF token: httpOnly, SameSite=Lax, Secure behind HTTPS.
import { CSRF_COOKIE } from './csrf.server.ts'
import { SESSION_COOKIE, SESSION_MAX_SECONDS } from './sessions.server.ts'

/** name=value pairs of a Cookie header; a malformed pair is skipped, never an error. */
export function readCookies(header: string | undefined): Record<string, string | undefined> {
  const cookies: Record<string, string> = {}
  if (!header) return cookies
  for (const pair of header.split(';')) {
    const at = pair.indexOf('=')
    if (at < 0) continue
    const name = pair.slice(0, at).trim()
    if (!name || name in cookies) continue
    try {
      cookies[name] = decodeURIComponent(pair.slice(at + 1).trim())
    } catch {
      // A value that is not valid percent-encoding is not one of ours.
    }
  }
  return cookies
}

// Our values are base64url and '.', so they need no encoding.
function cookie(name: string, value: string, maxAge: number, secure: boolean): string {
  const attributes = [`${name}=${value}`, 'Path=/', `Max-Age=${maxAge}`, 'HttpOnly', 'SameSite=Lax']
  if (maxAge === 0) attributes.push('Expires=Thu, 01 Jan 1970 00:00:00 GMT')
  if (secure) attributes.push('Secure')
  return attributes.join('; ')
}

export function sessionCookie(token: string, secure: boolean): string {
  return cookie(SESSION_COOKIE, token, SESSION_MAX_SECONDS, secure)
}

export function clearedSessionCookie(secure: boolean): string {
  return cookie(SESSION_COOKIE, '', 0, secure)
}

/** httpOnly too: scripts read the token from the page's hidden field, never from the cookie. */
export function csrfCookie(token: string, secure: boolean): string {
  return cookie(CSRF_COOKIE, token, 365 * 24 * 60 * 60, secure)
}
