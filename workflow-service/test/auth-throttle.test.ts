import { sql } from 'kysely'
import { describe, expect, it } from 'vitest'
import { postLogin } from './support/login.ts'
import { useTestApp } from './support/test-app.ts'

// The load balancer of the tests' deployment is 10.0.0.2.
const t = useTestApp({ TRUST_PROXY: '10.0.0.2' })

async function fail(username: string, address: string, times: number): Promise<void> {
  for (let i = 0; i < times; i++) {
    const res = await postLogin(t.app, { username, password: `wrong-${i}` }, { address })
    expect(res.statusCode).toBe(401)
  }
}

describe('login throttle', () => {
  it('answers 429 in Russian after five failures, even to the right password, until the window passes', async () => {
    await fail('department', '10.9.0.1', 5)
    const locked = await postLogin(t.app, { username: 'department', password: 'department' }, { address: '10.9.0.1' })
    expect(locked.statusCode).toBe(429)
    expect(locked.json().errors).toMatch(/^Слишком много неудачных попыток входа\. Повторите попытку через (1[0-5]|[1-9]) мин\.$/)
    expect(locked.json().router).toBeNull()
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(800)
    expect(Number(locked.headers['retry-after'])).toBeLessThanOrEqual(900)

    // The window is measured from the failures: move them fifteen minutes back.
    await t.database.db
      .updateTable('login_failures')
      .set({ failed_at: sql<Date>`failed_at - interval '15 minutes'` as never })
      .where('username', '=', 'department')
      .execute()
    const after = await postLogin(t.app, { username: 'department', password: 'department' }, { address: '10.9.0.1' })
    expect(after.statusCode).toBe(200)
  })

  it('allows four failures and then a right password, which clears the count', async () => {
    await fail('admin', '10.9.0.2', 4)
    expect((await postLogin(t.app, { username: 'admin', password: 'admin' }, { address: '10.9.0.2' })).statusCode).toBe(200)
    await fail('admin', '10.9.0.2', 4)
    expect((await postLogin(t.app, { username: 'admin', password: 'admin' }, { address: '10.9.0.2' })).statusCode).toBe(200)
  })

  it('locks one username from one address only', async () => {
    await fail('holder1', '10.9.0.3', 5)
    expect((await postLogin(t.app, { username: 'holder1', password: 'holder1' }, { address: '10.9.0.3' })).statusCode).toBe(429)
    expect((await postLogin(t.app, { username: 'holder1', password: 'holder1' }, { address: '10.9.0.4' })).statusCode).toBe(200)
    expect((await postLogin(t.app, { username: 'holder2', password: 'holder2' }, { address: '10.9.0.3' })).statusCode).toBe(200)
  })

  it('counts an unknown username like a known one, and ignores the case of the username', async () => {
    await fail('Ghost', '10.9.0.5', 3)
    await fail('ghost', '10.9.0.5', 2)
    const res = await postLogin(t.app, { username: 'GHOST', password: 'x' }, { address: '10.9.0.5' })
    expect(res.statusCode).toBe(429)
  })
})

describe('client address of the throttle', () => {
  it('believes X-Forwarded-For from the load balancer named in TRUST_PROXY', async () => {
    const viaProxy = (client: string) =>
      postLogin(t.app, { username: 'holder2', password: 'x' }, { address: '10.0.0.2', forwardedFor: client })
    for (let i = 0; i < 5; i++) expect((await viaProxy('203.0.113.7')).statusCode).toBe(401)
    expect((await viaProxy('203.0.113.7')).statusCode).toBe(429)
    // Another client behind the same balancer is not locked out.
    expect((await viaProxy('203.0.113.8')).statusCode).toBe(401)
  })

  it('ignores X-Forwarded-For from a private address that TRUST_PROXY does not name', async () => {
    const sneaky = (claimed: string) =>
      postLogin(t.app, { username: 'administration', password: 'x' }, { address: '10.0.0.99', forwardedFor: claimed })
    for (let i = 0; i < 5; i++) expect((await sneaky(`192.0.2.${i + 10}`)).statusCode).toBe(401)
    expect((await sneaky('192.0.2.100')).statusCode).toBe(429)
  })

  it('ignores X-Forwarded-For sent by a client on the internet, so it cannot dodge the lock', async () => {
    const direct = (claimed: string) =>
      postLogin(t.app, { username: 'department', password: 'x' }, { address: '198.51.100.9', forwardedFor: claimed })
    for (let i = 0; i < 5; i++) expect((await direct(`192.0.2.${i}`)).statusCode).toBe(401)
    expect((await direct('192.0.2.99')).statusCode).toBe(429)
  })
})
