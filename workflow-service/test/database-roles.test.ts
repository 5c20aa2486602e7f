import { randomBytes } from 'node:crypto'
import { sql } from 'kysely'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { migrations } from '@portal/migrations/migrations/index.ts'
import { ConfigError, loadConfig } from '../server/src/config.ts'
import { openDatabase, pendingWarning, SAME_ROLE_WARNING } from '../platform/src/db/connect.server.ts'
import { createTestDatabase, type TestDatabase } from '../../test-support/test-database.ts'

let database: TestDatabase
beforeAll(async () => {
  database = await createTestDatabase()
})
afterAll(async () => {
  await database?.destroy()
})

const currentUser = async (db: Awaited<ReturnType<typeof openDatabase>>['db']) =>
  (await sql<{ user: string }>`SELECT current_user AS user`.execute(db)).rows[0].user

describe('the owner and the portal database roles on a server', () => {
  it('migrates with DATABASE_OWNER_URL and hands back the role of DATABASE_URL, with no warning', async () => {
    const warnings: string[] = []
    const opened = await openDatabase(loadConfig({ DATABASE_URL: database.url, DATABASE_OWNER_URL: database.ownerUrl }), () => {}, (m) => warnings.push(m))
    try {
      expect(warnings).toEqual([])
      expect(opened.applied).toEqual([])
      expect(await currentUser(opened.db)).toBe(decodeURIComponent(new URL(database.url).username))
    } finally {
      await opened.db.destroy()
    }
  })

  it('lets several nodes start together, each applying the grants without tripping over the others', async () => {
    const config = loadConfig({ DATABASE_URL: database.url, DATABASE_OWNER_URL: database.ownerUrl })
    const opened = await Promise.all(Array.from({ length: 4 }, () => openDatabase(config)))
    for (const node of opened) await node.db.destroy()
    expect(opened).toHaveLength(4)
  })

  it('with DATABASE_URL alone, uses it for both and says so in one warning line', async () => {
    const warnings: string[] = []
    const opened = await openDatabase(loadConfig({ DATABASE_URL: database.url }), () => {}, (m) => warnings.push(m))
    await opened.db.destroy()
    expect(warnings).toEqual([SAME_ROLE_WARNING])
    expect(SAME_ROLE_WARNING).not.toContain('\n')
  })

  it('refuses DATABASE_OWNER_URL without DATABASE_URL, naming both', () => {
    expect(() => loadConfig({ DATABASE_OWNER_URL: database.ownerUrl })).toThrow(ConfigError)
    expect(() => loadConfig({ DATABASE_OWNER_URL: database.ownerUrl })).toThrow(/DATABASE_OWNER_URL needs DATABASE_URL/)
  })

  it('lets the portal use a table a later migration creates without that migration granting anything', async () => {
    await sql`CREATE TABLE later_feature (id serial PRIMARY KEY, note text)`.execute(database.ownerDb)
    await sql`INSERT INTO later_feature (note) VALUES ('written by the portal')`.execute(database.db)
    await sql`UPDATE later_feature SET note = 'changed by the portal'`.execute(database.db)
    const { rows } = await sql<{ note: string }>`SELECT note FROM later_feature`.execute(database.db)
    expect(rows).toEqual([{ note: 'changed by the portal' }])
    await expect(sql`TRUNCATE later_feature`.execute(database.db)).rejects.toThrow(/permission denied/)
    await expect(sql`ALTER TABLE later_feature ADD COLUMN forged text`.execute(database.db)).rejects.toThrow(/must be owner/)
  })
})

describe('a node that only checks the migrations (MIGRATIONS=check)', () => {
  it('opens as the portal role with nothing to apply and nothing to say when the database is current', async () => {
    const warnings: string[] = []
    const opened = await openDatabase(loadConfig({ DATABASE_URL: database.url, MIGRATIONS: 'check' }), () => {}, (m) => warnings.push(m))
    try {
      expect(warnings).toEqual([])
      expect(opened).toMatchObject({ applied: [], pending: [] })
      expect(await currentUser(opened.db)).toBe(decodeURIComponent(new URL(database.url).username))
    } finally {
      await opened.close()
    }
  })

  it('never migrates a database that lacks migrations: it names them in one line and leaves the schema as it was', async () => {
    // An empty database the portal's role may connect to, as a deployment's would be before its migrate step ran.
    const name = `portal_unmigrated_${randomBytes(4).toString('hex')}`
    const admin = new pg.Client({ connectionString: inject('maintenanceUrl') })
    await admin.connect()
    try {
      await admin.query(`CREATE DATABASE "${name}"`)
      await admin.query(`GRANT CONNECT, CREATE ON DATABASE "${name}" TO "${inject('appRole')}"`)
      const url = new URL(database.url)
      url.pathname = `/${name}`
      const warnings: string[] = []
      const opened = await openDatabase(loadConfig({ DATABASE_URL: url.toString(), MIGRATIONS: 'check' }), () => {}, (m) => warnings.push(m))
      try {
        expect(opened.pending).toEqual(Object.keys(migrations))
        expect(warnings).toEqual([pendingWarning(Object.keys(migrations))])
        expect(warnings[0]).not.toContain('\n')
        const tables = await sql<{ n: number }>`SELECT count(*)::int AS n FROM pg_tables WHERE schemaname = 'public'`.execute(opened.db)
        expect(tables.rows[0].n).toBe(0)
      } finally {
        await opened.close()
      }
    } finally {
      await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)
      await admin.end()
    }
  })

  it('refuses MIGRATIONS=check without a server, with the owner, or with another value, naming the variable', () => {
    expect(() => loadConfig({ MIGRATIONS: 'check' })).toThrow(/MIGRATIONS=check needs DATABASE_URL/)
    expect(() => loadConfig({ MIGRATIONS: 'check', DATABASE_URL: database.url, DATABASE_OWNER_URL: database.ownerUrl })).toThrow(/DATABASE_OWNER_URL/)
    expect(() => loadConfig({ MIGRATIONS: 'sometimes' })).toThrow(ConfigError)
    expect(() => loadConfig({ MIGRATIONS: 'sometimes' })).toThrow(/MIGRATIONS/)
    expect(loadConfig({}).migrations).toBe('apply')
  })
})
