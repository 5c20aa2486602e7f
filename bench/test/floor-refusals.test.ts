// The floors' rules: an answer of the floor page without its 20 rows is counted against the case (which then is not
// reported), and a case held to a floor gets its ratio, its aim and, when missed, the cost above the floor by part.
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import { FLOOR_ROWS, floorRowsOf } from '../cases/floor-cases.ts'
import { measureLoad } from '../support/load.ts'
import { withRatios } from '../support/results.ts'

let server: Server | undefined

afterEach(async () => {
  await new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)))
  server = undefined
})

const page = (rows: number) => `<table><tbody>${'<tr class="floor-row"><td>1</td></tr>'.repeat(rows)}</tbody></table>`

describe('the floor page check', () => {
  it('counts the rows the page shows', () => {
    expect(floorRowsOf(page(FLOOR_ROWS))).toBe(20)
    expect(floorRowsOf(page(19))).toBe(19)
    expect(floorRowsOf('<p>Нет данных</p>')).toBe(0)
  })

  it('counts every answer whose body fails the check, so a page that shows less is not reported', async () => {
    let n = 0
    // Every third answer is a page with a row short.
    server = createServer((_request, response) => response.end(page(++n % 3 === 0 ? 19 : 20)))
    await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve))
    const baseUrl = `http://127.0.0.1:${(server!.address() as AddressInfo).port}`
    const load = await measureLoad({ baseUrl, paths: ['/'], connections: 2, seconds: 0.3, warmupSeconds: 0, check: (body) => floorRowsOf(body) === FLOOR_ROWS })
    expect(load.answers).toBeGreaterThan(3)
    expect(load.failedChecks).toBeGreaterThan(0)
  })
})

describe('the ratios to the floors', () => {
  it('holds a page miss to page.floor and a command to sql.tx in CPU per operation, process and PostgreSQL together', () => {
    const [floor, tx, page, commands, replay, list, sqlList] = withRatios([
      { case: 'page.floor', value: 300, unit: 'req/s', cpu_ms: 3 },
      { case: 'sql.tx', value: 1000, unit: 'tx/s', cpu_ms: 0.5, pg_cpu_ms: 0.5 },
      { case: 'page.point.cold', value: 100, unit: 'req/s', cpu_ms: 9, pg_cpu_ms: 3 },
      { case: 'workflow.commands', value: 300, unit: 'commands/s', cpu_ms: 2, pg_cpu_ms: 1 },
      { case: 'workflow.replay', value: 90_000, unit: 'events/s' },
      { case: 'api.list.cold', value: 800, unit: 'req/s', limit_case: 'sql.list' },
      { case: 'sql.list', value: 1000, unit: 'req/s' },
    ])
    expect(floor.aim).toBeUndefined()
    expect(tx.floor_ratio).toBeUndefined()
    expect(page).toMatchObject({ floor_case: 'page.floor', floor_ratio: 4, aim_met: false, above_floor: { process_ms: 6, postgres_ms: 3 } })
    expect(commands).toMatchObject({ floor_case: 'sql.tx', floor_ratio: 3, aim_met: true })
    expect(commands.above_floor).toBeUndefined()
    expect(replay).toMatchObject({ aim_met: false })
    expect(list).toMatchObject({ ratio: 0.8, aim_met: true })
    expect(sqlList.aim).toBeUndefined()
  })

  it('reports no ratio and no aim for a case whose floor was not measured', () => {
    const [page] = withRatios([{ case: 'page.area.cold', value: 100, unit: 'req/s', cpu_ms: 9 }])
    expect(page.floor_ratio).toBeUndefined()
    expect(page.aim_met).toBeUndefined()
  })
})
