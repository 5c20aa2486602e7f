// A stranger's Remix data requests (`?_data=<route id>`) are not errors of the portal (issue 35 item 9): each is
// answered 400 or 404 with one warn line and no stack, so a page fuzz does not drown the real errors in the log.
import { Writable } from 'node:stream'
import { describe, expect, it } from 'vitest'
import { createLogger } from '@portal/workflow-server/service.server.ts'
import { useTestApp } from '../../test-support/test-app.ts'
import { builtPages } from './support/built-pages.ts'

let logged = ''
const sink = new Writable({
  write(chunk, _encoding, done) {
    logged += chunk.toString()
    done()
  },
})
const t = useTestApp({}, { remix: await builtPages(), logger: createLogger('info', sink) })

interface Line {
  level: number
  msg: string
  err?: { stack?: string }
}
/** The lines logged at warn level and above since `from` (an offset of `logged`). */
const warnedSince = (from: number): Line[] =>
  logged
    .slice(from)
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Line)
    .filter((line) => line.level >= 40)

describe('a data request of a stranger', () => {
  const ASKED = [
    '/monitoring/companies/?_data=routes%2Fxyz',
    '/monitoring/companies/?_data=',
    '/monitoring/companies/?_data=root%2F..%2Fx',
    '/monitoring/?_data=reports%2Fprecheck',
    '/monitoring/areas/?_data=routes%2Fxyz&_data=routes%2Fabc',
  ]
  it.each(ASKED)('is answered 400 or 404 with one warn line and no stack: %s', async (url) => {
    const from = logged.length
    const res = await t.app.inject({ url })
    expect([400, 404]).toContain(res.statusCode)
    expect(res.body).toBe('Неверный запрос: параметр _data не поддерживается.')
    const lines = warnedSince(from)
    expect(lines.map((l) => [l.level, l.msg])).toEqual([[40, expect.any(String)]])
    expect(JSON.stringify(lines)).not.toMatch(/\n\s+at |"stack"/)
  })

  it("still answers a page's own data request (single fetch) with its data and no warning", async () => {
    const from = logged.length
    const res = await t.app.inject({ url: '/monitoring/companies.data' })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toMatch(/^text\/x-script/)
    expect(warnedSince(from)).toEqual([])
  })
})
