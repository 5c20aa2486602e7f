// WEB_PROCESSES=2: the portal serves one port from two web processes, each with its own pool, and stops them all.
import { readdirSync, readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { usePortalProcess } from './support/portal-process.ts'

/** The web processes: children of the portal running the same entry (tsx may add a compiler process of its own). */
function childrenOf(pid: number): number[] {
  const found: number[] = []
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8')
      const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1])
      if (parent === pid && readFileSync(`/proc/${entry}/cmdline`, 'utf8').includes('server.ts')) found.push(Number(entry))
    } catch {
      // the process ended while the list was read
    }
  }
  return found
}

const METRICS_TOKEN = 'cluster-metrics-token-0123456789'
const portal = usePortalProcess({ WEB_PROCESSES: '2', METRICS_TOKEN }, async (p) => childrenOf(p.child.pid!).length >= 2 && (await fetch(`${p.baseUrl}/healthz`).then((r) => r.ok, () => false)))

describe('several web processes on one port', () => {
  it('serves the API, cached pages and 404s of missing files from two web processes and stops them all on SIGTERM', async () => {
    const web = childrenOf(portal.child.pid!)
    expect(web).toHaveLength(2)
    for (let i = 0; i < 10; i++) {
      const res = await fetch(`${portal.baseUrl}/api/v1/areas/?limit=1`)
      expect(res.status).toBe(200)
      expect(((await res.json()) as { count: number }).count).toBeGreaterThan(0)
    }
    // Pages the public sees come from each process's cache after its first rendering of them.
    const pages = []
    for (let i = 0; i < 6; i++) pages.push(await fetch(`${portal.baseUrl}/monitoring/companies/`))
    expect(pages.every((p) => p.status === 200)).toBe(true)
    expect(pages.map((p) => p.headers.get('x-cache'))).toContain('hit')
    // A cached page carries the asking request's own CSP nonce, never the one it was first rendered with.
    const hit = pages.find((p) => p.headers.get('x-cache') === 'hit')!
    const nonce = /'nonce-([^']+)'/.exec(hit.headers.get('content-security-policy') ?? '')?.[1]
    const html = await hit.text()
    expect(nonce).toBeTruthy()
    expect(html).toContain(`nonce="${nonce}"`)
    expect(html.match(/nonce="([^"]+)"/g)?.every((n) => n === `nonce="${nonce}"`)).toBe(true)
    expect(html).not.toContain('\u0000')
    // A built file that is not there is a short 404, not a page rendered by Remix.
    const missing = await fetch(`${portal.baseUrl}/monitoring/assets/no-such-file-0000.js`)
    expect(missing.status).toBe(404)
    expect(missing.headers.get('content-type')).toContain('text/plain')
    expect(await missing.text()).toBe('Not Found')

    // /metrics answered by either process counts the requests of both (the primary merges every registry).
    for (let i = 0; i < 12; i++) expect((await fetch(`${portal.baseUrl}/api/v1/companies/?limit=1`)).status).toBe(200)
    for (let i = 0; i < 4; i++) {
      const res = await fetch(`${portal.baseUrl}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })
      expect(res.status).toBe(200)
      const text = await res.text()
      const count = [...text.matchAll(/^portal_http_requests_total\{method="GET",route="\/api\/v1\/companies\/",status="200"\} (\d+)$/gm)].map((m) => Number(m[1]))
      expect(count).toEqual([12])
    }

    const exited = new Promise<number | null>((resolve) => portal.child.once('exit', resolve))
    portal.child.kill('SIGTERM')
    expect(await exited).toBe(0)
    for (const pid of web) expect(() => process.kill(pid, 0)).toThrow()
  }, 60_000)
})
