// Backup and restore as docs/deployment.md states them, run for real: its "Back up" and "Restore" blocks are run by
// bash word for word, with a stand-in for `docker compose` (support/docker-shim.mjs) that runs each command on this
// machine: pg_dump, pg_restore, dropdb and createdb against a PostgreSQL server whose major version matches the
// client tools (the machine's server, 127.0.0.1:5432, or PG_TOOLS_URL), tar on the file storage, and the production
// build's migrate and replay. The restored database and files must be the ones backed up, and `replay --verify`
// must find the audit chain whole.
import { execFileSync, spawnSync } from 'node:child_process'
import { createHash, randomBytes } from 'node:crypto'
import { chmodSync, copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ensureAppRole } from '@portal/workflow-server/service.server.ts'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const serverUrl = process.env.PG_TOOLS_URL || 'postgres://postgres@127.0.0.1:5432/postgres'
const doc = readFileSync(path.join(root, 'docs/deployment.md'), 'utf8')

/** The first bash block under a heading of docs/deployment.md. */
function block(heading: string): string {
  const at = doc.indexOf(`\n## ${heading}\n`)
  expect(at, `docs/deployment.md has a section "${heading}"`).toBeGreaterThan(0)
  const found = /```bash\n([\s\S]*?)```/.exec(doc.slice(at))
  expect(found, `the section "${heading}" has a bash block`).not.toBeNull()
  return found![1]
}

const name = `portal_backup_${randomBytes(4).toString('hex')}`
const appRole = `${name}_app`
const appPassword = randomBytes(12).toString('hex')
const work = mkdtempSync(path.join(tmpdir(), 'portal-backup-'))
const storage = path.join(work, 'files')
const backups = path.join(work, 'backups')
const shimBin = path.join(work, 'bin')
const withDatabase = (url: string, database: string, user?: { name: string; password: string }) => {
  const u = new URL(url)
  u.pathname = `/${database}`
  if (user) {
    u.username = user.name
    u.password = user.password
  }
  return u.toString()
}
const ownerUrl = withDatabase(serverUrl, name)
const appUrl = withDatabase(serverUrl, name, { name: appRole, password: appPassword })
const owner = decodeURIComponent(new URL(serverUrl).username)
const { DATABASE_OWNER_URL: _o, DATABASE_URL: _d, ...outside } = process.env
// The nodes' environment of docker-compose.yml: the portal's role, migrations only checked, the one audit key.
const portalEnv: NodeJS.ProcessEnv = {
  ...outside,
  NODE_ENV: 'production',
  DATABASE_URL: appUrl,
  MIGRATIONS: 'check',
  STORAGE_DIR: storage,
  DATA_DIR: work,
  SESSION_SECRET: randomBytes(24).toString('hex'),
  AUDIT_KEY: randomBytes(32).toString('hex'),
  LOG_LEVEL: 'warn',
}

function step(script: string, args: string[], env: NodeJS.ProcessEnv): string {
  const result = spawnSync(process.execPath, [path.join(root, 'dist', script), ...args], { cwd: root, env, encoding: 'utf8', timeout: 180_000 })
  if (result.status !== 0) throw new Error(`${script} failed (${result.status}): ${result.stderr}${result.stdout}`)
  return result.stdout
}

/** Runs a block of the document with bash, in the folder the operator would run it in, `docker` being the shim. */
function runDocumented(script: string): { status: number | null; stdout: string; stderr: string } {
  const result = spawnSync('bash', ['-euo', 'pipefail', '-c', script], {
    cwd: backups,
    encoding: 'utf8',
    timeout: 300_000,
    env: {
      ...process.env,
      PATH: `${shimBin}:${process.env.PATH}`,
      SHIM_ROOT: root,
      SHIM_DATABASE: name,
      SHIM_OWNER: owner,
      SHIM_OWNER_URL: ownerUrl,
      SHIM_PGHOST: new URL(serverUrl).hostname,
      SHIM_PGPORT: new URL(serverUrl).port || '5432',
      SHIM_STORAGE: storage,
      SHIM_PORTAL_ENV: JSON.stringify(portalEnv),
      ...(new URL(serverUrl).password ? { PGPASSWORD: decodeURIComponent(new URL(serverUrl).password) } : {}),
    },
  })
  return { status: result.status, stdout: result.stdout, stderr: result.stderr }
}

/** Every file of the storage with its content's hash. */
function storageContents(): Record<string, string> {
  const out: Record<string, string> = {}
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir)) {
      const full = path.join(dir, entry)
      if (statSync(full).isDirectory()) walk(full)
      else out[path.relative(storage, full)] = createHash('sha256').update(readFileSync(full)).digest('hex')
    }
  }
  if (existsSync(storage)) walk(storage)
  return out
}

async function snapshot(): Promise<{ events: Array<{ position: number; hash: string }>; reports: number; files: number }> {
  const client = new pg.Client({ connectionString: ownerUrl })
  await client.connect()
  try {
    const events = await client.query<{ position: number; hash: string }>('SELECT position::int, hash FROM events ORDER BY position')
    const reports = await client.query<{ n: number }>('SELECT count(*)::int AS n FROM import_reports')
    const files = await client.query<{ n: number }>('SELECT count(*)::int AS n FROM import_files')
    return { events: events.rows, reports: reports.rows[0].n, files: files.rows[0].n }
  } finally {
    await client.end()
  }
}

beforeAll(async () => {
  if (!existsSync(path.join(root, 'dist/migrate.js'))) throw new Error('the backup test runs the production build: run "npm run build" first')
  const major = (text: string) => Number(/(\d+)\.\d+/.exec(text)?.[1])
  const tools = major(execFileSync('pg_dump', ['--version'], { encoding: 'utf8' }))
  const admin = new pg.Client({ connectionString: serverUrl })
  await admin.connect().catch((error: Error) => {
    throw new Error(`the backup test needs a PostgreSQL server of pg_dump's version at ${serverUrl} (set PG_TOOLS_URL): ${error.message}`)
  })
  try {
    const server = major((await admin.query<{ v: string }>("SELECT current_setting('server_version') AS v")).rows[0].v)
    if (server !== tools) throw new Error(`pg_dump ${tools} cannot dump the PostgreSQL ${server} server at ${serverUrl}: set PG_TOOLS_URL to a server of version ${tools}`)
    await admin.query(`CREATE DATABASE "${name}"`)
  } finally {
    await admin.end()
  }
  await ensureAppRole(serverUrl, appRole, appPassword)
  mkdirSync(backups, { recursive: true })
  mkdirSync(shimBin, { recursive: true })
  copyFileSync(path.join(root, 'cluster/support/docker-shim.mjs'), path.join(shimBin, 'docker'))
  chmodSync(shimBin, 0o755)
  chmodSync(path.join(shimBin, 'docker'), 0o755)
  // The deployment before the backup: migrated by the owner, the demo data (reports, their events, their files)
  // loaded by the portal's role, as docker-compose.yml's migrate step and first web node do.
  step('migrate.js', [], { ...portalEnv, MIGRATIONS: 'apply', DATABASE_OWNER_URL: ownerUrl })
  step('seed.js', ['--demo'], portalEnv)
  mkdirSync(storage, { recursive: true })
  writeFileSync(path.join(storage, 'uploaded-after-seed.csv'), 'Пункт;Год\r\nА-1;2024\r\n')
}, 300_000)

afterAll(async () => {
  const admin = new pg.Client({ connectionString: serverUrl })
  await admin.connect()
  try {
    await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)
    await admin.query(`DROP ROLE IF EXISTS "${appRole}"`)
  } finally {
    await admin.end()
  }
  rmSync(work, { recursive: true, force: true })
})

describe('backing up and restoring as docs/deployment.md says', () => {
  it('restores the database and the files it backed up, and replay --verify finds the audit chain whole', async () => {
    const before = await snapshot()
    const files = storageContents()
    expect(before.events.length).toBeGreaterThan(0)
    expect(Object.keys(files).length).toBeGreaterThan(0)

    const backup = runDocumented(block('Back up'))
    expect(backup.status, backup.stderr).toBe(0)
    const made = readdirSync(backups)
    const dump = made.find((f) => /^portal-\d{8}-\d{4}\.dump$/.test(f))
    expect(dump, made.join(', ')).toBeDefined()
    const stamp = /^portal-(.+)\.dump$/.exec(dump!)![1]
    expect(made).toEqual(expect.arrayContaining([`roles-${stamp}.sql`, `files-${stamp}.tar.gz`]))
    expect(readFileSync(path.join(backups, `roles-${stamp}.sql`), 'utf8')).toContain(`CREATE ROLE ${appRole}`)

    // The loss: the files are gone and the database holds something the backup does not.
    rmSync(storage, { recursive: true, force: true })
    mkdirSync(storage)
    writeFileSync(path.join(storage, 'not-in-the-backup.txt'), 'x')
    const client = new pg.Client({ connectionString: ownerUrl })
    await client.connect()
    await client.query(`UPDATE import_reports SET status = 'agreed'`)
    await client.end()

    const restore = runDocumented(block('Restore, and verify the audit chain').replaceAll('<stamp>', stamp))
    expect(restore.status, `${restore.stderr}\n${restore.stdout}`).toBe(0)
    expect(restore.stdout).toMatch(/differences:\s+0/)

    expect(await snapshot()).toEqual(before)
    expect(storageContents()).toEqual(files)
  })

  it('has replay --verify after a restore name a changed event, with the key the log was written with', async () => {
    const client = new pg.Client({ connectionString: ownerUrl })
    await client.connect()
    try {
      // The owner (an attacker with the database's own rights) rewrites one event behind the append-only trigger.
      await client.query('BEGIN')
      await client.query('ALTER TABLE events DISABLE TRIGGER USER')
      await client.query(`UPDATE events SET data = jsonb_set(data, '{forged}', 'true') WHERE position = (SELECT min(position) FROM events)`)
      await client.query('ALTER TABLE events ENABLE TRIGGER USER')
      await client.query('COMMIT')
    } finally {
      await client.end()
    }
    const verify = runDocumented('docker compose run --rm --no-deps web node dist/replay.js --verify')
    expect(verify.status).not.toBe(0)
    expect(`${verify.stdout}${verify.stderr}`).toMatch(/broken|hash/i)
  })
})
