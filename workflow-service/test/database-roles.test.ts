import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ConfigError, loadConfig } from '../src/config.ts'
import { openDatabase, SAME_ROLE_WARNING } from '../src/db/connect.server.ts'
import { createTestDatabase, type TestDatabase } from './support/test-database.ts'

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
