// The API's caller of a workflow command: the user, request id and client address of the request.
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { type CommandContext, commandContextOf as contextFor } from '../../workflow/command-context.server.ts'

export function commandContextOf(app: FastifyInstance, request: FastifyRequest): CommandContext {
  return contextFor({ db: app.db, queue: app.queue, storageDir: app.config.storageDir }, { actor: request.user, requestId: request.id, clientAddress: request.ip })
}
