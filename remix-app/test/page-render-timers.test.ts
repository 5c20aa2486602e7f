// A page rendered whole leaves nothing behind (decision 3825): no abort timer holding its render for seconds, no
// second end of its stream building an error for every page.
import { once } from 'node:events'
import { Transform } from 'node:stream'
import { describe, expect, it } from 'vitest'
import { onceEnded } from '../app/entry.server.tsx'
import { useTestApp } from '../../test-support/test-app.ts'
import { builtPages } from './support/built-pages.ts'

const t = useTestApp({}, { remix: await builtPages() })

const timeouts = () => process.getActiveResourcesInfo().filter((r) => r === 'Timeout').length

describe('a page rendered whole', () => {
  it('leaves no timer behind, however many pages were asked', async () => {
    await t.app.inject({ url: '/monitoring/companies/' })
    const before = timeouts()
    for (let i = 0; i < 20; i++) expect((await t.app.inject({ url: `/monitoring/companies/?page=${i}` })).statusCode).toBe(200)
    // Other timers come and go (a pool's idle connection): twenty pages' worth would be twenty more.
    expect(timeouts() - before).toBeLessThan(5)
  })

  it('ends its stream once: a second end is no call, and builds no error', async () => {
    const plain = new Transform({ transform: (chunk, _e, done) => done(null, chunk) })
    plain.resume()
    plain.end()
    await once(plain, 'close')
    const second = await new Promise<unknown>((resolve) => plain.end((error?: unknown) => resolve(error)))
    // What React's close handler made of every page before: an error of the stream's, stack and all.
    expect((second as { code?: string } | null)?.code).toMatch(/^ERR_STREAM_(ALREADY_FINISHED|DESTROYED)$/)

    const page = onceEnded(new Transform({ transform: (chunk, _e, done) => done(null, chunk) }))
    page.resume()
    page.end('a page')
    await once(page, 'close')
    let called = false
    expect(page.end(() => (called = true))).toBe(page)
    await new Promise((r) => setTimeout(r, 20))
    expect(called).toBe(false)
  })
})
