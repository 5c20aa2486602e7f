// Exports limited by what they cost (issue 35 item 9, decision 3508): the rows one address's exports wrote this minute.
// The count of exports alone let one address take thirty full readings files a minute; past its rows the next export
// is answered 429 with Retry-After and the Russian message, and another address keeps its own.
import { describe, expect, it } from 'vitest'
import { useTestApp } from '../../test-support/test-app.ts'

// A budget a single list crosses, so the test needs two exports.
const ROWS = 10
const t = useTestApp({ EXPORT_ROWS_PER_MINUTE: String(ROWS) })

const send = (url: string, remoteAddress: string) => t.app.inject({ url, remoteAddress })
const PAST = /^Слишком много выгрузок с вашего адреса: за минуту выгружено более 10 строк\. Повторите через \d+ с\.$/

describe('the rows an address may export in a minute', () => {
  it('finishes the export that crosses them, then answers every export of the address 429 with Retry-After, the JSON lists and other addresses alone', async () => {
    const first = await send('/api/v1/measures-point-indications/?format=csv', '10.2.0.1')
    expect(first.statusCode).toBe(200)
    // The whole file: more rows than the budget, none cut off.
    const lines = first.body.trim().split(/\r?\n/).length - 1
    expect(lines).toBeGreaterThan(ROWS)
    expect(lines).toBe((await send('/api/v1/measures-point-indications/?limit=1', '10.2.0.9')).json().count)
    for (const url of ['/api/v1/measures-point-indications/?format=csv', '/api/v1/companies/?format=xlsx', '/api/v1/measures-points/?format=geojson', '/api/v1/import-reports/?format=csv']) {
      const refused = await send(url, '10.2.0.1')
      expect([url, refused.statusCode]).toEqual([url, 429])
      expect(refused.json().detail).toMatch(PAST)
      const wait = Number(refused.headers['retry-after'])
      expect(wait).toBeGreaterThan(0)
      expect(wait).toBeLessThanOrEqual(60)
    }
    expect((await send('/api/v1/companies/?limit=1', '10.2.0.1')).statusCode).toBe(200)
    expect((await send('/api/v1/companies/?format=csv', '10.2.0.2')).statusCode).toBe(200)
  })

  it('counts GeoJSON features as rows', async () => {
    const first = await send('/api/v1/measures-points/?format=geojson', '10.2.1.1')
    expect(first.statusCode).toBe(200)
    expect(first.json().features.length).toBeGreaterThan(ROWS)
    expect((await send('/api/v1/measures-points/?format=geojson', '10.2.1.1')).statusCode).toBe(429)
  })
})
