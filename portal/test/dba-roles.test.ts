// The two roles as a DBA makes them by hand on a plain PostgreSQL server (issue 22 item 14, docs/deployment.md): an
// owner that owns the database but is neither a superuser nor a member of the portal's role, and the portal's role.
// The portal starts on them from an empty database: it migrates as the owner, grants, and serves as the portal's
// role, with its queue. The server is the one of the test run (DATABASE_URL's, else the embedded one), whose
// superuser makes the roles exactly as the documentation says.
import { type ChildProcess, spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { sql } from 'kysely'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { prepareDatabase } from '@portal/migrations/app-role.ts'
import { freePort } from '../../cluster/support/free-port.ts'
import { createKysely } from '@portal/workflow-server/service.server.ts'
import type {} from '../../test-support/global-setup.ts'

const root = path.resolve(import.meta.dirname, '../..')
const suffix = randomBytes(4).toString('hex')
const OWNER = { name: `portal_owner_${suffix}`, password: randomBytes(12).toString('hex') }
const APP = { name: `portal_app_${suffix}`, password: randomBytes(12).toString('hex') }
const DATABASE = `portal_dba_${suffix}`

const urlAs = (role: { name: string; password: string }) => {
  const u = new URL(inject('maintenanceUrl'))
  u.username = role.name
  u.password = role.password
  u.pathname = `/${DATABASE}`
  return u.toString()
}

async function asSuperuser<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: inject('maintenanceUrl') })
  await client.connect()
  try {
    return await work(client)
  } finally {
    await client.end()
  }
}

let child: ChildProcess | undefined
let baseUrl = ''
let stderr = ''
const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-dba-'))

beforeAll(async () => {
  // The statements of docs/deployment.md › The roles on a plain PostgreSQL server, as a DBA runs them.
  await asSuperuser(async (client) => {
    await client.query(`CREATE ROLE ${OWNER.name} LOGIN PASSWORD '${OWNER.password}'`)
    await client.query(`CREATE ROLE ${APP.name} LOGIN PASSWORD '${APP.password}'`)
    await client.query(`CREATE DATABASE ${DATABASE} OWNER ${OWNER.name}`)
  })
  const port = await freePort()
  baseUrl = `http://127.0.0.1:${port}`
  child = spawn(process.execPath, ['--import', 'tsx', 'portal/src/server.ts'], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: urlAs(APP), DATABASE_OWNER_URL: urlAs(OWNER), PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', DATA_DIR: dataDir },
    stdio: ['ignore', 'ignore', 'pipe'],
  })
  child.stderr!.on('data', (chunk: Buffer) => void (stderr += chunk.toString()))
}, 30_000)

afterAll(async () => {
  if (child && child.exitCode === null) child.kill('SIGKILL')
  await asSuperuser(async (client) => {
    await client.query(`DROP DATABASE IF EXISTS ${DATABASE} WITH (FORCE)`)
    await client.query(`DROP ROLE IF EXISTS ${APP.name}`)
    await client.query(`DROP ROLE IF EXISTS ${OWNER.name}`)
  })
  rmSync(dataDir, { recursive: true, force: true })
})

describe('the owner and the portal roles made by hand on a plain PostgreSQL server', () => {
  it('starts the portal with an owner that is neither a superuser nor a member of the portal role, and serves with its queue', async () => {
    const roles = await asSuperuser((client) =>
      client.query<{ super: boolean; member: boolean }>(`SELECT rolsuper AS super, pg_has_role($1, $2, 'MEMBER') AS member FROM pg_roles WHERE rolname = $1`, [OWNER.name, APP.name]),
    )
    expect(roles.rows).toEqual([{ super: false, member: false }])
    // Generous: the first start on an empty database migrates and loads the demo catalogue on a loaded machine.
    const until = Date.now() + 240_000
    let ready = false
    while (Date.now() < until && !ready) {
      if (child!.exitCode !== null) break
      ready = await fetch(`${baseUrl}/readyz`).then((r) => r.ok, () => false)
      if (!ready) await new Promise((r) => setTimeout(r, 500))
    }
    expect(stderr).not.toMatch(/must be (member of role|able to SET ROLE)/)
    expect({ exited: child!.exitCode, ready }, stderr).toEqual({ exited: null, ready: true })
    const companies = await fetch(`${baseUrl}/api/v1/companies/?limit=1`)
    expect(companies.status).toBe(200)
    // The portal connects as its own role, which owns nothing in public and cannot alter the event log.
    const owners = await asSuperuser(async (client) => {
      const db = new pg.Client({ connectionString: urlAs(APP) })
      await db.connect()
      try {
        const user = (await db.query<{ user: string }>('SELECT current_user AS user')).rows[0].user
        const alter = await db.query('ALTER TABLE events DISABLE TRIGGER ALL').then(() => 'altered', (e: Error) => e.message)
        return { user, alter }
      } finally {
        await db.end()
        void client
      }
    })
    expect(owners.user).toBe(APP.name)
    expect(owners.alter).toMatch(/must be owner/)
  }, 260_000)

  it('names in one Russian line the single GRANT that hands over a queue another role made earlier, and hands it over once given', async () => {
    // A deployment that ran as one role before: its queue's objects belong to that role (here the owner).
    const owner = createKysely(urlAs(OWNER), 1)
    try {
      await sql`CREATE TABLE pgboss.made_before (id integer)`.execute(owner)
      const refused = await prepareDatabase(owner, { appRole: APP.name }).then(() => null, (e: Error) => e.message)
      expect(refused).toBe(
        `очередь заданий (схема pgboss) создана раньше ролью, отличной от роли портала ${APP.name}, и владелец базы ${OWNER.name} не может передать её таблицы этой роли: выполните один раз GRANT ${APP.name} TO ${OWNER.name} (право действовать за роль портала нужно только для этой передачи) и запустите портал снова`,
      )
      expect(refused).not.toContain('\n')
      await asSuperuser((client) => client.query(`GRANT ${APP.name} TO ${OWNER.name}`))
      await prepareDatabase(owner, { appRole: APP.name })
      const table = await sql<{ owner: string }>`SELECT tableowner AS owner FROM pg_tables WHERE schemaname = 'pgboss' AND tablename = 'made_before'`.execute(owner)
      expect(table.rows).toEqual([{ owner: APP.name }])
    } finally {
      await owner.destroy()
    }
  }, 60_000)
})
