// The cache-miss cases' load: every request a new address, and any answer the cache gave is counted against the case.
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import { AddressPool, crossed } from '../support/address-pool.ts'
import { measureColdLoad, measureLoad } from '../support/load.ts'
import { dataAddress } from '../cases/http-cases.ts'

let server: Server | undefined

afterEach(async () => {
  await new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)))
  server = undefined
})

/** A server that answers like the public cache: a miss the first time an address is asked, a hit after. */
async function cachingServer(asked: string[]): Promise<string> {
  const seen = new Set<string>()
  server = createServer((request, response) => {
    const url = request.url ?? ''
    asked.push(url)
    response.setHeader('x-cache', seen.has(url) ? 'hit' : 'miss')
    seen.add(url)
    response.end('{}')
  })
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve))
  return `http://127.0.0.1:${(server!.address() as AddressInfo).port}`
}

describe('the cache-miss load', () => {
  it('hands out every address of a pool once, in an order spread over the pool', () => {
    const pool = new AddressPool(10_007, (i) => `/points/${i}/`)
    const taken = Array.from({ length: 10_007 }, () => pool.take())
    expect(new Set(taken).size).toBe(10_007)
    expect(pool.take()).toBeNull()
    expect(taken[1]).not.toBe('/points/1/')
  })

  it('crosses the parts of an address so every combination is one address', () => {
    const pool = crossed([[1, 2, 3], ['a', 'b']], (id, kind) => `/${id}/${kind}`)
    const taken = Array.from({ length: pool.size }, () => pool.take())
    expect(taken.sort()).toEqual(['/1/a', '/1/b', '/2/a', '/2/b', '/3/a', '/3/b'])
  })

  it('asks no address twice from several connections and finds no answer but misses', async () => {
    const asked: string[] = []
    const baseUrl = await cachingServer(asked)
    const load = await measureColdLoad({ baseUrl, addresses: new AddressPool(100_000, (i) => `/r/${i}`), connections: 8, seconds: 0.5, warmupSeconds: 0.2 })
    expect(load.requests).toBeGreaterThan(0)
    expect(load.notMisses).toBe(0)
    expect(new Set(asked).size).toBe(asked.length)
  })

  it('counts an answer the cache gave, with its address', async () => {
    const baseUrl = await cachingServer([])
    // Twenty different cache keys and then the same twenty again: the second round is answered by the "cache".
    const load = await measureColdLoad({ baseUrl, addresses: new AddressPool(100_000, (i) => `/r/${i % 20}`), connections: 4, seconds: 0.5, warmupSeconds: 0 })
    expect(load.notMisses).toBeGreaterThan(0)
    expect(load.firstNotMiss).toMatch(/^\/r\/\d+ \(x-cache: hit\)$/)
  })

  it('counts an answer that did not go through the cache at all', async () => {
    server = createServer((_request, response) => response.end('{}'))
    await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve))
    const baseUrl = `http://127.0.0.1:${(server!.address() as AddressInfo).port}`
    const load = await measureColdLoad({ baseUrl, addresses: new AddressPool(100_000, (i) => `/r/${i}`), connections: 2, seconds: 0.3, warmupSeconds: 0 })
    expect(load.notMisses).toBe(load.requests)
    expect(load.firstNotMiss).toContain('x-cache: none')
  })

  it('stops when the pool is used up rather than ask an address again', async () => {
    const asked: string[] = []
    const baseUrl = await cachingServer(asked)
    const load = await measureColdLoad({ baseUrl, addresses: new AddressPool(200, (i) => `/r/${i}`), connections: 4, seconds: 5, warmupSeconds: 0.2 })
    expect(load.notMisses).toBe(0)
    expect(new Set(asked).size).toBe(asked.length)
    expect(asked.length).toBeLessThanOrEqual(200)
  })

  it('refuses to run on a pool too small for its connections', async () => {
    const baseUrl = await cachingServer([])
    await expect(measureColdLoad({ baseUrl, addresses: new AddressPool(5, (i) => `/r/${i}`), connections: 4, seconds: 0.3, warmupSeconds: 0 })).rejects.toThrow(
      'the pool of 5 addresses is used up',
    )
  })
})

describe('a page miss by part', () => {
  it('asks the data of each page as the single fetch of Remix does, its query kept', () => {
    expect(dataAddress('/monitoring/areas/12/')).toBe('/monitoring/areas/12.data')
    expect(dataAddress('/monitoring/measures-points/5/?year=2024')).toBe('/monitoring/measures-points/5.data?year=2024')
    expect(dataAddress('/monitoring/companies/?limit=40&a=b?c')).toBe('/monitoring/companies.data?limit=40&a=b?c')
    expect(dataAddress('/')).toBe('/_root.data')
  })

  it('gives the same addresses changed, from the first, and shows them without handing them out', () => {
    const pool = new AddressPool(7, (i) => `/p/${i}/`)
    const first = pool.take()
    const data = pool.map(dataAddress)
    expect(data.peek(3)).toEqual(new AddressPool(7, (i) => `/p/${i}/`).peek(3).map(dataAddress))
    expect(data.take()).toBe(dataAddress(first!))
    expect(pool.peek(99)).toHaveLength(7)
    expect(pool.remaining).toBe(6)
  })

  it('counts an answer of the measured run that was not a hit, with its address, and none of the warm-up', async () => {
    const baseUrl = await cachingServer([])
    const paths = Array.from({ length: 30 }, (_, i) => `/h/${i}`)
    // Every connection starts at the first address: a warm-up of 4 requests per connection leaves most unasked.
    const short = await measureLoad({ baseUrl, paths, connections: 4, seconds: 0.3, warmupSeconds: 0, warmupRequests: 16, measuredHeaders: { 'x-cache': 'hit' } })
    expect(short.failedHeaders).toBeGreaterThan(0)
    expect(short.firstFailedHeader).toMatch(/^\/h\/\d+ \(x-cache: miss\)$/)
    const warmed = await measureLoad({ baseUrl, paths, connections: 4, seconds: 0.3, warmupSeconds: 0, warmupRequests: paths.length * 4 * 2, measuredHeaders: { 'x-cache': 'hit' } })
    expect(warmed.answers).toBeGreaterThan(0)
    expect(warmed.failedHeaders).toBe(0)
  })
})
