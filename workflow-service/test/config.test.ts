import { chmodSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { loadSessionSecret, SESSION_SECRET_FILE } from '../server/src/auth/session-secret.server.ts'
import { describe, expect, it } from 'vitest'
import { parse } from 'yaml'
import { ConfigError, environmentDefaults, environmentVariableNames, loadConfig } from '../server/src/config.ts'

describe('configuration from the environment', () => {
  it('uses the documented defaults', () => {
    const config = loadConfig({})
    expect(config.port).toBe(3000)
    expect(config.maxUploadMb).toBe(300)
    expect(config.maxConnectionsPerAddress).toBe(256)
    expect(config.workers).toBe(true)
    expect(config.databaseUrl).toBeUndefined()
    expect(config.dataDir.endsWith('.data')).toBe(true)
  })

  it('refuses a wrong value with a message naming the variable', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(ConfigError)
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/)
    expect(() => loadConfig({ WORKERS: 'maybe' })).toThrow(/WORKERS/)
    expect(() => loadConfig({ MAX_UPLOAD_MB: '0' })).toThrow(/MAX_UPLOAD_MB/)
    expect(() => loadConfig({ LOG_LEVEL: 'loud' })).toThrow(/LOG_LEVEL/)
    for (const wrong of ['0', '-1', '2.5', 'Infinity', '1e400', 'many']) expect(() => loadConfig({ MAX_CONNECTIONS_PER_ADDRESS: wrong })).toThrow(/MAX_CONNECTIONS_PER_ADDRESS/)
    expect(loadConfig({ MAX_CONNECTIONS_PER_ADDRESS: '3' }).maxConnectionsPerAddress).toBe(3)
  })

  it('gives a worker node its health port and the queue its Redis key prefix, refusing wrong ones', () => {
    expect(loadConfig({}).workerHttpPort).toBe(3001)
    expect(loadConfig({}).redisPrefix).toBe('portal')
    expect(loadConfig({ WORKER_HTTP_PORT: '9100', REDIS_PREFIX: 'portal-staging' })).toMatchObject({ workerHttpPort: 9100, redisPrefix: 'portal-staging' })
    expect(() => loadConfig({ WORKER_HTTP_PORT: '70000' })).toThrow(/WORKER_HTTP_PORT/)
    expect(() => loadConfig({ REDIS_PREFIX: 'has space' })).toThrow(/REDIS_PREFIX/)
    expect(loadConfig({}).bullmqLockSeconds).toBe(20)
    expect(loadConfig({ BULLMQ_LOCK_SECONDS: '3' }).bullmqLockSeconds).toBe(3)
    for (const wrong of ['1', '0', '3601', '2.5', '1e3', 'Infinity']) expect(() => loadConfig({ BULLMQ_LOCK_SECONDS: wrong })).toThrow(/BULLMQ_LOCK_SECONDS/)
    // The compiled file checker must exist: a wrong path would otherwise fail every file's check, not the start.
    expect(() => loadConfig({ FILE_CHECK_CHILD: '/nowhere/file-check-child.js' })).toThrow(/FILE_CHECK_CHILD must be the path of a compiled file-check-child\.js that exists/)
    expect(() => loadConfig({ FILE_CHECK_CHILD: import.meta.filename })).toThrow(/FILE_CHECK_CHILD/)
    expect(() => loadConfig({ FILE_CHECK_CHILD: import.meta.dirname })).toThrow(/FILE_CHECK_CHILD/)
  })

  it('turns the in-process workers off with WORKERS=off', () => {
    expect(loadConfig({ WORKERS: 'off' }).workers).toBe(false)
  })

  it('never signs with a fixed session secret: without SESSION_SECRET the portal makes one once and keeps it 0600 in DATA_DIR', () => {
    // A configuration alone (tests) gets a random one, different each time, in production too.
    expect(loadConfig({}).sessionSecret).not.toBe(loadConfig({}).sessionSecret)
    expect(loadConfig({ NODE_ENV: 'production' }).sessionSecret).toMatch(/^[0-9a-f]{64}$/)
    expect(loadConfig({ SESSION_SECRET: 'given-secret' }).sessionSecret).toBe('given-secret')
    const dataDir = mkdtempSync(path.join(tmpdir(), 'session-secret-'))
    try {
      const first = loadSessionSecret({ dataDir, env: {} })
      expect(first).toMatch(/^[0-9a-f]{64}$/)
      expect(statSync(path.join(dataDir, SESSION_SECRET_FILE)).mode & 0o777).toBe(0o600)
      // The same after a restart; a file others could read is tightened, not used as it is.
      chmodSync(path.join(dataDir, SESSION_SECRET_FILE), 0o644)
      expect(loadSessionSecret({ dataDir, env: {} })).toBe(first)
      expect(statSync(path.join(dataDir, SESSION_SECRET_FILE)).mode & 0o777).toBe(0o600)
      expect(loadSessionSecret({ dataDir, env: { SESSION_SECRET: 'given-secret' } })).toBe('given-secret')
    } finally {
      rmSync(dataDir, { recursive: true, force: true })
    }
  })

  it('believes no proxy unless TRUST_PROXY names it, and refuses a value that is not an address', () => {
    expect(loadConfig({}).trustProxy).toEqual([])
    expect(loadConfig({ TRUST_PROXY: '10.0.0.2, 192.168.0.0/16,::1' }).trustProxy).toEqual(['10.0.0.2', '192.168.0.0/16', '::1'])
    expect(() => loadConfig({ TRUST_PROXY: 'loadbalancer' })).toThrow(/TRUST_PROXY/)
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.0/99' })).toThrow(/TRUST_PROXY/)
  })

  it('takes the public address of links from PUBLIC_URL, an http(s) origin', () => {
    expect(loadConfig({}).publicUrl).toBeUndefined()
    expect(loadConfig({ PUBLIC_URL: 'https://eco.yanao.ru/' }).publicUrl).toBe('https://eco.yanao.ru')
    expect(() => loadConfig({ PUBLIC_URL: 'javascript:alert(1)' })).toThrow(/PUBLIC_URL/)
    expect(() => loadConfig({ PUBLIC_URL: 'eco.yanao.ru' })).toThrow(/PUBLIC_URL/)
  })

  it('bounds the time a client may take: 30 seconds by default, configurable', () => {
    expect(loadConfig({}).httpTimeoutSeconds).toBe(30)
    expect(loadConfig({ HTTP_TIMEOUT_SECONDS: '5' }).httpTimeoutSeconds).toBe(5)
    expect(loadConfig({}).uploadTimeoutSeconds).toBe(600)
    expect(() => loadConfig({ HTTP_TIMEOUT_SECONDS: '0' })).toThrow(/HTTP_TIMEOUT_SECONDS/)
  })
})

// Every variable with a whole number, and the values a hand parser lets through: a fraction, an exponent past the
// double range, infinity, a sign, hex, padding, a NUL. Each must stop the start with one line naming the variable.
const WHOLE_NUMBERS = ['PORT', 'WORKER_HTTP_PORT', 'EMBEDDED_PG_PORT', 'MAX_UPLOAD_MB', 'HTTP_TIMEOUT_SECONDS', 'UPLOAD_TIMEOUT_SECONDS',
  'MAX_CONNECTIONS_PER_ADDRESS', 'LOGIN_RATE_LIMIT_PER_MINUTE', 'UPLOAD_RATE_LIMIT_PER_MINUTE', 'DECISION_RATE_LIMIT_PER_MINUTE',
  'EXPORT_RATE_LIMIT_PER_MINUTE', 'EXPORT_ROWS_PER_MINUTE', 'WEB_PROCESSES']
const NOT_WHOLE = ['2.5', '1e400', '1e3', 'Infinity', '-Infinity', 'NaN', '0x10', '+5', ' 80', '80 ', '\t', '8\u00000', '٣', '1_000', '-1', '99999999999999999999']

function refusal(env: Record<string, string>): string {
  try {
    loadConfig(env)
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError)
    return (error as Error).message
  }
  return `accepted ${JSON.stringify(env)}`
}

describe('configuration refuses every bad value by the variable', () => {
  it('refuses anything but plain digits in range for a whole number', () => {
    for (const name of WHOLE_NUMBERS) {
      for (const wrong of NOT_WHOLE) {
        const message = refusal({ [name]: wrong })
        expect(message, `${name}=${JSON.stringify(wrong)}`).toMatch(new RegExp(`^${name} `))
        expect(message).not.toMatch(/\n/)
      }
    }
    // Below the least value where a variable has one above zero.
    for (const name of WHOLE_NUMBERS.filter((n) => !/^(PORT|WORKER_HTTP_PORT)$/.test(n))) expect(refusal({ [name]: '0' })).toMatch(new RegExp(`^${name} `))
    expect(refusal({ EMBEDDED_PG_PORT: '80' })).toMatch(/^EMBEDDED_PG_PORT /)
    expect(loadConfig({ PORT: '0', WORKER_HTTP_PORT: '65535', WEB_PROCESSES: '64', MAX_UPLOAD_MB: '102400' })).toMatchObject({ port: 0, workerHttpPort: 65535, webProcesses: 64, maxUploadMb: 102400 })
    expect(refusal({ WEB_PROCESSES: '65' })).toMatch(/^WEB_PROCESSES /)
  })

  it('takes an empty value as unset, the default (compose passes ${VAR:-} for an optional variable)', () => {
    const blank = Object.fromEntries(environmentVariableNames.map((name) => [name, '']))
    const { sessionSecret: _a, ...fromBlank } = loadConfig(blank)
    const { sessionSecret: _b, ...fromNothing } = loadConfig({})
    expect(fromBlank).toEqual(fromNothing)
  })

  it('refuses a control character (a NUL, a line break) in any variable', () => {
    const fine: Record<string, string> = { HOST: '127.0.0.1', MAIL_FROM: 'portal <noreply@example.ru>', DATA_DIR: '/srv/portal', STORAGE_DIR: '/srv/files', DEPARTMENT_NAME: 'Департамент', SESSION_SECRET: 'a-secret-of-enough-length', NODE_ENV: 'production', LOG_LEVEL: 'info' }
    expect(() => loadConfig(fine)).not.toThrow()
    for (const [name, value] of Object.entries(fine)) {
      for (const control of ['\u0000', '\n', '\r', '\u001b', '\u007f']) {
        expect(refusal({ [name]: `${value}${control}Bcc: someone@example.ru` }), `${name} with ${JSON.stringify(control)}`).toMatch(new RegExp(`^${name} `))
      }
    }
  })

  it('refuses a value outside its list', () => {
    expect(refusal({ LOG_LEVEL: 'loud' })).toMatch(/^LOG_LEVEL .*fatal, error, warn, info, debug, trace, silent/)
    expect(refusal({ LOG_LEVEL: 'INFO ' })).toMatch(/^LOG_LEVEL /)
    expect(refusal({ MIGRATIONS: 'sometimes' })).toMatch(/^MIGRATIONS /)
    expect(refusal({ WORKERS: 'maybe' })).toMatch(/^WORKERS /)
    expect(refusal({ WEB_PROCESSES: 'all' })).toMatch(/^WEB_PROCESSES /)
    expect(loadConfig({ WORKERS: 'OFF' }).workers).toBe(false)
    expect(loadConfig({ WEB_PROCESSES: 'auto' }).webProcesses).toBeGreaterThanOrEqual(1)
  })

  it('refuses an address that is not one, without repeating its password', () => {
    const wrong: Record<string, string[]> = {
      PUBLIC_URL: ['eco.yanao.ru', 'ftp://eco.yanao.ru', 'https://'],
      DATABASE_URL: ['not an address', 'localhost:5432/portal', 'http://db/portal', 'postgres://u:pw-never-shown@db:port/portal'],
      DATABASE_OWNER_URL: ['owner@db', 'postgres://u:pw-never-shown@db:port/portal'],
      REDIS_URL: ['localhost:6379', 'http://redis:6379', 'redis://:pw-never-shown@redis:port'],
      SMTP_URL: ['mail.example.ru', 'http://mail.example.ru', 'smtp://u:pw-never-shown@mail example.ru'],
      MAP_TILES_URL: ['tiles', 'javascript:alert(1)', "https://tiles.example.ru/{z}/{x}/{y}.png'"],
      TRUST_PROXY: ['balancer', '10.0.0.0/33'],
      HOST: ['not a host', 'host/path'],
    }
    for (const [name, values] of Object.entries(wrong)) {
      for (const value of values) {
        // DATABASE_OWNER_URL alone is refused for needing DATABASE_URL: give it one.
        const env = name === 'DATABASE_OWNER_URL' ? { DATABASE_URL: 'postgres://app@db/portal', [name]: value } : { [name]: value }
        const message = refusal(env)
        expect(message, `${name}=${value}`).toMatch(new RegExp(`^${name} `))
        expect(message).not.toContain('pw-never-shown')
      }
    }
    expect(loadConfig({ DATABASE_URL: 'postgresql://app:pw@db:5432/portal?sslmode=require', REDIS_URL: 'rediss://:pw@redis:6380/1', HOST: '::' })).toMatchObject({ host: '::' })
    // A container's name may hold an underscore.
    expect(loadConfig({ HOST: 'portal_web-1.local' }).host).toBe('portal_web-1.local')
  })

  it('refuses a short AUDIT_KEY at start, like every other variable, never showing it', () => {
    expect(refusal({ AUDIT_KEY: 'short-key' })).toMatch(/^AUDIT_KEY /)
    expect(refusal({ AUDIT_KEY: 'short-key' })).not.toContain('short-key')
    expect(() => loadConfig({ AUDIT_KEY: 'k'.repeat(32) })).not.toThrow()
  })

  it('refuses a variable whose value is a secret without repeating it', () => {
    expect(refusal({ METRICS_TOKEN: 'too short secret' })).not.toContain('too short secret')
  })
})

describe('the documented configuration is the declared one', () => {
  const root = path.resolve(import.meta.dirname, '../..')
  const readme = readFileSync(path.join(root, 'README.md'), 'utf8')
  const section = readme.slice(readme.indexOf('\n## Configuration\n'), readme.indexOf('\n## ', readme.indexOf('\n## Configuration\n') + 5))
  const documented = [...section.matchAll(/^\| `([A-Z][A-Z0-9_]*)` \| ([^|]*) \|/gm)].map(([, name, fallback]) => ({ name, fallback: fallback.trim() }))

  it('lists in README every declared variable, and declares every variable README lists', () => {
    expect(documented.length).toBeGreaterThan(20)
    expect(documented.map((d) => d.name).sort()).toEqual([...environmentVariableNames].sort())
  })

  it('states in README the default the declaration gives', () => {
    for (const { name, fallback } of documented) {
      const declared = environmentDefaults[name as keyof typeof environmentDefaults]
      if (declared !== undefined) expect(fallback, name).toBe(`\`${declared}\``)
    }
  })

  it('is the only list of variables the portal reads: its source reads no variable the declaration lacks', () => {
    // `process.env.NAME`, `env.NAME`, `(… env).NAME` and `env['NAME']` in the code the portal runs (tests, benchmarks and scripts aside).
    const readsOf = (text: string) => [...text.matchAll(/\benv\)?(?:\.([A-Z][A-Z0-9_]*)|\[['"]([A-Z][A-Z0-9_]*)['"]\])/g)].map(([, dotted, quoted]) => dotted ?? quoted)
    expect(readsOf("process.env.SOME_NEW_VARIABLE; options.env['OTHER_ONE']; (options.env ?? process.env).THIRD")).toEqual(['SOME_NEW_VARIABLE', 'OTHER_ONE', 'THIRD'])
    const folders = ['workflow-service/platform/src', 'workflow-service/domain/src', 'workflow-service/server/src', 'workers/src', 'portal/src', 'migrations/src', 'remix-app/app']
    const reads = folders.flatMap((folder) =>
      readdirSync(path.join(root, folder), { recursive: true, encoding: 'utf8' })
        .filter((file) => /\.(ts|tsx)$/.test(file))
        .flatMap((file) => readsOf(readFileSync(path.join(root, folder, file), 'utf8')).map((name) => ({ name, where: `${folder}/${file}` }))))
    // The event log's key is read where it is used (event-store/audit-key.server.ts).
    expect(reads).toContainEqual({ name: 'AUDIT_KEY', where: 'workflow-service/domain/src/event-store/audit-key.server.ts' })
    // TMPDIR is no setting of the portal: the embedded database's start points it at a folder of its own for a moment.
    expect(reads.filter(({ name }) => name !== 'TMPDIR' && !(environmentVariableNames as string[]).includes(name))).toEqual([])
  })

  it('sets in docker-compose.yml only variables the portal reads', () => {
    const compose = parse(readFileSync(path.join(root, 'docker-compose.yml'), 'utf8'), { merge: true }) as { services: Record<string, { command?: string[]; environment?: Record<string, unknown> }> }
    const portalServices = Object.values(compose.services).filter((s) => s.command?.some((part) => part.startsWith('dist/')))
    expect(portalServices.length).toBe(3)
    for (const service of portalServices) for (const name of Object.keys(service.environment ?? {})) expect(environmentVariableNames, name).toContain(name)
  })
})
