// A fresh copy of the seeded template database for one test file: tests never see each other's writes.
// Tests act as the portal's role (url, db); the owner's connection is there for what only an owner may do.
import { randomBytes } from 'node:crypto'
import pg from 'pg'
import { inject } from 'vitest'
import type { Kysely } from 'kysely'
import type { Database } from '@portal/migrations/database.ts'
import { createKysely } from '@portal/workflow-server/service.server.ts'

export interface TestDatabase {
  /** The portal's connection (the application role): what every test acts as. */
  db: Kysely<Database>
  url: string
  /** The database owner's connection: for tests that play an attacker with owner rights, or set up what the portal cannot. */
  ownerDb: Kysely<Database>
  ownerUrl: string
  destroy(): Promise<void>
}

export async function createTestDatabase(): Promise<TestDatabase> {
  const maintenanceUrl = inject('maintenanceUrl')
  const name = `portal_test_${inject('runId')}_${randomBytes(4).toString('hex')}`
  const admin = new pg.Client({ connectionString: maintenanceUrl })
  await admin.connect()
  try {
    await admin.query(`CREATE DATABASE "${name}" TEMPLATE "${inject('templateDatabase')}"${inject('templateCopy')}`)
  } finally {
    await admin.end()
  }
  const u = new URL(maintenanceUrl)
  u.pathname = `/${name}`
  const ownerUrl = u.toString()
  u.username = encodeURIComponent(inject('appRole'))
  u.password = encodeURIComponent(inject('appPassword'))
  const url = u.toString()
  const db = createKysely(url, 5)
  const ownerDb = createKysely(ownerUrl, 2)
  return {
    db,
    url,
    ownerDb,
    ownerUrl,
    async destroy() {
      await db.destroy()
      await ownerDb.destroy()
      const client = new pg.Client({ connectionString: maintenanceUrl })
      await client.connect()
      await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)
      await client.end()
    },
  }
}
