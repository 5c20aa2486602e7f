import SwaggerParser from '@apidevtools/swagger-parser'
import { describe, expect, it } from 'vitest'
import { useTestApp } from '../../test-support/test-app.ts'

const t = useTestApp()

type Operation = { summary?: string; parameters?: Array<{ name: string; in: string }>; responses: Record<string, unknown> }
type Document = { openapi: string; paths: Record<string, Record<string, Operation>> }

async function documentOf(): Promise<Document> {
  const res = await t.app.inject({ url: '/api/docs/json' })
  expect(res.statusCode).toBe(200)
  return res.json()
}

/** Every method and path the app answers under the described prefixes, as `GET /api/v1/areas/{id}/`. */
function registeredRoutes(): string[] {
  const lines = t.app.printRoutes({ commonPrefix: false }).split('\n')
  const stack: string[] = []
  const out: string[] = []
  for (const line of lines) {
    const at = line.indexOf('── ')
    if (at < 0) continue
    const depth = Math.round((at - 1) / 4)
    const match = /^(\S*)(?: \(([A-Z, ]+)\))?/.exec(line.slice(at + 3))
    if (!match) continue
    stack[depth] = (depth > 0 ? stack[depth - 1] : '') + match[1]
    stack.length = depth + 1
    const path = stack[depth]
    if (!match[2] || !(path.startsWith('/api/v1/') || path.startsWith('/auth/') || path === '/healthz')) continue
    for (const method of match[2].split(', ')) {
      if (method === 'HEAD' || method === 'OPTIONS') continue
      out.push(`${method} ${path.replace(/:(\w+)/g, '{$1}').replace(/\/$/, '')}`)
    }
  }
  return out
}

describe('the described API', () => {
  it('serves an OpenAPI 3 document that validates', async () => {
    const document = await documentOf()
    expect(document.openapi).toMatch(/^3\./)
    await expect(SwaggerParser.validate(structuredClone(document) as never)).resolves.toBeTruthy()
  })

  it('lists every registered route of the API, login and the health check', async () => {
    const document = await documentOf()
    const listed = new Set(Object.entries(document.paths).flatMap(([path, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${path.replace(/\/$/, '')}`)))
    const routes = registeredRoutes()
    expect(routes.length).toBeGreaterThan(100)
    const missing = routes.filter((r) => !listed.has(r))
    expect(missing).toEqual([])
  })

  it('describes the answers and the errors of every operation', async () => {
    const document = await documentOf()
    for (const [path, ops] of Object.entries(document.paths)) {
      for (const [method, op] of Object.entries(ops)) {
        const codes = Object.keys(op.responses)
        expect(codes.some((c) => /^2\d\d$/.test(c)), `${method} ${path} has an answer`).toBe(true)
        if (path.startsWith('/api/v1/')) expect(codes, `${method} ${path}`).toEqual(expect.arrayContaining(['400', '403', '404']))
      }
    }
  })

  it('names the parameters of a list: filters, paging, ordering and format', async () => {
    const document = await documentOf()
    const names = (path: string) => (document.paths[path]?.get.parameters ?? []).map((p) => p.name)
    expect(names('/api/v1/measures-points/')).toEqual(expect.arrayContaining(['area', 'kind__in', 'in_bbox', 'limit', 'offset', 'ordering', 'format']))
    expect(names('/api/v1/measures-point-indications/')).toEqual(expect.arrayContaining(['measures_point', 'year', 'sampled__gte', 'sampled__lte', 'ordering', 'format']))
    expect(names('/api/v1/companies/')).toEqual(expect.arrayContaining(['kind', 'search', 'ordering', 'format', 'dialect']))
    expect(names('/api/v1/areas/{id}/')).toEqual(expect.arrayContaining(['id']))
    // Every list that writes a CSV says which dialect it writes: the people's by default, RFC 4180 when asked.
    for (const [path, item] of Object.entries(document.paths)) {
      if (!item.get || !names(path).includes('format')) continue
      expect(names(path), path).toContain('dialect')
    }
  })

  it('shows a readable page at /api/docs that works without the internet', async () => {
    const page = await t.app.inject({ url: '/api/docs' })
    const html = page.statusCode === 302 ? await t.app.inject({ url: page.headers.location as string }) : page
    expect(html.statusCode).toBe(200)
    expect(html.body).toContain('swagger-ui')
    expect(html.body).not.toMatch(/https?:\/\/(?!localhost)[a-z]/i)
    const script = /src="\.?\/?([^"]*swagger-ui-bundle\.js)"/.exec(html.body)
    expect(script).not.toBeNull()
  })

  it('gives every operation a summary in Russian, and no two operations of one path the same', async () => {
    const document = await documentOf()
    const wrong: string[] = []
    for (const [path, ops] of Object.entries(document.paths)) {
      const summaries = Object.entries(ops).map(([method, op]) => {
        if (!op.summary?.trim() || !/[а-яё]/i.test(op.summary)) wrong.push(`${method.toUpperCase()} ${path}: no summary in Russian`)
        return op.summary
      })
      if (new Set(summaries).size !== summaries.length) wrong.push(`${path}: two operations with one summary`)
    }
    expect(wrong).toEqual([])
  })

  it("serves the page as the portal's: its title, Russian, a way back to the portal and a layout for a phone", async () => {
    const page = await t.app.inject({ url: '/api/docs' })
    const html = page.statusCode === 302 ? await t.app.inject({ url: page.headers.location as string }) : page
    expect(/<title>([^<]*)<\/title>/.exec(html.body)?.[1]).toBe('API портала — Экологический мониторинг ЯНАО')
    const asset = async (name: string) => {
      const src = new RegExp(`(?:src|href)="\\.?/?([^"]*theme/${name.replace('.', '\\.')})"`).exec(html.body)
      expect(src, name).not.toBeNull()
      const res = await t.app.inject({ url: `/api/docs/${src![1].replace(/^.*?static\//, 'static/')}` })
      expect(res.statusCode, name).toBe(200)
      return res.body
    }
    const script = await asset('portal.js')
    expect(script).toContain('back.href = "/monitoring/"')
    expect(script).toContain('На портал')
    expect(script).toContain("lang = 'ru'")
    expect(script).toContain('width=device-width')
    expect(await asset('portal.css')).toContain('@media (max-width: 600px)')
  })
})
