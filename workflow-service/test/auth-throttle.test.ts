import { sql } from 'kysely'
import { describe, expect, it } from 'vitest'
import { MAX_ACCOUNT_FAILURES, MAX_ADDRESS_FAILURES } from '../domain/src/auth/login-throttle.server.ts'
import { postLogin } from '../../test-support/login.ts'
import { useTestApp } from '../../test-support/test-app.ts'

// The load balancer of the tests' deployment is 10.0.0.2. The HTTP rate limit is raised out of the way: these
// tests attack the database's counters.
const t = useTestApp({ TRUST_PROXY: '10.0.0.2', LOGIN_RATE_LIMIT_PER_MINUTE: '10000' })

async function fail(username: string, address: string, times: number): Promise<void> {
  for (let i = 0; i < times; i++) {
    const res = await postLogin(t.app, { username, password: `wrong-${i}` }, { address })
    expect(res.statusCode).toBe(401)
  }
}

const LOCKED = /^Слишком много неудачных попыток входа\. Повторите попытку через (1[0-5]|[1-9]) мин\.$/

describe('login throttle', () => {
  it('answers 429 in Russian with Retry-After after five failures, even to the right password, until the window passes', async () => {
    await fail('department', '10.9.0.1', MAX_ACCOUNT_FAILURES)
    const locked = await postLogin(t.app, { username: 'department', password: 'department' }, { address: '10.9.0.1' })
    expect(locked.statusCode).toBe(429)
    expect(locked.json().errors).toMatch(LOCKED)
    expect(locked.json().router).toBeNull()
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(800)
    expect(Number(locked.headers['retry-after'])).toBeLessThanOrEqual(900)

    // The window runs from its first failure: move it fifteen minutes back.
    await t.database.db
      .updateTable('login_throttle')
      .set({ window_started_at: sql<Date>`window_started_at - interval '15 minutes'` as never })
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

  it('counts the failures of one account over every address, so changing address does not help', async () => {
    for (let i = 0; i < MAX_ACCOUNT_FAILURES; i++) await fail('holder1', `10.9.1.${i}`, 1)
    const locked = await postLogin(t.app, { username: 'holder1', password: 'holder1' }, { address: '10.9.1.200' })
    expect(locked.statusCode).toBe(429)
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0)
  })

  it('counts the failures of one address over every account, so trying many usernames does not help', async () => {
    for (let i = 0; i < MAX_ADDRESS_FAILURES; i++) await fail(`sprayed-${i}`, '10.9.2.1', 1)
    const locked = await postLogin(t.app, { username: 'holder2', password: 'holder2' }, { address: '10.9.2.1' })
    expect(locked.statusCode).toBe(429)
    expect(locked.json().errors).toMatch(LOCKED)
    // The account itself is not locked: from another address its owner gets in.
    expect((await postLogin(t.app, { username: 'holder2', password: 'holder2' }, { address: '10.9.2.2' })).statusCode).toBe(200)
  })

  it('checks at most five of 60 parallel guesses at one account from 60 addresses', async () => {
    const answers = await Promise.all(
      Array.from({ length: 60 }, (_, i) => postLogin(t.app, { username: 'parallel-target', password: `guess-${i}` }, { address: `10.9.3.${i}` })),
    )
    const statuses = answers.map((a) => a.statusCode)
    // 401 = the password was checked and was wrong; 429 = refused before any check.
    const checked = statuses.filter((s) => s === 401).length
    expect(checked).toBeLessThanOrEqual(MAX_ACCOUNT_FAILURES)
    expect(checked).toBeGreaterThan(0)
    expect(statuses.filter((s) => s === 429)).toHaveLength(60 - checked)
  })

  it('checks at most twenty of 60 parallel guesses from one address at 60 accounts', async () => {
    const answers = await Promise.all(
      Array.from({ length: 60 }, (_, i) => postLogin(t.app, { username: `parallel-${i}`, password: 'guess' }, { address: '10.9.4.1' })),
    )
    const statuses = answers.map((a) => a.statusCode)
    const checked = statuses.filter((s) => s === 401).length
    expect(checked).toBeLessThanOrEqual(MAX_ADDRESS_FAILURES)
    expect(checked).toBeGreaterThan(0)
    expect(statuses.filter((s) => s === 429)).toHaveLength(60 - checked)
  })

  it('counts an unknown username like a known one, and ignores the case of the username', async () => {
    await fail('Ghost', '10.9.0.5', 3)
    await fail('ghost', '10.9.0.6', 2)
    const res = await postLogin(t.app, { username: 'GHOST', password: 'x' }, { address: '10.9.0.7' })
    expect(res.statusCode).toBe(429)
  })
})

describe('client address of the throttle', () => {
  /** Failures on as many different accounts from one address as its limit allows. */
  async function spray(address: string, forwardedFor: (i: number) => string): Promise<void> {
    for (let i = 0; i < MAX_ADDRESS_FAILURES; i++) {
      const res = await postLogin(t.app, { username: `${address}-${i}`, password: 'x' }, { address, forwardedFor: forwardedFor(i) })
      expect(res.statusCode).toBe(401)
    }
  }

  it('believes X-Forwarded-For from the load balancer named in TRUST_PROXY', async () => {
    await spray('10.0.0.2', () => '203.0.113.7')
    const again = await postLogin(t.app, { username: 'someone', password: 'x' }, { address: '10.0.0.2', forwardedFor: '203.0.113.7' })
    expect(again.statusCode).toBe(429)
    // Another client behind the same balancer is not locked out.
    const other = await postLogin(t.app, { username: 'someone', password: 'x' }, { address: '10.0.0.2', forwardedFor: '203.0.113.8' })
    expect(other.statusCode).toBe(401)
  })

  it('ignores X-Forwarded-For from a private address that TRUST_PROXY does not name', async () => {
    await spray('10.0.0.99', (i) => `192.0.2.${i + 10}`)
    const res = await postLogin(t.app, { username: 'someone-else', password: 'x' }, { address: '10.0.0.99', forwardedFor: '192.0.2.100' })
    expect(res.statusCode).toBe(429)
  })

  it('ignores X-Forwarded-For sent by a client on the internet, so it cannot dodge the lock', async () => {
    await spray('198.51.100.9', (i) => `192.0.2.${i}`)
    const res = await postLogin(t.app, { username: 'another', password: 'x' }, { address: '198.51.100.9', forwardedFor: '192.0.2.99' })
    expect(res.statusCode).toBe(429)
  })
})
