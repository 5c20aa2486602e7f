// Walks every registered route with hostile values derived from its schema: never a 5xx, and a 400 names the parameter.
import fc from 'fast-check'
import { beforeAll, describe, expect, it } from 'vitest'
import type { RouteEntry } from '../server/src/plugins/route-table.server.ts'
import { anonymousCsrf, loginAs, multipartBody } from '../../test-support/login.ts'
import { useTestApp } from '../../test-support/test-app.ts'

const t = useTestApp()
const SEED = 1212
const RUNS_PER_SLOT = 8

type Json = Record<string, unknown>
type Where = 'params' | 'querystring' | 'body' | 'form'
interface Slot {
  where: Where
  name: string
  schema: Json
  required: boolean
}

/** The values a parameter of this schema must refuse, whatever the route: each one is a 400 naming the parameter. */
const NOT_AN_INTEGER = ['Infinity', '-Infinity', '1e400', '99999999999999999999', '2147483648', '-1', '1.5', 'NaN', 'abc', '1 OR 1=1', '\u0000', '__proto__']
const NOT_A_MEMBER = ['__proto__', 'toString', 'constructor', 'hasOwnProperty', 'valueOf', 'x\u0000', '']
const CONTROL_TEXT = ['\u0000', 'a\u0000b', '\u0007bell', 'esc\u001b[31m', 'del\u007f', '\u0085']
/** Values a text parameter may accept or refuse, but never with a 5xx. */
const ODD_TEXT = ['Infinity', '1e400', '99999999999999999999', '__proto__', 'toString', "' OR 1=1 --", '%00', '\u202Eevil', '😀', 'x'.repeat(3000)]

function variants(schema: Json): Json[] {
  const list = (schema.anyOf ?? schema.oneOf) as Json[] | undefined
  return list ?? [schema]
}

function kindOf(schema: Json): 'integer' | 'enum' | 'text' | 'other' {
  const vs = variants(schema).filter((v) => v.type !== 'null')
  if (vs.some((v) => v.type === 'integer' || v.type === 'number')) return 'integer'
  if (vs.length > 0 && vs.every((v) => v.const !== undefined || Array.isArray(v.enum))) return 'enum'
  if (vs.some((v) => v.type === 'string')) return 'text'
  return 'other'
}

function slotsOf(route: RouteEntry): Slot[] {
  const slots: Slot[] = []
  const schema = (route.schema ?? {}) as Record<string, Json | undefined>
  const form = route.config.form as Json | undefined
  const sources: Array<[Where, Json | undefined]> = [['params', schema.params], ['querystring', schema.querystring], ['body', schema.body], ['form', form]]
  for (const [where, object] of sources) {
    const properties = (object?.properties ?? {}) as Record<string, Json>
    const required = new Set((object?.required ?? []) as string[])
    for (const [name, s] of Object.entries(properties)) slots.push({ where, name, schema: s, required: required.has(name) })
  }
  // Path parameters without a schema (none should exist, but a new route might forget it).
  for (const match of route.url.matchAll(/:(\w+)/g)) {
    if (!slots.some((s) => s.where === 'params' && s.name === match[1])) slots.push({ where: 'params', name: match[1], schema: { type: 'string' }, required: true })
  }
  return slots
}

/** A value the schema accepts, for the parameters that are not under attack in a request. */
function validValue(schema: Json): unknown {
  const v = variants(schema).find((x) => x.type !== 'null') ?? schema
  if (v.const !== undefined) return v.const
  if (Array.isArray(v.enum)) return v.enum[0]
  // Ids point at no record, so the walk changes nothing it then depends on (a user of the sessions, say).
  if (v.type === 'integer' || v.type === 'number') return Number(v.minimum ?? 0) > 1 ? Number(v.minimum) : 2_000_000_000
  if (v.type === 'boolean') return true
  if (v.type === 'array') return [validValue((v.items ?? {}) as Json)]
  if (v.type === 'string') {
    const pattern = typeof v.pattern === 'string' ? new RegExp(v.pattern, 'u') : null
    const candidates = ['Тестовое значение', '1', 'a@b.ru', '+7 123', '00000000-0000-4000-8000-000000000000', 'template_1.xlsx', '2026-01-31']
    return candidates.find((c) => !pattern || pattern.test(c)) ?? 'x'
  }
  return {}
}

function hostile(slot: Slot): fc.Arbitrary<{ value: string; mustRefuse: boolean }> {
  const refused = (values: string[]) => fc.constantFrom(...values).map((value) => ({ value, mustRefuse: true }))
  const controlled = fc
    .tuple(fc.string({ maxLength: 8 }), fc.constantFrom(...CONTROL_TEXT), fc.string({ maxLength: 8 }))
    .map(([a, c, b]) => ({ value: `${a}${c}${b}`, mustRefuse: true }))
  switch (kindOf(slot.schema)) {
    case 'integer':
      return fc.oneof(refused(NOT_AN_INTEGER), fc.bigInt({ min: 2n ** 31n, max: 10n ** 30n }).map((n) => ({ value: String(n), mustRefuse: true })))
    case 'enum':
      return refused(slot.where === 'params' ? NOT_A_MEMBER.filter(Boolean) : NOT_A_MEMBER)
    case 'text':
      return fc.oneof(controlled, fc.constantFrom(...ODD_TEXT).map((value) => ({ value, mustRefuse: false })))
    default:
      return fc.oneof(refused(['\u0000', '__proto__', '1e400']), controlled)
  }
}

/** A body value as JSON: numbers that JSON can spell are sent as numbers, so 1e400 reaches the parser as written. */
function jsonLiteral(value: string, slot: Slot): string {
  if (kindOf(slot.schema) === 'integer' && /^-?(\d+(\.\d+)?(e\d+)?|Infinity)$/.test(value) && !value.includes('Infinity')) return value
  return JSON.stringify(value)
}

interface Attack {
  method: string
  url: string
  headers: Record<string, string>
  payload?: string | Buffer
}

function buildRequest(route: RouteEntry, slots: Slot[], target: Slot, value: string, session: Record<string, string>): Attack {
  const pick = (slot: Slot) => (slot === target ? value : validValue(slot.schema))
  let url = route.url
  for (const slot of slots.filter((s) => s.where === 'params')) url = url.replace(`:${slot.name}`, encodeURIComponent(String(pick(slot))))
  url = url.replace('*', 'x')
  const query = new URLSearchParams()
  for (const slot of slots.filter((s) => s.where === 'querystring' && (s.required || s === target))) query.set(slot.name, String(pick(slot)))
  const search = query.toString()
  const headers: Record<string, string> = { ...session }
  let payload: string | Buffer | undefined
  // Every field of a body or form is filled, so the one under attack is the only wrong one.
  const bodySlots = slots.filter((s) => s.where === 'body')
  const formSlots = slots.filter((s) => s.where === 'form')
  if (formSlots.length > 0 && target.where === 'form') {
    const body = multipartBody(Object.fromEntries(formSlots.map((s) => [s.name, String(pick(s))])))
    payload = body.payload
    Object.assign(headers, body.headers)
  } else if (bodySlots.length > 0 || (route.schema as Json | undefined)?.body) {
    const fields = bodySlots.map((s) => `${JSON.stringify(s.name)}:${s === target ? jsonLiteral(value, s) : JSON.stringify(pick(s))}`)
    payload = `{${fields.join(',')}}`
    headers['content-type'] = 'application/json'
  }
  return { method: route.method, url: search ? `${url}?${search}` : url, headers, payload }
}

function namesParameter(body: Json, name: string): boolean {
  return body.parameter === name || String(body.detail ?? '').includes(name)
}

describe('hostile input on every route', () => {
  let routes: RouteEntry[] = []
  const sessions: Record<string, Record<string, string>> = {}

  beforeAll(async () => {
    routes = t.app.routeTable.filter((r) => r.method !== 'HEAD' && r.method !== 'OPTIONS')
    sessions.department = (await loginAs(t.app, 'department')).headers
    sessions.admin = (await loginAs(t.app, 'admin')).headers
    sessions.holder1 = (await loginAs(t.app, 'holder1')).headers
    // Login and logout would end the sessions above: they are walked as the public.
    const csrf = await anonymousCsrf(t.app)
    sessions.public = { cookie: csrf.cookie, 'x-csrftoken': csrf.token }
  })

  it('knows every route of the API and of login', () => {
    const urls = routes.map((r) => `${r.method} ${r.url}`)
    expect(urls).toContain('POST /auth/login/')
    expect(urls).toContain('GET /api/v1/import-reports/:id/')
    expect(urls).toContain('PUT /api/v1/import-reports/:id/')
    expect(routes.length).toBeGreaterThan(100)
  })

  it('answers a hostile value in any parameter of any route with a 400 naming it, never a 5xx', async () => {
    const failures: string[] = []
    // One failure per parameter is enough to read; the walk goes on to the next one.
    const reported = new Set<string>()
    let requests = 0
    for (const route of routes) {
      const slots = slotsOf(route)
      for (const target of slots) {
        await fc.assert(
          fc.asyncProperty(hostile(target), fc.constantFrom(...(route.url.startsWith('/auth/') ? ['public'] : ['department', 'admin', 'holder1'])), async ({ value, mustRefuse }, who) => {
            const attack = buildRequest(route, slots, target, value, sessions[who])
            const res = await t.app.inject({ method: attack.method as 'GET', url: attack.url, headers: attack.headers, payload: attack.payload })
            requests++
            const where = `${route.method} ${route.url} ${target.where}.${target.name}=${JSON.stringify(value).slice(0, 40)} as ${who}`
            const slot = `${route.method} ${route.url} ${target.where}.${target.name}`
            if (reported.has(slot)) return
            const before = failures.length
            if (res.statusCode >= 500) failures.push(`${where}: ${res.statusCode} ${res.body.slice(0, 120)}`)
            else if (res.statusCode === 400 && !mustRefuse && !res.json().parameter) failures.push(`${where}: 400 names no parameter ${res.body.slice(0, 120)}`)
            else if (res.statusCode === 400 && mustRefuse && !namesParameter(res.json(), target.name)) failures.push(`${where}: 400 names ${res.body.slice(0, 120)}`)
            // Values the schema itself refuses are a 400 before any rights are asked; form fields are read after the rights check.
            else if (mustRefuse && target.where !== 'form' && res.statusCode !== 400) failures.push(`${where}: ${res.statusCode} instead of 400`)
            else if (mustRefuse && target.where === 'form' && ![400, 403, 404].includes(res.statusCode)) failures.push(`${where}: ${res.statusCode}`)
            if (failures.length > before) reported.add(slot)
          }),
          { seed: SEED, numRuns: RUNS_PER_SLOT, endOnFailure: true },
        )
      }
    }
    expect(requests).toBeGreaterThan(500)
    expect(failures.join("\n")).toBe("")
  }, 600_000)

  it('refuses a lone surrogate in any text field of a JSON body with a 400 naming it, never a 5xx from the database', async () => {
    // JSON can spell half of a UTF-16 pair ("\\ud800"); PostgreSQL's jsonb and text refuse it. (A query string or a
    // form cannot: their bytes are decoded as UTF-8, which has no halves.)
    const failures: string[] = []
    let tried = 0
    for (const route of routes) {
      const slots = slotsOf(route)
      for (const target of slots.filter((s) => s.where === 'body' && kindOf(s.schema) === 'text')) {
        for (const value of ['x\ud800y', '\udfff', 'конец\udbff']) {
          const who = route.url.startsWith('/auth/') ? sessions.public : sessions.admin
          const attack = buildRequest(route, slots, target, value, who)
          const res = await t.app.inject({ method: attack.method as 'GET', url: attack.url, headers: attack.headers, payload: attack.payload })
          tried++
          const where = `${route.method} ${route.url} ${target.where}.${target.name}=${JSON.stringify(value)}`
          if (res.statusCode !== 400 || !namesParameter(res.json(), target.name)) failures.push(`${where}: ${res.statusCode} ${res.body.slice(0, 120)}`)
        }
      }
    }
    expect(tried).toBeGreaterThan(30)
    expect(failures).toEqual([])
  }, 120_000)

  it('answers malformed JSON and wrong content types with a JSON 400, on login too', async () => {
    // Every route that reads a body (a JSON schema or a declared form); logout reads none.
    const mutating = routes.filter((r) => ['POST', 'PUT', 'PATCH'].includes(r.method) && ((r.schema as Json | undefined)?.body || r.config.form))
    const failures: string[] = []
    for (const route of mutating) {
      const url = route.url.replace(/:(\w+)/g, '1')
      for (const [type, payload] of [
        ['application/json', '{"username": '],
        ['application/json', '{"__proto__": {"x": 1}}'],
        ['application/json', '\u0000'],
        ['text/plain', 'hello'],
        ['application/xml', '<a/>'],
        ['multipart/form-data', '--x\r\n'],
      ] as const) {
        const who = route.url.startsWith('/auth/') ? sessions.public : sessions.admin
        const res = await t.app.inject({ method: route.method as 'POST', url, headers: { ...who, 'content-type': type }, payload })
        if (res.statusCode !== 400 && res.statusCode !== 403) failures.push(`${route.method} ${route.url} ${type} ${JSON.stringify(payload)}: ${res.statusCode} ${res.body.slice(0, 100)}`)
        else if (!res.headers['content-type']?.toString().startsWith('application/json')) failures.push(`${route.method} ${route.url} ${type}: not JSON`)
      }
    }
    expect(failures).toEqual([])
  })
})
