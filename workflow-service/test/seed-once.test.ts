// Web replicas starting together on an empty database load the demo data once, not once each.
import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { describe, expect, inject, it } from 'vitest'
import { migrateToLatest } from '@portal/migrations/migrate.ts'
import { createKysely } from '../platform/src/db/connect.server.ts'
import { seedWhenEmpty } from '../server/src/seed/seed.server.ts'

describe('the demo data on first start', () => {
  it('is loaded once when two nodes start together on an empty database', { timeout: 180_000 }, async () => {
    const maintenanceUrl = inject('maintenanceUrl')
    const name = `portal_seed_once_${randomBytes(4).toString('hex')}`
    const admin = new pg.Client({ connectionString: maintenanceUrl })
    await admin.connect()
    await admin.query(`CREATE DATABASE "${name}"`)
    const u = new URL(maintenanceUrl)
    u.pathname = `/${name}`
    const nodeA = createKysely(u.toString(), 3)
    const nodeB = createKysely(u.toString(), 3)
    const storageDir = mkdtempSync(path.join(tmpdir(), 'portal-seed-once-'))
    try {
      await migrateToLatest(nodeA)
      const options = { demoUsers: false, storageDir }
      const loaded = await Promise.all([seedWhenEmpty(nodeA, options), seedWhenEmpty(nodeB, options)])
      expect(loaded.sort()).toEqual([false, true])
      const companies = await nodeA.selectFrom('companies').select(['name']).execute()
      expect(new Set(companies.map((c) => c.name)).size).toBe(companies.length)
    } finally {
      await nodeA.destroy()
      await nodeB.destroy()
      await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)
      await admin.end()
      rmSync(storageDir, { recursive: true, force: true })
    }
  })
})
