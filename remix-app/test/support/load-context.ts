// The load context a page gets from Fastify, built for loader and action tests the way buildApp() builds it: the
// use-cases over the test database, never a database handle.
import type { AppLoadContext } from '@remix-run/node'
import type { Kysely } from 'kysely'
import type { Database } from '@portal/migrations/database.ts'
import type { CurrentUser } from '@portal/workflow-domain/views.ts'
import { loadConfig } from '@portal/workflow-server/service.server.ts'
import type { JobQueue } from '@portal/workflow-domain/ports.ts'
import { pageSettingsOf } from '@portal/workflow-domain/views.ts'
import { portalUseCases } from '@portal/workflow-domain/use-cases.server.ts'

export function pageContext(
  services: { db: Kysely<Database>; queue: JobQueue },
  user: CurrentUser | null,
  options: { dataDir: string; clientAddress?: string; requestId?: string; env?: Record<string, string> },
): AppLoadContext {
  const config = loadConfig({ ...options.env, DATA_DIR: options.dataDir })
  const from = { clientAddress: options.clientAddress ?? '127.0.0.1', requestId: options.requestId ?? 'test' }
  return {
    ...portalUseCases({ db: services.db, queue: services.queue, storageDir: config.storageDir }),
    useCaseContext: { actor: user, ...from },
    view: pageSettingsOf(config),
    user,
    ...from,
    csrfToken: 'token',
    faults: { unreachable: false },
    cspNonce: 'nonce',
    // A page that fails in a test fails the test: its error is thrown to the test, not only logged.
    log: { error: () => {}, warn: () => {} },
  }
}
