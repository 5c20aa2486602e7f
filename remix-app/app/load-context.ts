// What Fastify hands every loader and action: the domain's services, never a connection of their own.
import type { CurrentUser, UseCaseContext, PageSettings } from '@portal/workflow-domain/views.ts'
import type { CatalogueUseCases, AccountUseCases, NotificationUseCases, ReferenceUseCases, WorkflowUseCases, UploadStorage } from '@portal/workflow-domain/use-cases.server.ts'

declare module '@remix-run/node' {
  interface AppLoadContext {
    /** The catalogue's read use-cases, each `(useCaseContext, input)`. */
    catalogue: CatalogueUseCases
    /** The report workflow's reads and commands (reports page, review lists, decisions, responsible persons…). */
    workflow: WorkflowUseCases
    /** Logging in and out, and the administrator's users. */
    accounts: AccountUseCases
    /** The user's own notifications. */
    notifications: NotificationUseCases
    /** The administrators' reference data. */
    reference: ReferenceUseCases
    /** The files of a page form into storage and out again (the storage folder is not the page's to know). */
    uploads: UploadStorage
    /** Who asks and from where, handed to every use-case. */
    useCaseContext: UseCaseContext
    /** The settings a page shows (map tiles, the upload limit): never the configuration, its secrets or database addresses. */
    view: PageSettings
    /** The logged-in user, or null for the public. */
    user: CurrentUser | null
    /** The id of this request (the load balancer's X-Request-Id, or a new one): it goes into events and jobs. */
    requestId: string
    /** The request's logger (its lines carry the request id): a page's failure is logged here, not shown. */
    log: { error(object: object, message: string): void; warn(object: object, message: string): void }
    /** The client's address (behind a trusted proxy, the forwarded one): the login throttle counts by it. */
    clientAddress: string
    /** The CSRF token for the hidden field csrfmiddlewaretoken of every form (and the X-CSRFToken header). */
    csrfToken: string
    /**
     * What went wrong beneath the page, noted by handleError: a database or Redis that did not answer makes the error
     * page a 503 with Retry-After instead of a 500 (plugins/remix.server.ts).
     */
    faults: { unreachable: boolean }
    /** The Content-Security-Policy nonce of this answer, for <Scripts nonce> and the streamed scripts. */
    cspNonce: string
  }
}

export {}
