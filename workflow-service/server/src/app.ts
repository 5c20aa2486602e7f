// The portal as one Fastify app: REST API, login, health check and the Remix pages under /monitoring/.
import { randomUUID } from 'node:crypto'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import type { AppLoadContext, ServerBuild } from '@remix-run/node'
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify'
import type { Kysely } from 'kysely'
import type { Database } from '@portal/migrations/database.ts'
import type { CurrentUser } from '@portal/workflow-domain/views.ts'
import type { Config } from './config.ts'
import type { JobQueue, ReportTemplateFiles, FilePrechecks } from '@portal/workflow-domain/ports.ts'
import { apiDocs } from './api-docs/api-docs-plugin.server.ts'
import { addErrorAnswers } from './api-docs/error-answers.ts'
import { authPlugin, csrfTokenFor } from './plugins/auth-plugin.server.ts'
import { demoFilesRoutes } from './routes/demo-files.routes.ts'
import {
  type PortalUseCases, portalUseCases, reportTemplateUseCases, type ReportTemplateUseCases,
} from '@portal/workflow-domain/use-cases.server.ts'
import { useCaseContextOf } from './routes/api/use-case-context.server.ts'
import { healthRoutes } from './observability/health-routes.server.ts'
import { httpMetrics } from './observability/http-metrics.server.ts'
import { registerErrorHandler } from './plugins/errors.server.ts'
import { routeTable } from './plugins/route-table.server.ts'
import { inputGuard } from './plugins/input-guard.server.ts'
import { bodyTimeout } from './plugins/body-timeout.server.ts'
import { safeRetryScope } from './plugins/safe-retry-scope.server.ts'
import { capConnectionsPerAddress } from './plugins/connection-cap.server.ts'
import { rateLimits } from './plugins/rate-limits.server.ts'
import { securityHeaders } from './plugins/security-headers.server.ts'
import { publicCors } from './plugins/public-cors.server.ts'
import { remixPlugin } from './plugins/remix.server.ts'
import { BASE_PATH } from './http/base-path.ts'
import { listenForPublicChanges, PublicCache } from './http/public-cache.server.ts'
import { publicApiCache } from './plugins/public-cache.plugin.server.ts'
import { apiRoutes } from './routes/api/index.ts'
import { authRoutes } from './routes/auth.routes.ts'
import { STA_PREFIX, staRoutes } from './routes/sta.routes.ts'
import { pageSettingsOf } from '@portal/workflow-domain/views.ts'
import { sharedSchemaCompilers } from './http/schema-compilers.server.ts'

declare module 'fastify' {
  interface FastifyInstance {
    db: Kysely<Database>
    config: Config
    /** Sends background jobs; commands send inside their transaction (`{ trx }`). */
    queue: JobQueue
    /** The downloadable report templates (made on the workers' side, handed in by the composition root). */
    templates: ReportTemplateFiles
    /** The use-cases, which the API's routes and the pages' loaders and actions both call (the templates': the API's). */
    useCases: PortalUseCases & { templates: ReportTemplateUseCases }
  }
  interface FastifyRequest {
    /** The logged-in user, or null for the public (set by the auth plugin from the session cookie). */
    user: CurrentUser | null
  }
}

const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/

export interface AppOptions {
  db: Kysely<Database>
  config: Config
  queue: JobQueue
  templates: ReportTemplateFiles
  /** The check of a file before it is sent (the workers' side); without it the check is answered as unavailable. */
  prechecks?: FilePrechecks
  /** The built Remix app; without it only the API answers (as in API tests). */
  remix?: { build: ServerBuild; clientDir: string }
  /** A pino logger; without it the app logs nothing (as in tests). */
  logger?: FastifyBaseLogger
  /**
   * Keeps public answers (anonymous API GETs and pages) in memory until public data changes; the URL is the
   * database the app listens on for those changes (NOTIFY public_changed). Without it nothing is cached.
   */
  publicCache?: { databaseUrl: string; cache?: PublicCache }
  /** Why this process is no longer alive (/healthz 503), or null: the embedded database it keeps gone past its grace. */
  failing?: () => string | null
}

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    ...(options.logger ? { loggerInstance: options.logger } : { logger: false }),
    // X-Forwarded-For/-Proto only from the proxies named in TRUST_PROXY: anybody else cannot pick their own address
    // (the login throttle counts per address) or claim HTTPS.
    trustProxy: options.config.trustProxy.length > 0 ? options.config.trustProxy : false,
    // An idle connection is closed after HTTP_TIMEOUT_SECONDS; a whole request (an upload's body included) may take
    // UPLOAD_TIMEOUT_SECONDS at most; any other body gets HTTP_TIMEOUT_SECONDS (plugins/body-timeout: only a multipart
    // body of a file route, sent by a session that may upload with its valid CSRF token, gets the upload's time).
    // The headers timeout is set on the server below.
    connectionTimeout: options.config.httpTimeoutSeconds * 1000,
    keepAliveTimeout: Math.min(options.config.httpTimeoutSeconds, 5) * 1000,
    requestTimeout: Math.max(options.config.httpTimeoutSeconds, options.config.uploadTimeoutSeconds) * 1000,
    // Node checks the headers and request timeouts this often (30 s by default, which would double a short timeout).
    http: { connectionsCheckingInterval: Math.min(options.config.httpTimeoutSeconds * 1000, 5000) / 2 },
    // JSON and form bodies of the API (routes may lower it: the login's is 16 KB); files are streamed past it.
    bodyLimit: 1024 * 1024,
    routerOptions: { ignoreTrailingSlash: true },
    // Every app of the process compiles its routes' schemas once between them (test files build an app each).
    schemaController: { compilersFactory: sharedSchemaCompilers },
    // Requests in flight finish on shutdown; idle keep-alive sockets are closed at once.
    forceCloseConnections: 'idle',
    // The load balancer's X-Request-Id, or a new one: unique across nodes, so it finds one request's lines in every log.
    // Only a plain one is taken (letters, digits, '.', '_', ':', '-'): it is shown on error pages and kept in events.
    requestIdHeader: false,
    genReqId: (request) => {
      const given = request.headers['x-request-id']
      return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID()
    },
  }).withTypeProvider<TypeBoxTypeProvider>()

  // A client that sends its headers byte by byte is cut off after HTTP_TIMEOUT_SECONDS.
  app.server.headersTimeout = options.config.httpTimeoutSeconds * 1000
  // Nor can one address hold every socket of the process with such slow clients.
  capConnectionsPerAddress(app.server, options.config.maxConnectionsPerAddress, options.config.trustProxy)
  app.decorate('db', options.db)
  app.decorate('config', options.config)
  app.decorate('queue', options.queue)
  app.decorate('templates', options.templates)
  app.decorate('useCases', {
    ...portalUseCases({ db: options.db, queue: options.queue, storageDir: options.config.storageDir, departmentName: options.config.departmentName, prechecks: options.prechecks, precheckBudget: options.config.precheckBudget }),
    templates: reportTemplateUseCases({ db: options.db, templates: options.templates }),
  })
  app.decorateRequest('user', null)
  registerErrorHandler(app)
  // First, so it sees every route registered after it.
  await app.register(routeTable)
  await app.register(inputGuard)
  await app.register(bodyTimeout)
  await app.register(safeRetryScope)
  await app.register(rateLimits)
  // An answer sent while the node stops closes its connection, so the close does not wait for that keep-alive
  // connection to time out and the client's next request goes to another node.
  let closing = false
  app.addHook('preClose', async () => {
    closing = true
  })
  app.addHook('onSend', async (_request, reply, payload) => {
    if (closing) reply.header('connection', 'close')
    return payload
  })
  // Before any route: the OpenAPI document and the error answers are collected as routes are added.
  app.addHook('onRoute', addErrorAnswers)
  await app.register(apiDocs)

  httpMetrics(app)
  await healthRoutes(app, {
    db: options.db,
    queue: options.queue,
    role: 'web',
    metricsToken: options.config.metricsToken,
    storage: { dir: options.config.storageDir, minFreeBytes: options.config.storageMinFreeMb * 1024 * 1024 },
    failing: options.failing,
  })

  app.get('/', { schema: { hide: true } }, async (_request, reply) => reply.redirect(`${BASE_PATH}/`))

  await app.register(securityHeaders)
  // Before every route: request.user from the session cookie, and the CSRF rule for unsafe methods.
  await app.register(authPlugin)
  await app.register(publicCors)
  const cache = options.publicCache ? (options.publicCache.cache ?? new PublicCache()) : undefined
  if (cache && options.publicCache) {
    const listener = listenForPublicChanges(options.publicCache.databaseUrl, cache, (error) => app.log.warn({ err: error }, 'public cache: listening for changes failed'))
    app.addHook('onClose', () => listener.stop())
    await app.register(publicApiCache, { cache, prefix: '/api/v1/' })
  }
  await app.register(authRoutes, { prefix: '/auth' })
  await app.register(apiRoutes, { prefix: '/api/v1' })
  await app.register(staRoutes, { prefix: STA_PREFIX })
  await app.register(demoFilesRoutes)

  if (options.remix) {
    await app.register(remixPlugin, {
      build: options.remix.build,
      clientDir: options.remix.clientDir,
      // Production unless NODE_ENV=development: Remix's development mode sends an error's stack and text to the client.
      mode: options.config.development ? 'development' : 'production',
      cache,
      maxUploadMb: options.config.maxUploadMb,
      getLoadContext: (request, reply): AppLoadContext => ({
        ...app.useCases,
        useCaseContext: useCaseContextOf(request),
        // What a page shows of the configuration; the configuration itself (secrets, database addresses) stays here.
        view: pageSettingsOf(options.config),
        user: request.user,
        requestId: request.id,
        log: request.log,
        clientAddress: request.ip,
        csrfToken: csrfTokenFor(request, reply),
        cspNonce: request.cspNonce,
        faults: { unreachable: false },
      }),
    })
  }

  return app
}
