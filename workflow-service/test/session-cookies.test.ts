import { describe, expect, it } from 'vitest'
import { clearedSessionCookie, csrfCookie, readCookies, sessionCookie } from '../server/src/auth/session-cookies.server.ts'

describe('session and CSRF cookies', () => {
  it('reads the first value of each name and skips a pair whose value is not valid percent-encoding', () => {
    expect(readCookies('sessionid=%E0%A4%A; sessionid=abc.def_-; csrftoken=a; csrftoken=b')).toEqual({ sessionid: 'abc.def_-', csrftoken: 'a' })
  })

  it('reads hostile headers as plain data, never as an error or a changed prototype', () => {
    for (const header of [undefined, '', ';;;', '=', 'novalue', '__proto__=x; constructor=y', 'a=\u0000b', `x=${'%'.repeat(10_000)}`]) {
      const cookies = readCookies(header)
      expect(cookies.sessionid).toBeUndefined()
      expect(Object.getPrototypeOf({})).toBe(Object.prototype)
    }
    expect(readCookies('__proto__=x').__proto__).toBe('x')
  })

  it('writes the session cookie HttpOnly, SameSite=Lax, for the whole site, Secure only behind HTTPS', () => {
    const plain = sessionCookie('tok.en', false)
    expect(plain).toMatch(/^sessionid=tok\.en; /)
    for (const attribute of ['Path=/', 'HttpOnly', 'SameSite=Lax', 'Max-Age=']) expect(plain).toContain(attribute)
    expect(plain).not.toContain('Secure')
    expect(sessionCookie('tok.en', true)).toContain('; Secure')
    expect(csrfCookie('n.sig', true)).toMatch(/^csrftoken=n\.sig; .*HttpOnly.*Secure/)
  })

  it('clears the session cookie with Max-Age=0 and a date in the past', () => {
    const cleared = clearedSessionCookie(false)
    expect(cleared).toMatch(/^sessionid=; /)
    expect(cleared).toContain('Max-Age=0')
    expect(cleared).toContain('Expires=Thu, 01 Jan 1970 00:00:00 GMT')
  })
})
