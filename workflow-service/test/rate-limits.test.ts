import Fastify from 'fastify'
import { describe, expect, it } from 'vitest'
import { loadConfig } from '../server/src/config.ts'
import { RATE_LIMITED, rateLimitBy, rateLimitOf, rateLimits } from '../server/src/plugins/rate-limits.server.ts'
import { loginAs, postLogin, setCookies } from '../../test-support/login.ts'
import { useTestApp } from '../../test-support/test-app.ts'
import { multipartWithFiles } from '../../test-support/workflow-fixtures.ts'

// Small limits, so a test reaches them with a few requests.
const t = useTestApp({ LOGIN_RATE_LIMIT_PER_MINUTE: '4', UPLOAD_RATE_LIMIT_PER_MINUTE: '3', PRECHECK_ADDRESS_RATE_LIMIT_PER_MINUTE: '5', DECISION_RATE_LIMIT_PER_MINUTE: '3', EXPORT_RATE_LIMIT_PER_MINUTE: '3' })

describe('rate limits per client address', () => {
  it('answers the fifth login of a minute from one address 429 in the login shape with Retry-After, even with the right password', async () => {
    for (let i = 0; i < 4; i++) {
      const res = await postLogin(t.app, { username: 'holder2', password: `wrong-${i}` }, { address: '10.1.1.1' })
      expect(res.statusCode).toBe(401)
    }
    const limited = await postLogin(t.app, { username: 'holder2', password: 'holder2' }, { address: '10.1.1.1' })
    expect(limited.statusCode).toBe(429)
    expect(limited.json()).toMatchObject({ errors: RATE_LIMITED, router: null })
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0)
    // Another address is not affected.
    expect((await postLogin(t.app, { username: 'admin', password: 'admin' }, { address: '10.1.1.2' })).statusCode).toBe(200)
  })

  it('answers the fourth upload of a minute from one address 429 with Retry-After, whatever the uploads were', async () => {
    const { headers } = await loginAs(t.app, 'holder1')
    const send = () => {
      const body = multipartWithFiles({ report: 2_000_000 }, [{ field: 'file', filename: 'a.csv', content: 'a;b\r\n1;2\r\n' }])
      return t.app.inject({ method: 'POST', url: '/api/v1/import-files/', remoteAddress: '10.1.2.1', headers: { ...headers, ...body.headers }, payload: body.payload })
    }
    for (let i = 0; i < 3; i++) expect((await send()).statusCode).not.toBe(429)
    const limited = await send()
    expect(limited.statusCode).toBe(429)
    expect(limited.json()).toEqual({ detail: RATE_LIMITED })
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0)
  })

  describe('the check before sending, per account', () => {
    // Each login from an address of its own: the logins' limit per address is not what is tested here.
    let logins = 0
    const headersOf = async (username: string) => {
      const res = await postLogin(t.app, { username, password: username }, { address: `10.9.0.${(logins += 1)}` })
      expect(res.statusCode, res.body).toBe(200)
      const cookie = `sessionid=${setCookies(res).sessionid}`
      const csrf = await t.app.inject({ url: '/auth/csrf/', headers: { cookie } })
      return { cookie, 'x-csrftoken': csrf.json().csrftoken as string }
    }
    const precheckAs = async (username: string) => {
      const headers = await headersOf(username)
      return (address: string) => {
        const body = multipartWithFiles({ area: 2_000_000, year: 2025, report_type: 'observation_results' }, [{ field: 'file', filename: 'a.csv', content: 'a;b\r\n1;2\r\n' }])
        return t.app.inject({ method: 'POST', url: '/api/v1/import-files/precheck/', remoteAddress: address, headers: { ...headers, ...body.headers }, payload: body.payload })
      }
    }

    it('does not share an account\'s limit with another account behind the same address', async () => {
      const [first, second] = [await precheckAs('holder1'), await precheckAs('holder2')]
      for (let i = 0; i < 3; i++) expect((await first('10.1.2.2')).statusCode).not.toBe(429)
      const limited = await first('10.1.2.2')
      expect(limited.statusCode).toBe(429)
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0)
      expect((await second('10.1.2.2')).statusCode).not.toBe(429)
    })

    it('counts one account on two addresses once', async () => {
      const check = await precheckAs('department')
      for (const address of ['10.1.2.3', '10.1.2.4', '10.1.2.3']) expect((await check(address)).statusCode).not.toBe(429)
      expect((await check('10.1.2.4')).statusCode).toBe(429)
    })

    it('keeps a cap per address over all its accounts, and spends none of the address\'s uploads', async () => {
      const accounts = [await precheckAs('admin'), await precheckAs('administration'), await precheckAs('holder2')]
      // 5 prechecks of the address (PRECHECK_ADDRESS_RATE_LIMIT_PER_MINUTE), no account over its own 3.
      for (const check of [accounts[0], accounts[0], accounts[1], accounts[1], accounts[2]]) expect((await check('10.1.2.5')).statusCode).not.toBe(429)
      expect((await accounts[2]('10.1.2.5')).statusCode).toBe(429)
      const headers = await headersOf('holder1')
      const body = multipartWithFiles({ report: 2_000_000 }, [{ field: 'file', filename: 'a.csv', content: 'a;b\r\n1;2\r\n' }])
      const upload = await t.app.inject({ method: 'POST', url: '/api/v1/import-files/', remoteAddress: '10.1.2.5', headers: { ...headers, ...body.headers }, payload: body.payload })
      expect(upload.statusCode).not.toBe(429)
    })
  })

  it('answers the fourth decision of a minute from one address 429 with Retry-After', async () => {
    const { headers } = await loginAs(t.app, 'department')
    const send = () => t.app.inject({ method: 'PUT', url: '/api/v1/import-reports/2000000/', remoteAddress: '10.1.3.1', headers, payload: { status: 'agreed', comment: 'ok' } })
    for (let i = 0; i < 3; i++) expect((await send()).statusCode).not.toBe(429)
    const limited = await send()
    expect(limited.statusCode).toBe(429)
    expect(limited.json()).toEqual({ detail: RATE_LIMITED })
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0)
  })

  it('counts every route of one door together, so a door with several addresses allows its limit once', async () => {
    const app = Fastify()
    await app.register(rateLimits)
    const config = loadConfig({ ...process.env, DECISION_RATE_LIMIT_PER_MINUTE: '2', UPLOAD_RATE_LIMIT_PER_MINUTE: '2' })
    for (const url of ['/page', '/page.data', '/api']) app.post(url, { config: { rateLimit: rateLimitOf(config, 'decision') } }, async () => ({ ok: true }))
    app.post('/upload', { config: { rateLimit: rateLimitOf(config, 'upload') } }, async () => ({ ok: true }))
    const post = async (url: string) => (await app.inject({ method: 'POST', url, remoteAddress: '10.1.4.1' })).statusCode
    expect([await post('/page'), await post('/page.data')]).toEqual([200, 200])
    expect(await post('/api')).toBe(429)
    expect(await post('/page')).toBe(429)
    // Another door keeps its own count.
    expect(await post('/upload')).toBe(200)
    await app.close()
  })

  it('counts a route whose door is chosen per request under the same key as the door\'s fixed routes, and leaves its other requests alone', async () => {
    const app = Fastify()
    await app.register(rateLimits)
    const config = loadConfig({ ...process.env, LOGIN_RATE_LIMIT_PER_MINUTE: '2' })
    app.post('/auth/login', { config: { rateLimit: rateLimitOf(config, 'login') } }, async () => ({ ok: true }))
    // As the pages' catch-all: the door is the action the request will run, here any path ending in "login".
    const doorOf = (request: { url: string }) => (request.url.toLowerCase().endsWith('login') ? ('login' as const) : null)
    app.post('/pages/*', { config: { rateLimit: rateLimitBy(config, doorOf) } }, async () => ({ ok: true }))
    const post = async (url: string, remoteAddress = '10.1.5.1') => (await app.inject({ method: 'POST', url, remoteAddress })).statusCode
    expect([await post('/pages/LOGIN'), await post('/auth/login')]).toEqual([200, 200])
    expect([await post('/pages/login'), await post('/auth/login')]).toEqual([429, 429])
    // Not a limited action: never counted, never refused.
    for (let i = 0; i < 4; i++) expect(await post('/pages/other')).toBe(200)
    // Another address has its own count; an IPv6 client counts by its /64, as on the fixed routes.
    expect(await post('/pages/login', '10.1.5.2')).toBe(200)
    expect([await post('/auth/login', '2001:db8::1'), await post('/pages/login', '2001:db8::2')]).toEqual([200, 200])
    expect(await post('/auth/login', '2001:db8::3')).toBe(429)
    await app.close()
  })

  it('answers the fourth export of a minute from one address 429 with Retry-After, whatever list or format, and leaves the lists themselves alone', async () => {
    const send = (url: string, remoteAddress = '10.1.6.1') => t.app.inject({ url, remoteAddress })
    const exports = ['/api/v1/measures-point-indications/?format=csv', '/api/v1/companies/?format=xlsx', '/api/v1/measures-points/?limit=1&format=csv']
    for (const url of exports) expect((await send(url)).statusCode).toBe(200)
    for (const url of [...exports, '/api/v1/companies/?format=csv&bust=1']) {
      const limited = await send(url)
      expect([url, limited.statusCode]).toEqual([url, 429])
      expect(limited.json()).toEqual({ detail: RATE_LIMITED })
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0)
    }
    // The JSON lists are not exports; another address has its own count.
    expect((await send('/api/v1/companies/?limit=1')).statusCode).toBe(200)
    expect((await send('/api/v1/companies/?format=csv', '10.1.6.2')).statusCode).toBe(200)
  })
})
