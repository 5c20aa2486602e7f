// The Set-Cookie values of the session and the public CSRF token: httpOnly, SameSite=Lax, Secure behind HTTPS. Read
// and written with the `cookie` package, for the API's hooks and the pages' login and logout alike (decision 2560).
import { parseCookie, stringifySetCookie } from 'cookie'
import { CSRF_COOKIE, SESSION_COOKIE, SESSION_MAX_SECONDS } from '@portal/workflow-domain/use-cases.server.ts'

/** A value that is not valid percent-encoding is not one of ours: skipped, and a later pair of the name may count. */
function decodeOrSkip(value: string): string | undefined {
  try {
    return decodeURIComponent(value)
  } catch {
    return undefined
  }
}

/** name=value pairs of a Cookie header (the first of a name counts); a malformed pair is skipped, never an error. */
export function readCookies(header: string | undefined): Record<string, string | undefined> {
  return header ? parseCookie(header, { decode: decodeOrSkip }) : {}
}

function cookie(name: string, value: string, maxAge: number, secure: boolean): string {
  return stringifySetCookie({
    name,
    value,
    path: '/',
    maxAge,
    // A cleared cookie also carries a date in the past, for clients that do not know Max-Age.
    expires: maxAge === 0 ? new Date(0) : undefined,
    httpOnly: true,
    sameSite: 'lax',
    secure,
  })
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
