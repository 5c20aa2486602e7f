// Reads the environment once at start; a wrong value stops the start with one line naming the variable.
// Every variable the portal reads is declared once, in `environment` below: its name, its form and its default, as a
// TypeBox schema checked against the text as given. Nothing is converted by guess first (TypeBox's Value.Convert
// would make "2.5" the integer 2): only plain digits become a number, so anything else fails an integer's check.
// README's table of variables is tested against this declaration (config.test.ts).
import { randomBytes } from 'node:crypto'
import { statSync } from 'node:fs'
import { isIP } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { type Static, type TSchema, Type } from 'typebox'
import { Format } from 'typebox/format'
import { Value } from 'typebox/value'
import type { PrecheckBudget } from '@portal/workflow-domain/ports.ts'

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
  /**
   * EMBEDDED_PG_RESTARTS: how many times the portal starts its embedded PostgreSQL again after it died, before it exits
   * non-zero for its own supervisor; EMBEDDED_PG_GRACE_SECONDS: how long /healthz still says alive while it is gone.
   */
  embeddedPostgresRestarts: number
  embeddedPostgresGraceSeconds: number
  /** STORAGE_MIN_FREE_MB: below this much free space on the file store a node says it is not ready (/readyz). */
  storageMinFreeMb: number
  /** ANALYZE_AFTER_ROWS: a publication of at least this many rows runs ANALYZE of the readings table after it. */
  analyzeAfterRows: number
  redisUrl: string | undefined
  /** Prefix of the queue's Redis keys: several deployments (or test runs) can share one Redis. */
  redisPrefix: string
  /** BULLMQ_LOCK_SECONDS: how long a job's lock lasts on BullMQ, so how soon a dead worker's job is taken again. */
  bullmqLockSeconds: number
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
  /** A report still to be sent gets its reminder this many days before its due date (DUE_REMINDER_DAYS, decision 3603). */
  dueReminderDays: number
  /**
   * Open connections one client address may hold on a web process (MAX_CONNECTIONS_PER_ADDRESS); more are refused.
   * The proxies of TRUST_PROXY are not counted.
   */
  maxConnectionsPerAddress: number
  /**
   * Requests per minute and client address (LOGIN_/UPLOAD_/DECISION_/EXPORT_RATE_LIMIT_PER_MINUTE), per web process;
   * `precheck` per account (UPLOAD_RATE_LIMIT_PER_MINUTE: "limited per account like uploads"), with the cap of all
   * accounts of one address `precheckAddress` (PRECHECK_ADDRESS_RATE_LIMIT_PER_MINUTE).
   */
  rateLimits: { login: number; upload: number; decision: number; export: number; precheck: number; precheckAddress: number }
  /**
   * What a check before sending may take on (PRECHECK_MAX_ROWS, PRECHECK_MAX_MB, PRECHECK_SECONDS): past any of them the
   * holder is told to send the file, whose check after upload has no such bound. `seconds` stays 5 s under
   * HTTP_TIMEOUT_SECONDS, the idle connection's limit, which would otherwise close the connection with no answer.
   */
  precheckBudget: PrecheckBudget
  /** Rows the exports of one client address may write per minute, per web process (EXPORT_ROWS_PER_MINUTE). */
  exportRowsPerMinute: number
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

export const DEFAULT_MAP_TILES_URL = 'https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png'

/** The Content-Security-Policy source of a tile template's host (`{s}`, the sub-domains, becomes `*`); null: not one. */
function tileSource(template: string): string | null {
  if (/[\s'";,]/.test(template)) return null
  let url: URL
  try {
    url = new URL(template.replace(/\{s\}/g, 'a').replace(/\{[a-z]+\}/g, '0'))
  } catch {
    return null
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null
  const host = (/^https?:\/\/([^/:]+)/.exec(template)?.[1] ?? url.hostname).replace(/\{s\}/g, '*')
  if (!/^(\*\.)?[A-Za-z0-9.-]+$/.test(host)) return null
  return `${url.protocol}//${host}${url.port ? `:${url.port}` : ''}`
}

function urlOf(text: string): URL | null {
  try {
    return new URL(text)
  } catch {
    return null
  }
}

/** One address or network of TRUST_PROXY: an IP address, optionally with its prefix length. */
function isProxy(entry: string): boolean {
  const [address, bits, extra] = entry.split('/')
  const family = isIP(address)
  const bitsOk = bits === undefined || (/^\d{1,3}$/.test(bits) && Number(bits) <= (family === 6 ? 128 : 32))
  return family !== 0 && bitsOk && extra === undefined
}

const listOf = (text: string) => text.split(',').map((v) => v.trim()).filter(Boolean)

// The forms TypeBox checks by name (its registry is global: the names carry the prefix `env-`).
const FORMATS: Record<string, (text: string) => boolean> = {
  'env-host': (text) => isIP(text) !== 0 || /^[A-Za-z0-9]([A-Za-z0-9_.-]{0,252})$/.test(text),
  'env-http-origin': (text) => ['http:', 'https:'].includes(urlOf(text)?.protocol ?? ''),
  'env-postgres-url': (text) => ['postgres:', 'postgresql:'].includes(urlOf(text)?.protocol ?? '') && !/\s/.test(text),
  'env-redis-url': (text) => ['redis:', 'rediss:'].includes(urlOf(text)?.protocol ?? '') && !/\s/.test(text),
  'env-smtp-url': (text) => /^smtps?:\/\/\S+$/.test(text) && urlOf(text) !== null,
  'env-tile-template': (text) => tileSource(text) !== null,
  'env-proxy-list': (text) => listOf(text).every(isProxy),
  'env-js-file': (text) => /\.m?js$/.test(text) && (statSync(text, { throwIfNoEntry: false })?.isFile() ?? false),
}
for (const [name, check] of Object.entries(FORMATS)) Format.Set(name, check)

/** What a refusal says after the variable's name; `secret`: the value is never repeated. */
type Described = {
  refusal?: string
  secret?: boolean
  /** The value is compared in lower case (WORKERS=ON is on). */
  ignoreCase?: boolean
  /** A secret or a server's address: no page may receive it (decision 2520; remix-app/test/page-load-context.test.ts). */
  serverOnly?: boolean
}

/** A variable's schema as this file reads it back: its default and, for the whole numbers, its type. */
type Declared = TSchema & Described & { default?: string | number; type?: string; anyOf?: Declared[] }

const whole = (fallback: number | undefined, minimum: number, maximum: number) =>
  Type.Integer({ minimum, maximum, ...(fallback === undefined ? {} : { default: fallback }), refusal: `must be a whole number from ${minimum} to ${maximum}` })
const oneOf = <const T extends string>(values: readonly T[], fallback: NoInfer<T>, options: Described = {}) =>
  // TypeBox 1 types a union only from a tuple written out: one made from a list is typed as the list's words.
  Type.Unsafe<T>(Type.Union(values.map((v) => Type.Literal(v)), { default: fallback, refusal: `must be one of ${values.join(', ')}`, ...options }))
const text = (options: Described & { default?: string; format?: string; pattern?: string; minLength?: number; maxLength?: number }) => Type.String(options)

/** Every variable the portal reads, as the environment gives it (text; empty text is unset). */
const environment = Type.Object({
  PORT: whole(3000, 0, 65535),
  HOST: text({ default: '0.0.0.0', format: 'env-host', refusal: 'must be an IP address or a host name' }),
  DATA_DIR: text({ default: './.data' }),
  DATABASE_URL: Type.Optional(text({ serverOnly: true, format: 'env-postgres-url', refusal: 'must be a postgres:// address such as postgres://portal_app:password@db:5432/portal' })),
  DATABASE_OWNER_URL: Type.Optional(text({ serverOnly: true, format: 'env-postgres-url', refusal: 'must be a postgres:// address such as postgres://portal_owner:password@db:5432/portal' })),
  EMBEDDED_PG_PORT: whole(54329, 1024, 65535),
  EMBEDDED_PG_RESTARTS: whole(3, 0, 100),
  EMBEDDED_PG_GRACE_SECONDS: whole(30, 1, 3600),
  STORAGE_MIN_FREE_MB: whole(100, 0, 10_485_760),
  ANALYZE_AFTER_ROWS: whole(10_000, 1, 100_000_000),
  REDIS_URL: Type.Optional(text({ serverOnly: true, format: 'env-redis-url', refusal: 'must be a redis:// or rediss:// address such as redis://redis:6379' })),
  WORKERS: oneOf(['on', 'off', 'true', 'false', '1', '0'], 'on', { ignoreCase: true, refusal: 'must be "on" or "off"' }),
  // Its default depends on NODE_ENV: `auto` in production, else 1 (below).
  WEB_PROCESSES: Type.Optional(Type.Union([Type.Literal('auto'), whole(undefined, 1, 64)], { refusal: 'must be auto or a whole number from 1 to 64' })),
  MAX_UPLOAD_MB: whole(300, 1, 102400),
  METRICS_TOKEN: Type.Optional(text({ serverOnly: true, pattern: '^[\\x21-\\x7e]{16,256}$', secret: true, refusal: 'must be 16 to 256 visible ASCII characters without spaces (for example: openssl rand -hex 32)' })),
  SESSION_SECRET: Type.Optional(text({ serverOnly: true, secret: true })),
  LOG_LEVEL: oneOf(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], 'info'),
  STORAGE_DIR: Type.Optional(text({})),
  SMTP_URL: Type.Optional(text({ serverOnly: true, format: 'env-smtp-url', refusal: 'must be smtp://host:port or smtps://user:password@host:port' })),
  MAIL_FROM: text({ default: 'Портал экологического мониторинга ЯНАО <noreply@localhost>' }),
  DEPARTMENT_NAME: text({ default: 'Департамент', maxLength: 300, refusal: 'must be one line of at most 300 characters' }),
  MAP_TILES_URL: text({ default: DEFAULT_MAP_TILES_URL, format: 'env-tile-template', refusal: `must be an http(s) address template such as ${DEFAULT_MAP_TILES_URL}` }),
  MIGRATIONS: oneOf(['apply', 'check'], 'apply'),
  WORKER_HTTP_PORT: whole(3001, 0, 65535),
  REDIS_PREFIX: text({ default: 'portal', pattern: '^[A-Za-z0-9_.-]{1,64}$', refusal: "must be 1 to 64 letters, digits, '_', '.' or '-'" }),
  BULLMQ_LOCK_SECONDS: whole(20, 2, 3600),
  // Read by the event log's key loader (event-store/audit-key.server.ts), which falls back to DATA_DIR/audit.key;
  // declared here so that a short key stops every node at start, not at its first event.
  AUDIT_KEY: Type.Optional(text({ serverOnly: true, minLength: 32, secret: true, refusal: 'must be at least 32 characters (for example: openssl rand -hex 32)' })),
  TRUST_PROXY: Type.Optional(text({ format: 'env-proxy-list', refusal: 'must be a comma-separated list of IP addresses or networks (10.0.0.2, 10.0.0.0/8)' })),
  PUBLIC_URL: Type.Optional(text({ format: 'env-http-origin', refusal: 'must be an http(s) address such as https://eco.example.ru' })),
  HTTP_TIMEOUT_SECONDS: whole(30, 1, 3600),
  UPLOAD_TIMEOUT_SECONDS: whole(600, 1, 86400),
  DUE_REMINDER_DAYS: whole(14, 0, 365),
  // Well above a browser's six connections a host, and above the benchmarks' 50 from one address.
  MAX_CONNECTIONS_PER_ADDRESS: whole(256, 1, 1_000_000),
  LOGIN_RATE_LIMIT_PER_MINUTE: whole(60, 1, 1_000_000),
  UPLOAD_RATE_LIMIT_PER_MINUTE: whole(60, 1, 1_000_000),
  DECISION_RATE_LIMIT_PER_MINUTE: whole(60, 1, 1_000_000),
  EXPORT_RATE_LIMIT_PER_MINUTE: whole(30, 1, 1_000_000),
  // About three full readings files (6,5 MB, some 60 000 rows each) a minute; the count of exports alone let thirty through.
  EXPORT_ROWS_PER_MINUTE: whole(200_000, 1, 1_000_000_000),
  // Ten accounts' worth of checks (an office behind one address), so one account does not spend its colleagues'.
  PRECHECK_ADDRESS_RATE_LIMIT_PER_MINUTE: whole(600, 1, 1_000_000),
  // A 300 000-row CSV (23 MB) took 18,7 s to check as JSON and over 30 s as a marked book on a two-core machine.
  PRECHECK_MAX_ROWS: whole(100_000, 1, 1_048_575),
  PRECHECK_MAX_MB: whole(10, 1, 102400),
  PRECHECK_SECONDS: whole(20, 1, 3600),
  // `production`: WEB_PROCESSES defaults to auto; `development` (`npm run dev`): Remix answers errors with their stack.
  NODE_ENV: Type.Optional(text({})),
  // Read where the process that checks a file is started (workers/src/files/check-in-child.server.ts).
  FILE_CHECK_CHILD: Type.Optional(text({ format: 'env-js-file', refusal: 'must be the path of a compiled file-check-child.js that exists' })),
})

type Environment = Static<typeof environment>
type Name = keyof Environment

export const environmentVariableNames = Object.keys(environment.properties) as Name[]

/** The default each variable declares (none: absent; some are derived, such as STORAGE_DIR from DATA_DIR). */
export const environmentDefaults = Object.fromEntries(
  environmentVariableNames.map((name) => [name, (environment.properties[name] as Declared).default as string | number | undefined]),
) as Partial<Record<Name, string | number>>

/** The variables no page may receive, in any form: the secrets and the addresses of the servers behind the portal. */
export const serverOnlyVariableNames = environmentVariableNames.filter((name) => (environment.properties[name] as Described).serverOnly)

const CONTROL_CHARACTER = /[\u0000-\u001f\u007f-\u009f]/

const admitsInteger = (schema: Declared): boolean => schema.type === 'integer' || (schema.anyOf ?? []).some(admitsInteger)

/** The value as a refusal may show it: a secret never, an address without what comes before its host (a password). */
function shown(schema: Described, value: string): string {
  if (schema.secret) return ''
  const safe = value.replace(/^([a-z]+:\/\/)?.*@/i, '$1…@')
  return `, got "${safe.length > 100 ? `${safe.slice(0, 100)}…` : safe}"`
}

/** The declared variables of `env`, checked; the first wrong one is refused by its name. */
function readEnvironment(env: Env): Environment {
  const given: Record<string, string | number> = {}
  for (const name of environmentVariableNames) {
    const schema = environment.properties[name] as Declared
    const value = env[name]
    if (value === undefined || value === '') continue
    if (CONTROL_CHARACTER.test(value)) throw new ConfigError(`${name} must be one line of printable characters`)
    // Only plain digits are a whole number; "2.5", "1e3", " 80" or "0x10" stay text, which an integer's check refuses.
    if (admitsInteger(schema) && /^[0-9]{1,15}$/.test(value)) given[name] = Number(value)
    else given[name] = schema.ignoreCase ? value.toLowerCase() : value
  }
  const values = Value.Default(environment, given)
  const error = Value.Errors(environment, values)[0]
  if (error) {
    const name = error.instancePath.split('/')[1] as Name
    const schema = environment.properties[name] as Declared
    throw new ConfigError(`${name} ${schema.refusal ?? 'is not valid'}${shown(schema, String(env[name]))}`)
  }
  return values as Environment
}

export function loadConfig(env: Env = process.env): Config {
  const given = readEnvironment(env)
  if (given.DATABASE_OWNER_URL && !given.DATABASE_URL) {
    throw new ConfigError('DATABASE_OWNER_URL needs DATABASE_URL too: the portal connects with DATABASE_URL (its own role), migrations with DATABASE_OWNER_URL')
  }
  if (given.MIGRATIONS === 'check' && !given.DATABASE_URL) {
    throw new ConfigError('MIGRATIONS=check needs DATABASE_URL: the embedded database is migrated by the portal itself')
  }
  if (given.MIGRATIONS === 'check' && given.DATABASE_OWNER_URL) {
    throw new ConfigError('MIGRATIONS=check never uses DATABASE_OWNER_URL: give the owner only to the migrate step (npm run migrate)')
  }
  const production = given.NODE_ENV === 'production'
  const web = given.WEB_PROCESSES ?? (production ? 'auto' : 1)
  const dataDir = path.resolve(given.DATA_DIR)
  return {
    port: given.PORT,
    host: given.HOST,
    workerHttpPort: given.WORKER_HTTP_PORT,
    dataDir,
    databaseUrl: given.DATABASE_URL,
    databaseOwnerUrl: given.DATABASE_OWNER_URL,
    migrations: given.MIGRATIONS,
    embeddedPostgresPort: given.EMBEDDED_PG_PORT,
    embeddedPostgresRestarts: given.EMBEDDED_PG_RESTARTS,
    embeddedPostgresGraceSeconds: given.EMBEDDED_PG_GRACE_SECONDS,
    storageMinFreeMb: given.STORAGE_MIN_FREE_MB,
    analyzeAfterRows: given.ANALYZE_AFTER_ROWS,
    redisUrl: given.REDIS_URL,
    redisPrefix: given.REDIS_PREFIX,
    bullmqLockSeconds: given.BULLMQ_LOCK_SECONDS,
    workers: ['on', 'true', '1'].includes(given.WORKERS),
    maxUploadMb: given.MAX_UPLOAD_MB,
    // Without SESSION_SECRET: a random one for this configuration (tests); the portal's entry points read or make the
    // one kept in DATA_DIR instead (auth/session-secret.server.ts), so it is the same after a restart.
    sessionSecret: given.SESSION_SECRET ?? randomBytes(32).toString('hex'),
    logLevel: given.LOG_LEVEL,
    storageDir: path.resolve(given.STORAGE_DIR ?? path.join(dataDir, 'files')),
    production,
    development: given.NODE_ENV === 'development',
    trustProxy: listOf(given.TRUST_PROXY ?? ''),
    publicUrl: given.PUBLIC_URL === undefined ? undefined : new URL(given.PUBLIC_URL).origin,
    httpTimeoutSeconds: given.HTTP_TIMEOUT_SECONDS,
    uploadTimeoutSeconds: given.UPLOAD_TIMEOUT_SECONDS,
    dueReminderDays: given.DUE_REMINDER_DAYS,
    maxConnectionsPerAddress: given.MAX_CONNECTIONS_PER_ADDRESS,
    rateLimits: {
      login: given.LOGIN_RATE_LIMIT_PER_MINUTE,
      upload: given.UPLOAD_RATE_LIMIT_PER_MINUTE,
      decision: given.DECISION_RATE_LIMIT_PER_MINUTE,
      export: given.EXPORT_RATE_LIMIT_PER_MINUTE,
      precheck: given.UPLOAD_RATE_LIMIT_PER_MINUTE,
      precheckAddress: given.PRECHECK_ADDRESS_RATE_LIMIT_PER_MINUTE,
    },
    exportRowsPerMinute: given.EXPORT_ROWS_PER_MINUTE,
    precheckBudget: {
      maxRows: given.PRECHECK_MAX_ROWS,
      maxBytes: given.PRECHECK_MAX_MB * 1024 * 1024,
      seconds: Math.max(1, Math.min(given.PRECHECK_SECONDS, given.HTTP_TIMEOUT_SECONDS - 5)),
    },
    webProcesses: web === 'auto' ? os.availableParallelism() : web,
    metricsToken: given.METRICS_TOKEN,
    smtpUrl: given.SMTP_URL,
    mailFrom: given.MAIL_FROM,
    // Spaces alone are no name: the default.
    departmentName: given.DEPARTMENT_NAME.trim() || String(environmentDefaults.DEPARTMENT_NAME),
    mapTilesUrl: given.MAP_TILES_URL,
    mapTilesSource: tileSource(given.MAP_TILES_URL)!,
  }
}
