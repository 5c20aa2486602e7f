// The API's caller of a workflow command that has no use-case of its own yet: the one context builder
// (workflow/command-context.server.ts) over the request's use-case context.
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { type CommandContext, commandContextOf as contextFor } from '../../workflow/command-context.server.ts'
import { useCaseContextOf } from './use-case-context.server.ts'

export function commandContextOf(app: FastifyInstance, request: FastifyRequest): CommandContext {
  return contextFor({ db: app.db, queue: app.queue, storageDir: app.config.storageDir }, useCaseContextOf(request))
}
