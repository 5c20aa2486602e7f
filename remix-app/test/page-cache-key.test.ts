// The public cache keys a page by its path and the query parameters its route's renders read (issue 22 item 9,
// decision 2232): a parameter no loader reads (`?bust=…`) neither renders the page afresh nor makes an entry.
import { describe, expect, it } from 'vitest'
import { PublicCache } from '@portal/workflow-server/service.server.ts'
import { useTestApp } from '../../test-support/test-app.ts'
import { builtPages } from './support/built-pages.ts'

const cache = new PublicCache()
const t = useTestApp({}, { remix: await builtPages(), publicCache: cache })

describe('the public cache key of a page', () => {
  it('leaves out query parameters no loader reads: ?bust=… is a hit and no new entry, a read one is its own entry', async () => {
    expect(cache.enabled).toBe(true)
    const first = await t.app.inject({ url: '/monitoring/companies' })
    expect([first.statusCode, first.headers['x-cache']]).toEqual([200, 'miss'])
    const size = cache.size
    for (const url of ['/monitoring/companies?bust=1', '/monitoring/companies?bust=2', '/monitoring/companies?__proto__=1&bust=3', '/monitoring/companies?constructor=x&bust&bust=4']) {
      const res = await t.app.inject({ url })
      expect([url, res.statusCode, res.headers['x-cache']]).toEqual([url, 200, 'hit'])
    }
    expect(cache.size).toBe(size)

    // `limit` (the rows «Показать еще» asked for) is read by the list's loader: its own rendering, its own entry, its own rows.
    const paged = await t.app.inject({ url: '/monitoring/companies?limit=40' })
    expect([paged.statusCode, paged.headers['x-cache']]).toEqual([200, 'miss'])
    expect(cache.size).toBe(size + 1)
    // The ETag is that of the stored page (marks in place of each request's nonce, token and id).
    expect(paged.headers.etag).not.toBe(first.headers.etag)
    // The same page with an unread parameter beside it, in another order or spelling, is that entry.
    for (const url of ['/monitoring/companies?bust=5&limit=40', '/monitoring/companies?limit=40&__proto__=1']) {
      const res = await t.app.inject({ url })
      expect([url, res.statusCode, res.headers['x-cache']]).toEqual([url, 200, 'hit'])
    }
    expect(cache.size).toBe(size + 1)
    // The page without a page number is still its first entry.
    const again = await t.app.inject({ url: '/monitoring/companies?bust=6' })
    expect([again.headers['x-cache'], again.headers.etag]).toEqual(['hit', first.headers.etag])
  })

  it('leaves out the search the list ignores for the public: 1 000 distinct searches are one entry, the page without one', async () => {
    const first = await t.app.inject({ url: '/monitoring/companies/' })
    expect(first.statusCode).toBe(200)
    const size = cache.size
    for (let i = 0; i < 1000; i++) {
      const res = await t.app.inject({ url: `/monitoring/companies/?search=a${i}` })
      if (res.headers['x-cache'] !== 'hit') expect([i, res.statusCode, res.headers['x-cache']]).toEqual([i, 200, 'hit'])
    }
    expect(cache.size).toBe(size)
  })

  it('sends a limit the list does not show as written to the address of what it shows: 1 000 such limits make no entry', async () => {
    const first = await t.app.inject({ url: '/monitoring/companies/' })
    expect(first.statusCode).toBe(200)
    const size = cache.size
    for (let i = 0; i < 1000; i++) {
      const limit = [`${-i}`, `x${i}`, `${i % 20}`, `4${i % 10}&limit=${i}`][i % 4]
      const res = await t.app.inject({ url: `/monitoring/companies/?limit=${limit}` })
      if (res.statusCode !== 302) expect([limit, res.statusCode]).toEqual([limit, 302])
    }
    expect(cache.size).toBe(size)
    // To the page's own address with what it shows; a parameter no render reads (`bust`) goes with the redirect.
    const odd = await t.app.inject({ url: '/monitoring/companies/?limit=45&bust=1' })
    expect([odd.statusCode, odd.headers.location]).toEqual([302, '/monitoring/companies/?limit=40'])
    const small = await t.app.inject({ url: '/monitoring/companies/?limit=3' })
    expect(small.statusCode).toBe(302)
    expect(small.headers.location).toMatch(/^\/monitoring\/companies\/\??$/)
    expect((await t.app.inject({ url: '/monitoring/companies/?limit=60' })).statusCode).toBe(200)
  })

  it('is the same for every spelling of a page\'s address Remix reads as that page: letter case, percent-encoding, dot segments', async () => {
    const first = await t.app.inject({ url: '/monitoring/companies/' })
    expect(first.statusCode).toBe(200)
    const size = cache.size
    for (const url of ['/monitoring/Companies/', '/monitoring/COMPANIES/', '/monitoring/%63ompanies/', '/monitoring/cOmPaNiEs/?bust=1', '/monitoring/x/../companies/']) {
      const res = await t.app.inject({ url })
      expect([url, res.statusCode, res.headers['x-cache']]).toEqual([url, 200, 'hit'])
    }
    expect(cache.size).toBe(size)
  })

  it('renders a page asked in another spelling at its own address, so the stored page links where the portal does', async () => {
    const res = await t.app.inject({ url: '/monitoring/COMPANIES/?page=2' })
    expect(res.statusCode).toBe(200)
    expect(res.body).not.toContain('/monitoring/COMPANIES/')
    const again = await t.app.inject({ url: '/monitoring/companies/?page=2' })
    expect([again.statusCode, again.headers['x-cache']]).toEqual([200, 'hit'])
  })
})
