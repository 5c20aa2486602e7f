// Reads the environment once at start; a wrong value stops the start with a message naming the variable.
import { randomBytes } from 'node:crypto'
import { isIP } from 'node:net'
import os from 'node:os'
import path from 'node:path'

export interface Config {
  port: number
  host: string
  /** The small HTTP listener of a worker node (/healthz, /readyz, /metrics). */
  workerHttpPort: number
  dataDir: string
  databaseUrl: string | undefined
  /** The role that owns the tables and runs the migrations; DATABASE_URL is then the portal's own, lesser role. */
  databaseOwnerUrl: string | undefined
  /**
   * MIGRATIONS: `apply` (the default) migrates at start as the owner; `check` only compares the applied migrations
   * with the ones this build knows (a node of a deployment with a migrate step of its own, no owner's password).
   */
  migrations: 'apply' | 'check'
  embeddedPostgresPort: number
  redisUrl: string | undefined
  /** Prefix of the queue's Redis keys: several deployments (or test runs) can share one Redis. */
  redisPrefix: string
  workers: boolean
  maxUploadMb: number
  /** SESSION_SECRET; without it the entry points use DATA_DIR/session.secret (a configuration alone: a random one). */
  sessionSecret: string
  logLevel: string
  storageDir: string
  production: boolean
  /**
   * NODE_ENV=development (`npm run dev`): Remix answers errors with their stack. Anything else, `npm start` included,
   * serves the pages in production mode: a client sees a message and the request's id, never a stack.
   */
  development: boolean
  /** Addresses and networks of the proxies whose X-Forwarded-For is believed (TRUST_PROXY); empty: none. */
  trustProxy: string[]
  /** The portal's public origin (PUBLIC_URL) for links in answers; without it links are relative. */
  publicUrl: string | undefined
  /** Headers, a whole request and an idle connection each get this long (HTTP_TIMEOUT_SECONDS). */
  httpTimeoutSeconds: number
  /** The body of an upload may take this long (UPLOAD_TIMEOUT_SECONDS). */
  uploadTimeoutSeconds: number
  /**
   * Open connections one client address may hold on a web process (MAX_CONNECTIONS_PER_ADDRESS); more are refused.
   * The proxies of TRUST_PROXY are not counted.
   */
  maxConnectionsPerAddress: number
  /** Requests per minute and client address (LOGIN_/UPLOAD_/DECISION_/EXPORT_RATE_LIMIT_PER_MINUTE), per web process. */
  rateLimits: { login: number; upload: number; decision: number; export: number }
  /** Web processes sharing the port (WEB_PROCESSES): a number, or every core ('auto', the default in production). */
  webProcesses: number
  /**
   * METRICS_TOKEN: /metrics of a web node answers only `Authorization: Bearer <token>`; without it the web port does not
   * serve /metrics at all (a worker node serves it on its own port, WORKER_HTTP_PORT, never published).
   */
  metricsToken: string | undefined
  /** SMTP server of the notification e-mails (smtp:// or smtps://); without it no e-mail is sent. */
  smtpUrl: string | undefined
  /** The sender of the notification e-mails. */
  mailFrom: string
  /** The name a holder's receipt of a decision shows for the Department, in place of its employee (DEPARTMENT_NAME). */
  departmentName: string
  /** The map's tile address template (MAP_TILES_URL, `{s}`, `{z}`, `{x}`, `{y}`), OpenStreetMap's by default. */
  mapTilesUrl: string
  /** The Content-Security-Policy source of the tiles' host (`https://*.tile.openstreetmap.org`), allowed in img-src. */
  mapTilesSource: string
}

export class ConfigError extends Error {}

type Env = Record<string, string | undefined>

function integer(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name]
  if (raw === undefined || raw === '') return fallback
  const value = Number(raw)
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new ConfigError(`${name} must be a whole number from ${min} to ${max}, got "${raw}"`)
  }
  return value
}

function proxies(env: Env): string[] {
  const raw = env.TRUST_PROXY ?? ''
  const list = raw.split(',').map((v) => v.trim()).filter(Boolean)
  for (const entry of list) {
    const [address, bits, extra] = entry.split('/')
    const family = isIP(address)
    const maxBits = family === 6 ? 128 : 32
    const bitsOk = bits === undefined || (/^\d{1,3}$/.test(bits) && Number(bits) <= maxBits)
    if (!family || !bitsOk || extra !== undefined) {
      throw new ConfigError(`TRUST_PROXY must be a comma-separated list of IP addresses or networks (10.0.0.2, 10.0.0.0/8), got "${entry}"`)
    }
  }
  return list
}

function publicUrl(env: Env): string | undefined {
  const raw = env.PUBLIC_URL
  if (!raw) return undefined
  let url: URL
  try {
    url = new URL(raw)
  } catch {
    throw new ConfigError(`PUBLIC_URL must be an http(s) address such as https://eco.example.ru, got "${raw}"`)
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new ConfigError(`PUBLIC_URL must be an http(s) address such as https://eco.example.ru, got "${raw}"`)
  }
  return url.origin
}

function redisPrefix(env: Env): string {
  const value = env.REDIS_PREFIX || 'portal'
  if (!/^[A-Za-z0-9_.-]{1,64}$/.test(value)) throw new ConfigError(`REDIS_PREFIX must be 1 to 64 letters, digits, '_', '.' or '-', got "${value}"`)
  return value
}

export const DEFAULT_MAP_TILES_URL = 'https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png'

/** The tile template and the CSP source of its host: `{s}` (the sub-domains) becomes `*`. */
function mapTiles(env: Env): { mapTilesUrl: string; mapTilesSource: string } {
  const template = env.MAP_TILES_URL || DEFAULT_MAP_TILES_URL
  const wrong = () => new ConfigError(`MAP_TILES_URL must be an http(s) address template such as ${DEFAULT_MAP_TILES_URL}, got "${template}"`)
  if (/[\s'";,]/.test(template)) throw wrong()
  let url: URL
  try {
    url = new URL(template.replace(/\{s\}/g, 'a').replace(/\{[a-z]+\}/g, '0'))
  } catch {
    throw wrong()
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw wrong()
  const hostTemplate = /^https?:\/\/([^/:]+)/.exec(template)?.[1] ?? url.hostname
  const host = hostTemplate.replace(/\{s\}/g, '*')
  if (!/^(\*\.)?[A-Za-z0-9.-]+$/.test(host)) throw wrong()
  return { mapTilesUrl: template, mapTilesSource: `${url.protocol}//${host}${url.port ? `:${url.port}` : ''}` }
}

/** DEPARTMENT_NAME: one line of at most 300 printable characters, shown on receipts as text. */
function departmentName(env: Env): string {
  const name = (env.DEPARTMENT_NAME ?? '').trim()
  if (!name) return 'Департамент'
  if (name.length > 300 || /[\u0000-\u001f\u007f-\u009f]/.test(name)) throw new ConfigError('DEPARTMENT_NAME must be one line of at most 300 characters')
  return name
}

export function loadConfig(env: Env = process.env): Config {
  const dataDir = path.resolve(env.DATA_DIR || './.data')
  const workersRaw = (env.WORKERS ?? 'on').toLowerCase()
  if (!['on', 'off', 'true', 'false', '1', '0'].includes(workersRaw)) {
    throw new ConfigError(`WORKERS must be "on" or "off", got "${env.WORKERS}"`)
  }
  const logLevel = env.LOG_LEVEL || 'info'
  if (!['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'].includes(logLevel)) {
    throw new ConfigError(`LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent, got "${logLevel}"`)
  }
  if (env.DATABASE_OWNER_URL && !env.DATABASE_URL) {
    throw new ConfigError('DATABASE_OWNER_URL needs DATABASE_URL too: the portal connects with DATABASE_URL (its own role), migrations with DATABASE_OWNER_URL')
  }
  const migrations = env.MIGRATIONS || 'apply'
  if (migrations !== 'apply' && migrations !== 'check') throw new ConfigError(`MIGRATIONS must be "apply" or "check", got "${migrations}"`)
  if (migrations === 'check' && !env.DATABASE_URL) {
    throw new ConfigError('MIGRATIONS=check needs DATABASE_URL: the embedded database is migrated by the portal itself')
  }
  if (migrations === 'check' && env.DATABASE_OWNER_URL) {
    throw new ConfigError('MIGRATIONS=check never uses DATABASE_OWNER_URL: give the owner only to the migrate step (npm run migrate)')
  }
  const production = env.NODE_ENV === 'production'
  // Without SESSION_SECRET: a random one for this configuration (tests); the portal's entry points read or make the
  // one kept in DATA_DIR instead (auth/session-secret.server.ts), so it is the same after a restart.
  const sessionSecret = env.SESSION_SECRET || randomBytes(32).toString('hex')
  const webRaw = env.WEB_PROCESSES || (production ? 'auto' : '1')
  const webProcesses = webRaw === 'auto' ? os.availableParallelism() : Number(webRaw)
  if (!Number.isInteger(webProcesses) || webProcesses < 1 || webProcesses > 64) {
    throw new ConfigError(`WEB_PROCESSES must be auto or a whole number from 1 to 64, got "${env.WEB_PROCESSES}"`)
  }
  const smtpUrl = env.SMTP_URL || undefined
  if (smtpUrl && !/^smtps?:\/\/[^\s]+$/.test(smtpUrl)) throw new ConfigError(`SMTP_URL must be smtp://host:port or smtps://user:password@host:port, got "${smtpUrl.replace(/\/\/[^@/]*@/, '//…@')}"`)
  return {
    ...mapTiles(env),
    smtpUrl,
    mailFrom: env.MAIL_FROM || 'Портал экологического мониторинга ЯНАО <noreply@localhost>',
    departmentName: departmentName(env),
    port: integer(env, 'PORT', 3000, 0, 65535),
    workerHttpPort: integer(env, 'WORKER_HTTP_PORT', 3001, 0, 65535),
    host: env.HOST || '0.0.0.0',
    dataDir,
    databaseUrl: env.DATABASE_URL || undefined,
    databaseOwnerUrl: env.DATABASE_OWNER_URL || undefined,
    migrations,
    embeddedPostgresPort: integer(env, 'EMBEDDED_PG_PORT', 54329, 1024, 65535),
    redisUrl: env.REDIS_URL || undefined,
    redisPrefix: redisPrefix(env),
    workers: ['on', 'true', '1'].includes(workersRaw),
    maxUploadMb: integer(env, 'MAX_UPLOAD_MB', 300, 1, 102400),
    sessionSecret,
    logLevel,
    storageDir: path.resolve(env.STORAGE_DIR || path.join(dataDir, 'files')),
    production,
    development: env.NODE_ENV === 'development',
    trustProxy: proxies(env),
    publicUrl: publicUrl(env),
    httpTimeoutSeconds: integer(env, 'HTTP_TIMEOUT_SECONDS', 30, 1, 3600),
    uploadTimeoutSeconds: integer(env, 'UPLOAD_TIMEOUT_SECONDS', 600, 1, 86400),
    // Well above a browser's six connections a host, and above the benchmarks' 50 from one address.
    maxConnectionsPerAddress: integer(env, 'MAX_CONNECTIONS_PER_ADDRESS', 256, 1, 1_000_000),
    rateLimits: {
      login: integer(env, 'LOGIN_RATE_LIMIT_PER_MINUTE', 60, 1, 1_000_000),
      upload: integer(env, 'UPLOAD_RATE_LIMIT_PER_MINUTE', 60, 1, 1_000_000),
      decision: integer(env, 'DECISION_RATE_LIMIT_PER_MINUTE', 60, 1, 1_000_000),
      export: integer(env, 'EXPORT_RATE_LIMIT_PER_MINUTE', 30, 1, 1_000_000),
    },
    webProcesses,
    metricsToken: metricsToken(env),
  }
}

function metricsToken(env: Env): string | undefined {
  const token = env.METRICS_TOKEN || undefined
  if (token !== undefined && !/^[\x21-\x7e]{16,256}$/.test(token)) throw new ConfigError('METRICS_TOKEN must be 16 to 256 visible ASCII characters without spaces (for example: openssl rand -hex 32)')
  return token
}
