// The pages answer hostile input as the API does: a refused address or form is a 400 (or 415) with a Russian message,
// never a 5xx; and when a page does fail, a stranger learns a message and the request's id, which the log has — never
// a stack, SQL text or a server path. Served through Fastify and the real built pages, in the mode `npm start` runs.
import { Writable } from 'node:stream'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createKysely, buildApp, loadConfig, createLogger } from '@portal/workflow-server/service.server.ts'
import { reportTemplateFiles } from '../../portal/src/composition.server.ts'
import routes from '../app/routes.ts'
import { anonymousCsrf, loginAs } from '../../test-support/login.ts'
import { useTestApp } from '../../test-support/test-app.ts'
import { builtPages } from './support/built-pages.ts'

const pages = await builtPages()
const t = useTestApp({}, { remix: pages })

/** What no answer to a client may hold: a stack line, a server path, SQL or a driver's text. */
const LEAKS = /\bat [\w.<>]+ \(|node_modules|\/work\/|\/home\/|\.ts:\d+|\.js:\d+|ECONNREFUSED|127\.0\.0\.1:1\b|\bSELECT\b|\bFROM "|out of range for type|syntax error at|relation "/

const YEARS_BEYOND = ['2147483648', '9999999999', '1e15', '-1', '0', '99999', '2024.5', 'Infinity', 'NaN', 'abc', '２０２４', '%00', ' 2024 x']

let pointId = 0
let pointKind = ''
beforeAll(async () => {
  const point = await t.database.db.selectFrom('measures_points').select(['id', 'kind']).orderBy('id').executeTakeFirstOrThrow()
  pointId = point.id
  pointKind = point.kind
})

describe('point pages given a year beyond any year', () => {
  it('answers the 400 page naming the period, as a document and through single fetch, never a 5xx', async () => {
    const failures: string[] = []
    for (const base of [`/monitoring/measures-points/${pointId}`, `/monitoring/measures-points/${pointId}/indications`, `/monitoring/measures-points/${pointId}/reports`, `/monitoring/points/${pointKind}/${pointId}`]) {
      for (const suffix of ['', '.data', '/']) {
        if (suffix === '/' && base.endsWith('/')) continue
        for (const year of YEARS_BEYOND) {
          const url = `${base}${suffix}?year=${encodeURIComponent(year)}`
          const res = await t.app.inject({ url })
          if (res.statusCode !== 400 || !res.body.includes('Отчетный период') || LEAKS.test(res.body)) failures.push(`${url}: ${res.statusCode} ${res.body.slice(0, 80)}`)
        }
      }
    }
    expect(failures).toEqual([])
  })

  it('still shows a year the point has, and every year with an empty year', async () => {
    for (const year of ['', '2020']) {
      const res = await t.app.inject({ url: `/monitoring/measures-points/${pointId}?year=${year}` })
      expect(res.statusCode, year).toBe(200)
    }
  })
})

describe('page actions given what is not a form', () => {
  it('answers JSON, text, bytes and broken multipart with 400 or 415 and a Russian message on every page form, never a 5xx', async () => {
    const anon = await anonymousCsrf(t.app)
    const admin = (await loginAs(t.app, 'admin')).headers
    const bodies: Array<[string, string | Buffer]> = [
      ['application/json', '{"username":"admin","password":"admin"}'],
      ['application/json; charset=utf-8', '{"intent":"create"}'],
      ['text/plain', 'username=admin&password=admin'],
      ['application/octet-stream', Buffer.from([0, 1, 2, 0xff])],
      ['application/xml', '<a/>'],
      ['multipart/form-data', 'no boundary at all'],
      ['multipart/form-data; boundary=XX', '--XX\r\nContent-Disposition: form-data; name="csrfmiddlewaretoken"\r\n\r\nTOKEN\r\n--XX\r\nContent-Disposition: form-da'],
      ['multipart/form-data; boundary=XX', '--XX\r\nContent-Disposition: form-data; name="csrfmiddlewaretoken"\r\n\r\nTOKEN\r\n--XX\r\nContent-Disposition: form-data; name="intent"\r\n\r\nadd'],
      ['', ''],
    ]
    const failures: string[] = []
    for (const [path, who] of [
      ['/monitoring/login', { cookie: anon.cookie, token: anon.token }],
      ['/monitoring/login.data', { cookie: anon.cookie, token: anon.token }],
      ['/monitoring/Login/', { cookie: anon.cookie, token: anon.token }],
      ['/monitoring/admin', { cookie: admin.cookie, token: admin['x-csrftoken'] }],
      ['/monitoring/admin.data', { cookie: admin.cookie, token: admin['x-csrftoken'] }],
      ['/monitoring/admin/reference/unit', { cookie: admin.cookie, token: admin['x-csrftoken'] }],
      ['/monitoring/admin/reference/unit.data', { cookie: admin.cookie, token: admin['x-csrftoken'] }],
    ] as const) {
      for (const [type, body] of bodies) {
        const payload = typeof body === 'string' ? body.replace('TOKEN', who.token) : body
        const res = await t.app.inject({ method: 'POST', url: path, headers: { ...(type ? { 'content-type': type } : {}), cookie: who.cookie, 'x-csrftoken': who.token }, payload })
        const russian = /[А-Яа-яЁё]{4,}/.test(res.body)
        if (![400, 415].includes(res.statusCode) || !russian || LEAKS.test(res.body)) failures.push(`${path} ${type || '(none)'}: ${res.statusCode} ${res.body.slice(0, 100)}`)
      }
    }
    expect(failures).toEqual([])
  })
})

describe('every page address with hostile values', () => {
  it('never answers a 5xx to any declared address with hostile ids and query values, as a document or through single fetch', async () => {
    const ids = ['2147483648', '99999999999999999999', '-1', '1e3', '%00', '__proto__']
    const queries = ['year=2147483648', 'year=1e15', 'page=1e400', 'page=-1', 'limit=99999999999', 'offset=Infinity', 'ordering=__proto__', 'search=%00', 'status=toString', 'kind=constructor', 'year=%ED%A0%80', 'from=9999-99-99', 'to=2024-13-45', 'company=2147483648', 'area=abc']
    const failures: string[] = []
    let asked = 0
    for (const [r, route] of routes.entries()) {
      if (route.path === undefined || route.path === '*') continue
      const path = route.path.replace(/\/:\w+\?/g, '')
      // Each parameter of the address takes each hostile id once; the other parameters a real value.
      const names = [...path.matchAll(/:(\w+)/g)].map((m) => m[1])
      const real = (name: string) => (name.startsWith('kind') ? pointKind : name === 'id' ? String(pointId) : '1')
      const addresses = [path.replace(/:(\w+)/g, (_, name: string) => real(name)), ...names.map((target, i) => path.replace(/:(\w+)/g, (_, name: string) => (name === target ? ids[(r + i) % ids.length] : real(name))))]
      for (const [a, address] of addresses.entries()) {
        // A spread of queries, documents and single fetches over the routes: every combination would take minutes.
        for (let k = 0; k < 3; k++) {
          const query = queries[(r * 3 + a + k) % queries.length]
          const url = `/monitoring${address}${(r + k) % 2 ? '.data' : ''}?${query}`
          const res = await t.app.inject({ url })
          asked++
          if (res.statusCode >= 500 || LEAKS.test(res.body)) failures.push(`${url}: ${res.statusCode} ${res.body.slice(0, 100)}`)
        }
      }
    }
    expect(asked).toBeGreaterThan(300)
    expect(failures).toEqual([])
  }, 300_000)
})

describe('a page address with a control character', () => {
  it('is answered with the Russian 400 page in a browser, before any page runs, and with the JSON refusal to a program', async () => {
    for (const url of ['/monitoring/companies?search=%00', '/monitoring/exceedances?substance=%01', `/monitoring/measures-points/${pointId}?year=2020%0B`, '/monitoring/companies%00']) {
      const page = await t.app.inject({ url, headers: { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' } })
      expect(page.statusCode, url).toBe(400)
      expect(page.headers['content-type'], url).toMatch(/^text\/html; charset=utf-8/)
      expect(page.body, url).toContain('<html lang="ru">')
      expect(page.body, url).toContain('<title>Ошибка — Экологический мониторинг ЯНАО</title>')
      expect(page.body, url).toContain('<h1>Ошибка</h1>')
      expect(page.body, url).toContain('В адресе страницы недопустимые управляющие символы.')
      expect(page.body, url).toContain('<a class="button" href="/monitoring/">Вернуться на главную</a>')
      expect(page.body, url).not.toMatch(LEAKS)
    }
    // A program (the API, a single fetch, a client asking JSON) keeps the JSON refusal that names the parameter.
    for (const [url, accept] of [['/monitoring/companies.data?search=%00', '*/*'], ['/monitoring/companies?search=%00', 'application/json'], ['/api/v1/companies/?search=%00', 'text/html']]) {
      const res = await t.app.inject({ url, headers: { accept } })
      expect(res.statusCode, url).toBe(400)
      expect(res.json(), url).toMatchObject({ detail: 'search: недопустимые управляющие символы' })
    }
  })
})

describe('what a stranger learns from a failing page', () => {
  let dead: FastifyInstance
  const lines: Array<Record<string, unknown>> = []
  beforeAll(async () => {
    // A database that cannot be reached: every page that reads fails, with the driver's text and the address in its error.
    const sink = new Writable({
      write(chunk, _encoding, callback) {
        for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line) as Record<string, unknown>)
        callback()
      },
    })
    const url = 'postgres://nobody@127.0.0.1:1/none'
    dead = await buildApp({ db: createKysely(url), config: loadConfig({ DATABASE_URL: url }), queue: t.queue, templates: reportTemplateFiles, remix: pages, logger: createLogger('info', sink) })
    await dead.ready()
  })
  afterAll(async () => {
    await dead?.close()
  })

  it('answers a message and the request id, which the log has with the error, never a stack, SQL or a path', async () => {
    for (const url of [`/monitoring/measures-points/${pointId}`, `/monitoring/measures-points/${pointId}.data`, '/monitoring/companies', '/monitoring/companies.data?year=2020']) {
      const res = await dead.inject({ url })
      // The database did not answer: a 503 that says when to try again, not a 500 (decision 3502).
      expect(res.statusCode, url).toBe(503)
      expect(res.headers['retry-after'], url).toBe('5')
      expect(res.body, url).not.toMatch(LEAKS)
      const id = String(res.headers['x-request-id'])
      expect(id, url).toMatch(/^[0-9a-f-]{36}$/)
      if (!url.includes('.data')) {
        expect(res.body, url).toContain('Не удалось показать страницу')
        expect(res.body, url).toContain(`Код запроса: ${id}`)
      }
      const logged = lines.filter((l) => l.reqId === id && l.level === 50)
      expect(logged.length, url).toBeGreaterThan(0)
      expect(JSON.stringify(logged), url).toMatch(/ECONNREFUSED|connect/)
    }
  })

  it('takes a request id from the balancer only when it is plain text', async () => {
    const plain = await dead.inject({ url: '/healthz', headers: { 'x-request-id': 'lb-given-id.1' } })
    expect(plain.headers['x-request-id']).toBe('lb-given-id.1')
    for (const hostile of ['</p><script>alert(1)</script>', 'x'.repeat(200), 'a b', 'монитор']) {
      const res = await dead.inject({ url: '/healthz', headers: { 'x-request-id': encodeURI(hostile) === hostile ? hostile : hostile } })
      expect(res.headers['x-request-id'], hostile).toMatch(/^[0-9a-f-]{36}$/)
    }
  })
})
