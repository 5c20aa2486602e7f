// What Fastify hands every loader and action: the domain's services, never a connection of their own.
import type { Kysely } from 'kysely'
import type { Database } from '@portal/migrations/database.ts'
import type { CurrentUser } from '@portal/workflow-service/auth/permissions.ts'
import type { CatalogueReads, UseCaseContext } from '@portal/workflow-service/catalogue/catalogue-reads.server.ts'
import type { Config } from '@portal/workflow-service/config.ts'
import type { JobQueue } from '@portal/workflow-service/ports/job-queue.ts'

declare module '@remix-run/node' {
  interface AppLoadContext {
    /** The reports, review and admin pages' database (they move to use-cases in turn); the catalogue never uses it. */
    db: Kysely<Database>
    /** The catalogue's read use-cases, each `(useCaseContext, input)`. */
    catalogue: CatalogueReads
    /** Who asks and from where, handed to every use-case. */
    useCaseContext: UseCaseContext
    config: Config
    queue: JobQueue
    /** The logged-in user, or null for the public. */
    user: CurrentUser | null
    /** The id of this request (the load balancer's X-Request-Id, or a new one): it goes into events and jobs. */
    requestId: string
    /** The client's address (behind a trusted proxy, the forwarded one): the login throttle counts by it. */
    clientAddress: string
    /** The CSRF token for the hidden field csrfmiddlewaretoken of every form (and the X-CSRFToken header). */
    csrfToken: string
    /** The Content-Security-Policy nonce of this answer, for <Scripts nonce> and the streamed scripts. */
    cspNonce: string
  }
}

export {}
