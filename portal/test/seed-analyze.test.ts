// `npm run seed` ends with ANALYZE of the tables it filled (issue 35 item 10, decision 3505): the planner knows the
// readings are there from the first request on, not once autovacuum gets to them. A real seed process on an empty
// database of the test run's server, as the portal's role with its owner for the migrations.
import { execFile } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import pg from 'pg'
import { afterAll, describe, expect, inject, it } from 'vitest'
import type {} from '../../test-support/global-setup.ts'

const root = path.resolve(import.meta.dirname, '../..')
const DATABASE = `portal_seed_${randomBytes(4).toString('hex')}`
const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-seed-'))
const run = promisify(execFile)

const urlOf = (role?: { name: string; password: string }) => {
  const u = new URL(inject('maintenanceUrl'))
  if (role) {
    u.username = encodeURIComponent(role.name)
    u.password = encodeURIComponent(role.password)
  }
  u.pathname = `/${DATABASE}`
  return u.toString()
}

async function query<R extends pg.QueryResultRow>(url: string, text: string): Promise<R[]> {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    return (await client.query<R>(text)).rows
  } finally {
    await client.end()
  }
}

afterAll(async () => {
  await query(inject('maintenanceUrl'), `DROP DATABASE IF EXISTS "${DATABASE}" WITH (FORCE)`)
  rmSync(dataDir, { recursive: true, force: true })
})

describe('the seed command', { timeout: 300_000 }, () => {
  it('ends with ANALYZE: the readings table it filled has fresh statistics when it exits', async () => {
    await query(inject('maintenanceUrl'), `CREATE DATABASE "${DATABASE}"`)
    const { stdout } = await run(process.execPath, ['--import', 'tsx', 'portal/src/seed-command.ts'], {
      cwd: root,
      env: { ...process.env, DATABASE_URL: urlOf({ name: inject('appRole'), password: inject('appPassword') }), DATABASE_OWNER_URL: urlOf(), DATA_DIR: dataDir, WORKERS: 'off' },
      timeout: 240_000,
      maxBuffer: 16 * 1024 * 1024,
    })
    expect(stdout).toContain('demo data loaded')
    const [readings] = await query<{ analyzed: Date | null; counted: number; rows: number }>(
      urlOf(),
      `SELECT s.last_analyze AS analyzed, c.reltuples::int AS counted, (SELECT count(*)::int FROM measures_point_indications) AS rows
         FROM pg_stat_user_tables s JOIN pg_class c ON c.oid = s.relid WHERE s.relname = 'measures_point_indications'`,
    )
    expect(readings.rows).toBeGreaterThan(1000)
    // Counted by an ANALYZE of the seed (autovacuum's own runs are last_autoanalyze), and counted right.
    expect(readings.analyzed).not.toBeNull()
    expect(readings.counted).toBe(readings.rows)
  })
})
