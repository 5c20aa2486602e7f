// Answers that depend on the session stay out of shared caches; links in answers never come from the Host header.
import { describe, expect, it } from 'vitest'
import { loginAs } from '../../test-support/login.ts'
import { useTestApp } from '../../test-support/test-app.ts'

const t = useTestApp()

describe('private answers and links', () => {
  it('marks every answer to a logged-in user private, no-store', async () => {
    const { headers } = await loginAs(t.app, 'department')
    for (const url of ['/api/v1/areas/?limit=1', '/api/v1/import-reports/?company=1', '/api/v1/initialization/', '/api/v1/nothing-here/']) {
      const res = await t.app.inject({ url, headers: { cookie: headers.cookie } })
      expect(res.headers['cache-control'], url).toBe('private, no-store')
    }
  })

  it('keeps an answer to the public apart from a logged-in one by the cookie', async () => {
    const res = await t.app.inject({ url: '/api/v1/areas/?limit=1' })
    expect(res.statusCode).toBe(200)
    expect(String(res.headers.vary)).toMatch(/cookie/i)
  })

  it('builds paging links without the Host header, whatever host a client claims', async () => {
    const res = await t.app.inject({ url: '/api/v1/areas/?limit=1&offset=1', headers: { host: 'evil.example', 'x-forwarded-host': 'evil.example' } })
    const page = res.json() as { next: string; previous: string }
    expect(page.next).toBe('/api/v1/areas/?limit=1&offset=2')
    expect(page.previous).toBe('/api/v1/areas/?limit=1&offset=0')
  })
})

describe('links from PUBLIC_URL', () => {
  const p = useTestApp({ PUBLIC_URL: 'https://eco.example.ru' })
  it('builds paging links on the configured public address', async () => {
    const res = await p.app.inject({ url: '/api/v1/areas/?limit=1', headers: { host: 'evil.example' } })
    expect(res.json().next).toBe('https://eco.example.ru/api/v1/areas/?limit=1&offset=1')
  })
})
