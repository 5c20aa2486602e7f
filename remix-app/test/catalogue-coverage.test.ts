// docs/catalogue-coverage.md against the spec's items (docs/spec-items.json, made by `npm run spec:items`) and the code: every §2 address and §7 endpoint of both documents is
// listed, every listed test file exists, every quoted text marked done is in the code, and every sample address
// answers each role as the table says on the demo data (never the 404 where the spec promises a page, never a 5xx).
import fs from 'node:fs'
import path from 'node:path'
import type { AppLoadContext } from '@remix-run/node'
import { sql } from 'kysely'
import { describe, expect, it } from 'vitest'
import type { CurrentUser, Group } from '@portal/workflow-domain/views.ts'
import { useTestApp } from '../../test-support/test-app.ts'
import { callPage, routeOf } from './support/call-page.ts'
import { pageContext } from './support/load-context.ts'
import { findType } from '@portal/workflow-domain/registry.ts'
import { loginAs } from '../../test-support/login.ts'
import { codes, coverageDoc, namedTests, coverageTable, PROJECT_ROOT, ROLES } from './support/coverage-table.ts'
import { SPEC_DOCUMENTS as DOCS, specItems } from '../../scripts/spec-items.ts'

const t = useTestApp()
const root = PROJECT_ROOT
const doc = coverageDoc()
const table = (heading: string) => coverageTable(heading, doc)

const addresses = table('Addresses')
const texts = table('Quoted Russian texts')
const endpoints = table('Endpoints')
const fields = table('Fields')
const parameters = table('Endpoint parameters')
const roleRules = table('Role rules')
const routeNames = table('Route names')
const pointHeadings = table('Point list headings')
const constants = table('Constants')
const unquotedWords = table('Unquoted UI words')

describe('the coverage table of the spec', () => {
  it('lists every address of §2 of both documents', () => {
    const listed = addresses.map((row) => codes(row[0])[0])
    for (const name of DOCS) for (const raw of specItems(name).addresses) expect(listed.some((cell) => cell.includes(raw)), `${name}: ${raw}`).toBe(true)
  })

  it('lists every endpoint of §7 of both documents', () => {
    const listed = endpoints.map((row) => codes(row[0])[0])
    for (const name of DOCS) for (const raw of specItems(name).endpoints) expect(listed, `${name}: ${raw}`).toContain(raw)
  })

  it('lists every quoted Russian text, and the code uses each one marked done', () => {
    const listed = texts.map((row) => row[0].replace(/^'|'$/g, ''))
    for (const name of DOCS) for (const text of specItems(name).quotedTexts) expect(listed, `${name}: ${text}`).toContain(text)
    const code = ['remix-app/app', 'workflow-service/platform/src', 'workflow-service/domain/src', 'workflow-service/server/src', 'workers/src']
      .flatMap((dir) => fs.readdirSync(path.join(root, dir), { recursive: true, encoding: 'utf8' }).filter((f) => /\.tsx?$/.test(f)).map((f) => path.join(root, dir, f)))
      .map((file) => fs.readFileSync(file, 'utf8'))
      .join('\n')
    for (const row of texts.filter((r) => r[1] === 'done')) {
      const text = row[0].replace(/^'|'$/g, '')
      for (const fragment of text.split(/\{[^}]*\}|…|\bN\b/).map((f) => f.trim()).filter(Boolean)) expect(code.includes(fragment), text).toBe(true)
    }
  })

  it('lists every route name of §2 of both documents, each with addresses the walk asks', () => {
    for (const name of DOCS) for (const route of specItems(name).routeNames) expect(routeNames.some((row) => row[0] === name && codes(row[1])[0] === route), `${name}: ${route}`).toBe(true)
    const walked = new Set(addresses.flatMap((row) => codes(row[1])))
    for (const row of routeNames) {
      expect(specItems(row[0]).routeNames, row[1]).toContain(codes(row[1])[0])
      expect(codes(row[2]).length, row[1]).toBeGreaterThan(0)
      for (const sample of codes(row[2])) expect(walked.has(sample), `${row[1]}: ${sample}`).toBe(true)
    }
  })

  it('names only test files that exist', () => {
    const files = new Set([...doc.matchAll(/`((?:remix-app|workflow-service|workers|e2e|portal|migrations)\/test\/[^`]+\.ts|e2e\/[^`]+\.e2e\.ts)`/g)].map((m) => m[1]))
    expect(files.size).toBeGreaterThan(10)
    for (const file of files) expect(fs.existsSync(path.join(root, file)), file).toBe(true)
  })

  it('declares a page for every sample address (none falls to the 404 route)', () => {
    for (const row of addresses.filter((r) => r[2] !== 'not-found')) {
      // A point token stands for two segments (`id/kind`).
      for (const sample of codes(row[1])) expect(routeOf(sample.replace(/\{(rpoint|ypoint|rwith):[^}]+\}/g, '1/x').replace(/\{[^}]+\}/g, '1').split('?')[0]).id, sample).not.toBe('not-found')
    }
  })
})

async function userNamed(username: string): Promise<CurrentUser> {
  const row = await t.database.db.selectFrom('users').select(['id', 'username', 'groups', 'company_id']).where('username', '=', username).executeTakeFirstOrThrow()
  return { id: row.id, username: row.username, groups: row.groups as Group[], companyId: row.company_id }
}

function contextOf(user: CurrentUser | null): AppLoadContext {
  return pageContext({ db: t.database.db, queue: t.queue }, user, { dataDir: '.test-data/catalogue-coverage', requestId: 'coverage' })
}

const SECTION_SCOPE: Record<string, string> = {
  geobotanical: "p.category = 'geobotanical'",
  radionuclides: "p.category = 'radionuclides'",
  geochemical: "p.category = 'geochemical'",
  hygrobiology: "p.kind = 'hygrobiology_point'",
}

/** A demo record for each token of the sample addresses. */
async function resolve(token: string): Promise<string> {
  const one = async (query: string) => {
    const { rows } = await sql<{ v: string | number }>`${sql.raw(query)}`.execute(t.database.db)
    if (!rows[0]) throw new Error(`no demo record for {${token}}`)
    return String(rows[0].v)
  }
  const point = (areaKind: string, where: string) =>
    one(`SELECT p.id || '/' || p.kind AS v FROM measures_points p JOIN areas a ON a.id = p.area_id WHERE a.kind = '${areaKind}' AND ${where} ORDER BY p.id LIMIT 1`)
  const [name, arg] = token.split(':')
  switch (name) {
    case 'polygon': return one(`SELECT id AS v FROM areas WHERE kind = 'polygon_region_monitoring' ORDER BY id LIMIT 1`)
    case 'yanao': return one(`SELECT id AS v FROM areas WHERE kind = 'polygon_YaNAO_monitoring' ORDER BY id LIMIT 1`)
    case 'area': return one(`SELECT id AS v FROM areas WHERE kind = 'licence_area' ORDER BY id LIMIT 1`)
    case 'point': return one(`SELECT p.id AS v FROM measures_points p JOIN areas a ON a.id = p.area_id WHERE a.kind = 'licence_area' ORDER BY p.id LIMIT 1`)
    case 'wpoint': return one(`SELECT id AS v FROM measures_points WHERE kind = 'control_water_object_state_point' ORDER BY id LIMIT 1`)
    case 'company_lem': return one(`SELECT id AS v FROM companies WHERE kind = 'lem' ORDER BY id LIMIT 1`)
    case 'company_industry': return one(`SELECT id AS v FROM companies WHERE kind = 'lem_industry' ORDER BY id LIMIT 1`)
    case 'company_gas': return one(`SELECT id AS v FROM companies WHERE kind = 'gas_emissions' ORDER BY id LIMIT 1`)
    case 'holder_company': return one(`SELECT company_id AS v FROM users WHERE username = 'holder1'`)
    case 'holder2_company': return one(`SELECT company_id AS v FROM users WHERE username = 'holder2'`)
    case 'holder2_area': return one(`SELECT r.area_id AS v FROM ecomon_responsibles r JOIN users u ON u.company_id = r.company_id WHERE u.username = 'holder2' ORDER BY r.year DESC, r.id LIMIT 1`)
    case 'company_head': return one(`SELECT min(id) AS v FROM companies WHERE head_company_id IS NOT NULL`)
    case 'file_area': return one(`SELECT r.area_id AS v FROM import_files f JOIN import_reports r ON r.id = f.report_id WHERE r.area_id IS NOT NULL ORDER BY f.id LIMIT 1`)
    case 'file_year': return one(`SELECT r.year AS v FROM import_files f JOIN import_reports r ON r.id = f.report_id WHERE r.area_id IS NOT NULL ORDER BY f.id LIMIT 1`)
    case 'point_kind': return one(`SELECT p.kind AS v FROM measures_points p JOIN areas a ON a.id = p.area_id WHERE a.kind = 'licence_area' ORDER BY p.id LIMIT 1`)
    case 'holder2_area_name': return one(`SELECT a.name AS v FROM areas a JOIN users u ON u.company_id = a.company_id WHERE u.username = 'holder2' ORDER BY a.id LIMIT 1`)
    case 'holder2_company_name': return one(`SELECT c.name AS v FROM companies c JOIN users u ON u.company_id = c.id WHERE u.username = 'holder2'`)
    case 'holder_area': return one(`SELECT a.id AS v FROM areas a JOIN users u ON u.company_id = a.company_id WHERE u.username = 'holder1' ORDER BY a.id LIMIT 1`)
    case 'gas_year': return one(`SELECT max(year) AS v FROM greenhouse_gases`)
    case 'rec': return one(`SELECT min(id) AS v FROM ${arg}`)
    case 'rpoint': return point('polygon_region_monitoring', arg === 'hydrological' ? "p.kind = 'hydrological_point'" : SECTION_SCOPE[arg])
    case 'ypoint': return point('polygon_YaNAO_monitoring', arg === 'hydrological' ? "p.category = 'hydrological'" : SECTION_SCOPE[arg])
    case 'rwith': return point('polygon_region_monitoring', `EXISTS (SELECT 1 FROM ${arg} x WHERE x.measures_point_id = p.id)`)
    case 'ywith': return one(`SELECT min(measures_point_id) AS v FROM ${arg}`)
    default: throw new Error(`unknown token {${token}}`)
  }
}


describe('the points list headings of §2.3', () => {
  it('lists every kind the spec heads, and each page is headed as its row says', async () => {
    const named = specItems('catalogue.md').pointListHeadings
    expect(named.length).toBe(6)
    for (const { kind, heading } of named) expect(pointHeadings.some((row) => codes(row[0])[0] === kind && row[1] === heading), `${kind}: ${heading}`).toBe(true)
    for (const row of pointHeadings) {
      const answer = await callPage(`/points/${codes(row[0])[0]}`, contextOf(null))
      expect(answer.status).toBe(200)
      expect(`'${answer.data.title}'`, row[0]).toBe(row[2])
    }
  })
})

describe('every address of §2 as each role on the demo data', () => {
  it('answers the page to the roles the table names, 403 or the login page to the others, never the 404 or a 5xx', { timeout: 600_000 }, async () => {
    const users = Object.fromEntries(await Promise.all(ROLES.map(async (role) => [role, role === 'public' ? null : await userNamed(role)] as const)))
    const problems: string[] = []
    let walked = 0
    for (const [, samples, roles] of addresses) {
      const allowed = roles === 'all' || roles === 'not-found' ? null : roles.split(',').map((r) => r.trim())
      for (const sample of codes(samples)) {
        let address = sample
        for (const [token] of sample.matchAll(/\{([^}]+)\}/g)) address = address.replace(token, await resolve(token.slice(1, -1)))
        for (const role of ROLES) {
          walked++
          let answer
          try {
            answer = await callPage(address, contextOf(users[role]))
          } catch (error) {
            problems.push(`${address} as ${role}: 5xx (${(error as Error).message})`)
            continue
          }
          const html = JSON.stringify(answer.data ?? '')
          if (html.includes('\\u0000')) problems.push(`${address} as ${role}: NUL in the page's data`)
          if (roles === 'not-found') {
            if (answer.route !== 'not-found' || answer.status !== 404) problems.push(`${address} as ${role}: not the 404 page`)
            continue
          }
          const gets = allowed === null || allowed.includes(role)
          const refused = answer.status === 403 || (answer.status === 302 && String(answer.location).startsWith('/login'))
          if (answer.route === 'not-found' || answer.location === '/404' || answer.status === 404) problems.push(`${address} as ${role}: 404`)
          else if (answer.status >= 500) problems.push(`${address} as ${role}: ${answer.status}`)
          else if (gets && answer.status !== 200) problems.push(`${address} as ${role}: ${answer.status} ${answer.location ?? ''}, the page was expected`)
          else if (!gets && !refused) problems.push(`${address} as ${role}: ${answer.status}, a refusal was expected`)
        }
      }
    }
    expect(problems).toEqual([])
    expect(walked).toBeGreaterThan(600)
  })
})

describe('every endpoint of §7 on the demo data', () => {
  it('answers a public GET with 200 (404 for an id that does not exist) and refuses a workflow endpoint without a login', async () => {
    const problems: string[] = []
    for (const [cell, kind] of endpoints) {
      const endpoint = codes(cell)[0]
      if (endpoint === '/auth/login/') continue
      const url = endpoint.replace('{id}', '2147483647')
      // The spec's measures-points/{id} without a slash is the DELETE.
      const method = kind === 'login' && endpoint === '/api/v1/measures-points/{id}' ? 'DELETE' : 'GET'
      const answer = await t.app.inject({ method, url, query: endpoint.includes('administrative-region') ? { is_filter: 'true' } : {} })
      if (kind === 'public GET') {
        const expected = endpoint.includes('{id}') ? 404 : 200
        if (answer.statusCode !== expected) problems.push(`${url}: ${answer.statusCode}, expected ${expected}`)
        // A workflow endpoint asks for its parameters or a login first; an unknown id may be a 404; never a 5xx.
      } else if (![400, 401, 403, ...(endpoint.includes('{id}') ? [404] : [])].includes(answer.statusCode)) problems.push(`${method} ${url}: ${answer.statusCode} without a login`)
    }
    expect(problems).toEqual([])
  })
})

/** The value at a dotted key: into a nested object, or into the first item of a nested list. */
function valueAt(record: unknown, key: string): { found: boolean; value?: unknown } {
  let value: unknown = record
  for (const part of key.split('.')) {
    if (Array.isArray(value)) value = value[0]
    if (value === null || typeof value !== 'object' || !(part in value)) return { found: false }
    value = (value as Record<string, unknown>)[part]
  }
  return { found: true, value }
}

describe('every field of §3 on the demo data', () => {
  it('lists every item of the entity lists of both documents', () => {
    for (const name of DOCS) {
      for (const { entity, item } of specItems(name).fieldItems) {
        expect(fields.some((row) => row[0] === name && row[1] === entity && row[2] === item), `${name}: ${entity}: ${item}`).toBe(true)
      }
    }
    // Every row is an item of the spec (no row outlives an edit of it).
    const items = new Set(DOCS.flatMap((name) => specItems(name).fieldItems.map(({ entity, item }) => `${name}|${entity}|${item}`)))
    for (const row of fields) expect(items.has(`${row[0]}|${row[1]}|${row[2]}`), row.slice(0, 3).join(': ')).toBe(true)
  })

  it('finds every key the table names in the first record each endpoint answers', async () => {
    const { headers } = await loginAs(t.app, 'department')
    const answers = new Map<string, unknown>()
    const bodies = new Map<string, unknown>()
    const problems: string[] = []
    let checked = 0
    for (const row of fields) {
      for (const span of codes(row[3])) {
        const [endpoint, key] = span.split(' ')
        let url = endpoint
        for (const [token] of endpoint.matchAll(/\{([^}]+)\}/g)) url = url.replace(token, await resolve(token.slice(1, -1)))
        if (!answers.has(url)) {
          const answer = await t.app.inject({ url, headers })
          if (answer.statusCode !== 200) problems.push(`${url}: ${answer.statusCode}`)
          const body = answer.statusCode === 200 ? answer.json() : null
          bodies.set(url, body)
          answers.set(url, Array.isArray(body) ? body[0] : Array.isArray(body?.results) ? body.results[0] : body)
        }
        const record = key.startsWith('^') ? bodies.get(url) : answers.get(url)
        if (record === undefined) problems.push(`${url}: no record in the demo data`)
        else if (!valueAt(record, key.replace(/^\^/, '')).found) problems.push(`${url}: no ${key} (${row[1]}: ${row[2]})`)
        checked++
      }
    }
    expect(problems).toEqual([])
    expect(checked).toBeGreaterThan(450)
  })

  it('groups a forecast card by the spec’s horizons', () => {
    const groups = new Set(findType('ecomon-state-forecast')!.fields.map((f) => f.group))
    for (const horizon of ['Краткосрочный прогноз (1–3 года)', 'Среднесрочный прогноз (3–5 лет)', 'Долгосрочный прогноз (5–10 лет)']) expect(groups).toContain(horizon)
  })
})

/** The record a `{id}` of an endpoint's path names in the walk of its parameters. */
const PATH_ID: Record<string, string> = { '/api/v1/measures-points/{id}/': '{point}', '/api/v1/companies/{id}/': '{company_lem}', '/api/v1/areas/{id}/': '{area}' }

/** What an endpoint needs beside the parameter the walk asks about. */
const BASE_QUERY: Record<string, Record<string, string>> = {
  '/api/v1/administrative-region/': { is_filter: 'true' },
  '/api/v1/ecomon-responsibles/': { area: '{holder2_area}', year: '2025' },
  '/api/v1/company-responsibles/': { company: '{holder2_company}', year: '2025' },
  '/api/v1/import-reports/': { company_name: '{holder2_company_name}' },
  '/api/v1/import-reports/status_change/': { company_name: '{holder2_company_name}' },
  '/api/v1/import-files/': { company: '{holder2_company}' },
  '/api/v1/import-files/zip/': { company: '{holder2_company}', report_type: 'greenhouse_gases', year: '2025' },
}
const TARGETS = ['area', 'area_name', 'company', 'company_name']

describe('every parameter of §7 on the demo data', () => {
  it('names for each multipart payload field tests that exist by their names', () => {
    const rows = parameters.filter((row) => row[6].startsWith('done: a payload field'))
    expect(rows.length).toBeGreaterThanOrEqual(10)
    for (const row of rows) {
      const named = namedTests(row[7])
      expect(named.length, row.slice(0, 3).join(' ')).toBeGreaterThan(0)
      for (const { file, name } of named) {
        const text = fs.readFileSync(path.join(root, file), 'utf8')
        expect(text.includes(`'${name}'`) || text.includes(`"${name}"`), `${file}: ${name}`).toBe(true)
      }
    }
  })

  it('lists every parameter each row of both documents names, for each endpoint of the row', () => {
    for (const name of DOCS) {
      for (const { method, endpoints, parameters: names } of specItems(name).endpointParameters) {
        for (const endpoint of endpoints) {
          for (const parameter of names) {
            const listed = parameters.some((row) => row[0] === method && codes(row[1])[0] === endpoint && codes(row[2])[0] === parameter)
            expect(listed, `${name}: ${method} ${endpoint} ${parameter}`).toBe(true)
          }
        }
      }
    }
  })

  it('answers each GET parameter: the valid value, 400 naming it for a malformed one, never a 5xx for an unknown id, never a NUL', async () => {
    const { headers } = await loginAs(t.app, 'department')
    const fill = async (text: string) => {
      let out = text
      for (const [token] of text.matchAll(/\{([^}]+)\}/g)) if (token !== '{id}') out = out.replace(token, await resolve(token.slice(1, -1)))
      return out
    }
    const problems: string[] = []
    let asked = 0
    for (const [method, endpointCell, parameterCell, valid, malformed, unknown, state] of parameters) {
      const row = { state }
      // A row of several methods (the responsible persons of a company) is asked by GET where its state says so.
      if (method !== 'GET' && !(method.split(', ').includes('GET') && state.includes('the GET walk'))) continue
      const endpoint = codes(endpointCell)[0]
      const parameter = codes(parameterCell)[0]
      const path = endpoint.includes('{id}') ? endpoint.replace('{id}', await fill(PATH_ID[endpoint])) : endpoint
      if (!row.state.startsWith('done')) continue
      // The other parameters the endpoint needs beside the one asked (the region list for filters, a workflow list its
      // area or company); a parameter naming the target replaces the base's target.
      const base: Record<string, string> = {}
      for (const [key, value] of Object.entries(BASE_QUERY[endpoint] ?? {})) {
        if (key === parameter || (TARGETS.includes(parameter) && TARGETS.includes(key))) continue
        base[key] = await fill(value)
      }
      const ask = async (value: string) => {
        asked++
        const answer = await t.app.inject({ url: path, query: { ...base, [parameter]: await fill(value) }, headers })
        const json = String(answer.headers['content-type'] ?? '').startsWith('application/json')
        if (json && answer.body.includes('\\u0000')) problems.push(`${path}?${parameter}=${value}: a NUL in the answer`)
        return { status: answer.statusCode, body: json ? (answer.json() as { parameter?: string }) : null }
      }
      const good = await ask(valid)
      if (good.status !== 200) problems.push(`${endpoint}?${parameter}=${valid}: ${good.status}, expected 200`)
      if (malformed !== '—') {
        const bad = await ask(malformed)
        if (bad.status !== 400 || bad.body?.parameter !== parameter) problems.push(`${endpoint}?${parameter}=${malformed}: ${bad.status} naming ${bad.body?.parameter}, expected 400 naming ${parameter}`)
      }
      if (unknown !== '—') {
        const none = await ask(unknown)
        if (none.status >= 500 || none.status === 400) problems.push(`${endpoint}?${parameter}=${unknown}: ${none.status}`)
      }
    }
    expect(problems).toEqual([])
    expect(asked).toBeGreaterThan(300)
  })
})

describe('every role rule of §6', () => {
  it('lists each sentence of §6 of both documents', () => {
    for (const name of DOCS) {
      for (const { who, rule } of specItems(name).roleRules) expect(roleRules.some((row) => row[0] === name && row[1] === who && row[2] === rule), `${name}: ${who}: ${rule}`).toBe(true)
    }
  })

  it('shows the public a company’s tabs on its exposure levels, and the holder of a lem_industry company its breadcrumbs', async () => {
    const holder = await userNamed('holder1')
    const address = `/companies/${holder.companyId}/exposure-levels`
    const seen = await callPage(address, contextOf(null))
    expect(seen.status).toBe(200)
    expect(seen.data.tabs.map((tab: { title: string }) => tab.title)).toContain('Уровень антропогенного воздействия')
    const own = await callPage(address, contextOf(holder))
    expect(own.status).toBe(200)
    expect(own.data.crumbs.map((crumb: { to: string }) => crumb.to)).toContain(`/companies/${holder.companyId}`)
  })
})

describe('every payload field of the responsible person endpoints', () => {
  it('saves the valid payload, answers 400 naming a malformed field, and never a 5xx for an unknown id', async () => {
    const { headers } = await loginAs(t.app, 'holder2')
    const fill = async (text: string) => (/^\{[a-z0-9_]+\}$/.test(text) ? await resolve(text.slice(1, -1)) : text)
    const value = async (text: string, parameter: string) => {
      if (text === '{}') return {}
      const filled = await fill(text)
      return ['area', 'company', 'year'].includes(parameter) && /^\d+$/.test(filled) ? Number(filled) : filled
    }
    const problems: string[] = []
    let asked = 0
    const rows = parameters.filter((row) => row[6].startsWith('done: the payload walk'))
    for (const scope of ['ecomon', 'company'] as const) {
      const endpoint = `/api/v1/${scope}-responsibles/`
      const mine = rows.filter((row) => codes(row[1])[0].startsWith(endpoint))
      const valid: Record<string, unknown> = {}
      for (const row of mine) if (!row[0].includes('GET') || row[0].includes('POST')) valid[codes(row[2])[0]] = await value(row[3], codes(row[2])[0])
      const created = await t.app.inject({ method: 'POST', url: endpoint, payload: valid, headers })
      asked++
      if (created.statusCode !== 201) problems.push(`POST ${endpoint}: ${created.statusCode} ${created.body}`)
      const id = created.statusCode === 201 ? (created.json() as { id: number }).id : 0
      for (const row of mine) {
        const parameter = codes(row[2])[0]
        const methods = row[0].split(',').map((m) => m.trim()).filter((m) => m !== 'GET')
        for (const method of methods) {
          const url = method === 'PUT' ? `${endpoint}${id}/` : endpoint
          const send = async (text: string) => {
            asked++
            const answer = await t.app.inject({ method: method as 'POST' | 'PUT', url, payload: { ...valid, [parameter]: await value(text, parameter) }, headers })
            return { status: answer.statusCode, parameter: answer.statusCode === 400 ? (answer.json() as { parameter?: string }).parameter : undefined }
          }
          const bad = await send(row[4])
          if (bad.status !== 400 || bad.parameter !== parameter) problems.push(`${method} ${url} ${parameter}=${row[4]}: ${bad.status} naming ${bad.parameter}`)
          if (row[5] !== '—') {
            const none = await send(row[5])
            if (none.status >= 500) problems.push(`${method} ${url} ${parameter}=${row[5]}: ${none.status}`)
          }
        }
      }
    }
    expect(problems).toEqual([])
    expect(asked).toBeGreaterThan(20)
  })
})

/** Whether each test a cell names is in its file by that name. */
function missingTests(cell: string): string[] {
  return namedTests(cell)
    .filter(({ file, name }) => {
      const text = fs.readFileSync(path.join(root, file), 'utf8')
      return !text.includes(`'${name}'`) && !text.includes(`"${name}"`) && !text.includes(`\`${name}\``)
    })
    .map(({ file, name }) => `${file}: ${name}`)
}

describe('every constant of §9', () => {
  it('lists each sentence of §9 of both documents, and no row outlives an edit of the spec', () => {
    for (const name of DOCS) for (const sentence of specItems(name).constants) expect(constants.some((row) => row[0] === name && row[1] === sentence), `${name}: ${sentence}`).toBe(true)
    for (const row of constants) expect(specItems(row[0]).constants, row[1]).toContain(row[1])
  })

  it('finds each value in its sentence and each declaration in the file the row names', () => {
    const problems: string[] = []
    for (const [, sentence, values, declared] of constants) {
      for (const value of codes(values)) if (!sentence.includes(value)) problems.push(`${sentence}: no ${value}`)
      let file = ''
      for (const span of codes(declared)) {
        if (/^[a-z-]+\/[^ ]+\.tsx?$/.test(span)) file = span
        else if (!file || !fs.readFileSync(path.join(root, file), 'utf8').includes(span)) problems.push(`${sentence}: ${file} does not declare ${span}`)
      }
    }
    expect(problems).toEqual([])
  })

  it('names for each row tests that exist by their names, unless the spec leaves nothing to build', () => {
    for (const row of constants) {
      if (row[4].startsWith('nothing to build')) continue
      expect(namedTests(row[5]).length, row[1]).toBeGreaterThan(0)
      expect(missingTests(row[5]), row[1]).toEqual([])
    }
  })
})

describe('every UI word the spec gives without quotes', () => {
  it('lists each word, shows it in the file its row names (a hidden one nowhere there) and names the tests that exist', () => {
    for (const name of DOCS) for (const { word, kind } of specItems(name).unquotedWords) expect(unquotedWords.some((row) => row[0] === name && row[1] === word && row[2] === kind), `${name}: ${word}`).toBe(true)
    for (const [, word, kind, file, , tests] of unquotedWords) {
      const text = fs.readFileSync(path.join(root, codes(file)[0]), 'utf8')
      expect(text.includes(`title: '${word}'`) || (kind === 'boolean' && text.includes(`'${word}'`)), word).toBe(kind !== 'hidden')
      expect(namedTests(tests).length, word).toBeGreaterThan(0)
      expect(missingTests(tests), word).toEqual([])
    }
  })
})
