// The benchmark harness on the tiny data set, so `npm run bench` cannot rot: every case runs (briefly) and
// bench/results/latest.json's shape holds. Figures are not checked: they say nothing on a tiny data set.
import { spawn } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { afterAll, describe, expect, inject, it } from 'vitest'
import { CASE_NAMES } from '../support/results.ts'

declare module 'vitest' {
  // Provided by the unit tests' global setup (the PostgreSQL server the tests run on).
  export interface ProvidedContext {
    maintenanceUrl: string
    templateDatabase: string
    seedStorageDir: string
  }
}

const root = path.resolve(import.meta.dirname, '../..')
const folder = mkdtempSync(path.join(tmpdir(), 'portal-bench-test-'))
const database = `portal_bench_test_${Date.now().toString(36)}`

afterAll(async () => {
  const admin = new pg.Client({ connectionString: inject('maintenanceUrl') })
  await admin.connect()
  await admin.query(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`)
  await admin.end()
  rmSync(folder, { recursive: true, force: true })
})

describe('the benchmark harness', () => {
  it('runs every case of the issue on the tiny data set and writes the results file', async () => {
    const out = path.join(folder, 'latest.json')
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', 'bench/bench.ts', '--scale', 'tiny', '--no-build', '--seconds', '0.5', '--warmup', '0.2', '--connections', '4', '--file-rows', '500', '--out', out],
      {
        cwd: root,
        // The data set starts as a copy of the run's template, which already holds the demo data the tiny data set
        // begins with (the same seed, checked by every other test file): only its large part is loaded here.
        env: {
          ...process.env,
          DATABASE_URL: inject('maintenanceUrl'),
          BENCH_DATABASE: database,
          BENCH_DATA_DIR: folder,
          BENCH_TEMPLATE_DATABASE: inject('templateDatabase'),
          BENCH_TEMPLATE_FILES: inject('seedStorageDir'),
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    )
    let output = ''
    child.stdout.on('data', (c: Buffer) => void (output += c.toString()))
    child.stderr.on('data', (c: Buffer) => void (output += c.toString()))
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve))
    expect(code, output).toBe(0)

    const results = JSON.parse(readFileSync(out, 'utf8')) as { machine: Record<string, unknown>; cases: Array<Record<string, unknown>> }
    expect(results.machine).toMatchObject({ cpus: expect.any(Number), scale: 'tiny', postgres: expect.any(String) })
    expect(results.cases.map((c) => c.case)).toEqual([...CASE_NAMES])
    for (const c of results.cases) {
      const fields = ['case', 'value', 'unit', 'p50_ms', 'p99_ms', 'rss_mb', 'limit_case', 'ratio', 'skipped', 'cpu_ms', 'pg_cpu_ms', 'floor_case', 'floor_ratio', 'aim', 'aim_met', 'above_floor', 'parts', 'detail']
      expect(Object.keys(c).every((k) => fields.includes(k)), JSON.stringify(c)).toBe(true)
      if (!c.skipped) expect(c.value, c.case as string).toBeGreaterThan(0)
    }
    const byName = new Map(results.cases.map((c) => [c.case, c]))
    expect(byName.get('api.list')).toMatchObject({ limit_case: 'sql.list', ratio: expect.any(Number) })
    expect(byName.get('workflow.append')).toMatchObject({ limit_case: 'peer.append', ratio: expect.any(Number) })
    // The floors, measured in the same run, and every page miss and the commands held to theirs (no figure checked).
    expect(byName.get('page.floor')).toMatchObject({ unit: 'req/s', cpu_ms: expect.any(Number), detail: { rows: 20, routes: expect.any(Number) } })
    expect(byName.get('sql.tx')).toMatchObject({ unit: 'tx/s', cpu_ms: expect.any(Number) })
    for (const name of ['page.area.cold', 'page.point.cold', 'page.companies.cold']) {
      expect(byName.get(name), name).toMatchObject({ cpu_ms: expect.any(Number), floor_case: 'page.floor', floor_ratio: expect.any(Number), aim: expect.any(String), aim_met: expect.any(Boolean) })
    }
    // Each page miss by part, measured beside it: the serving, the loaders with their reads, the render (PostgreSQL's
    // part only on the embedded server, which this test's data set is not on).
    for (const name of ['page.area.cold', 'page.point.cold', 'page.companies.cold']) {
      expect(byName.get(name)?.parts, name).toMatchObject({ serving_ms: expect.any(Number), loaders_ms: expect.any(Number), render_ms: expect.any(Number) })
    }
    expect(byName.get('workflow.commands')).toMatchObject({ cpu_ms: expect.any(Number), floor_case: 'sql.tx', floor_ratio: expect.any(Number), aim_met: expect.any(Boolean) })
    expect(byName.get('workflow.replay')).toMatchObject({ aim: expect.any(String), aim_met: expect.any(Boolean) })
    expect(byName.get('api.list.cold')).toMatchObject({ limit_case: 'sql.list', aim_met: expect.any(Boolean) })
    // A missed aim shows where the CPU above the floor goes.
    for (const c of results.cases.filter((r) => r.aim_met === false && r.floor_case)) expect(c.above_floor, c.case as string).toMatchObject({ process_ms: expect.any(Number) })
    expect(output).toContain('| case | value | unit |')
  }, 400_000)
})
