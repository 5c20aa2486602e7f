// What a page gets from the web server is the use-cases and the settings it shows, never a secret or the address of a
// database: the load context the real Fastify app hands Remix is walked to its last reachable value and searched for
// the configuration's secrets and addresses. Served through buildApp() with a build whose one route keeps the context.
import path from 'node:path'
import type { AppLoadContext, ServerBuild } from '@remix-run/node'
import { describe, expect, it } from 'vitest'
import { loginAs } from '../../test-support/login.ts'
import { useTestApp } from '../../test-support/test-app.ts'
import { serverOnlyVariableNames } from '@portal/workflow-server/service.server.ts'
import { auditKey } from '@portal/workflow-domain/commands.server.ts'

const contexts: AppLoadContext[] = []

/** A Remix build of one route whose loader keeps the context it is given. */
const build = {
  mode: 'production',
  basename: '/monitoring/',
  publicPath: '/monitoring/',
  assetsBuildDirectory: 'build/client',
  isSpaMode: false,
  future: { v3_fetcherPersist: true, v3_relativeSplatPath: true, v3_throwAbortReason: true, v3_lazyRouteDiscovery: true, v3_singleFetch: true, v3_routeConfig: true },
  entry: { module: { default: (_request: Request, status: number, headers: Headers) => new Response('page', { status, headers }) } },
  routes: {
    root: {
      id: 'root',
      path: '',
      module: {
        default: () => null,
        loader: ({ context }: { context: AppLoadContext }) => {
          contexts.push(context)
          return null
        },
      },
    },
  },
  assets: { entry: { imports: [], module: '' }, routes: {}, url: '/monitoring/manifest.js', version: 'test' },
} as unknown as ServerBuild

const SECRETS = {
  SESSION_SECRET: 'session-secret-that-no-page-may-see-0123456789',
  DATABASE_OWNER_URL: 'postgres://owner:owner-password-no-page-may-see@127.0.0.1:5999/portal',
  REDIS_URL: 'redis://:redis-password-no-page-may-see@127.0.0.1:6999/0',
  SMTP_URL: 'smtp://mailer:smtp-password-no-page-may-see@127.0.0.1:2599',
  METRICS_TOKEN: 'metrics-token-that-no-page-may-see',
  // Checked by the configuration only; the key the event log uses is the process's own (searched for as well, below).
  AUDIT_KEY: 'audit-key-that-no-page-may-see-0123456789abcdef',
}
const t = useTestApp(SECRETS, { remix: { build, clientDir: path.join(import.meta.dirname, 'support') } })

/** Every path from the context to a string holding one of `needles`: own properties (enumerable or not, symbols too),
 *  prototypes other than the built-in ones, the entries of maps and sets; each object once. */
function leaks(root: unknown, needles: string[]): string[] {
  const found: string[] = []
  const seen = new Set<unknown>()
  const builtIn = new Set<unknown>([Object.prototype, Function.prototype, Array.prototype, Map.prototype, Set.prototype, Promise.prototype, Error.prototype])
  const visit = (value: unknown, where: string) => {
    if (typeof value === 'string') {
      for (const needle of needles) if (value.includes(needle)) found.push(`${where} holds ${needle.slice(0, 12)}…`)
      return
    }
    if (value === null || (typeof value !== 'object' && typeof value !== 'function') || seen.has(value) || builtIn.has(value)) return
    seen.add(value)
    if (value instanceof Map) for (const [k, v] of value) (visit(k, `${where}<key>`), visit(v, `${where}<${String(k)}>`))
    if (value instanceof Set) for (const v of value) visit(v, `${where}<item>`)
    for (const key of Reflect.ownKeys(value)) {
      const descriptor = Object.getOwnPropertyDescriptor(value, key)
      // A getter is not called: what it would compute is not held by the context.
      if (descriptor && 'value' in descriptor) visit(descriptor.value, `${where}.${String(key)}`)
    }
    visit(Object.getPrototypeOf(value), `${where}.<prototype>`)
  }
  visit(root, 'context')
  return found
}

describe('the load context of pages', () => {
  it('is searched for every variable the configuration declares server-only', () => {
    // DATABASE_URL is the test database's own (the harness sets it); every other one is given a value of its own here.
    expect([...Object.keys(SECRETS), 'DATABASE_URL'].sort()).toEqual([...serverOnlyVariableNames].sort())
  })

  it('carries no secret and no address of a database, for the public and for a logged-in user', async () => {
    const config = t.app.config
    const needles = [config.sessionSecret, config.databaseUrl!, config.databaseOwnerUrl!, config.redisUrl!, config.smtpUrl!, config.metricsToken!, SECRETS.AUDIT_KEY, auditKey().toString('utf8')]
    expect(needles.every((n) => typeof n === 'string' && n.length > 10)).toBe(true)
    const session = await loginAs(t.app, 'department')
    for (const cookie of [undefined, session.headers.cookie]) {
      contexts.length = 0
      const page = await t.app.inject({ url: '/monitoring/', headers: cookie ? { cookie } : {} })
      expect(page.statusCode).toBe(200)
      expect(contexts).toHaveLength(1)
      expect(leaks(contexts[0], needles)).toEqual([])
    }
  })

  it('gives pages the use-cases and the settings they show, not the configuration', async () => {
    contexts.length = 0
    await t.app.inject({ url: '/monitoring/' })
    const [context] = contexts
    expect(context).not.toHaveProperty('config')
    expect(context.view).toEqual({ mapTilesUrl: t.app.config.mapTilesUrl, maxUploadMb: t.app.config.maxUploadMb })
    expect(typeof context.catalogue.list).toBe('function')
    expect(typeof context.uploads.store).toBe('function')
  })
})
