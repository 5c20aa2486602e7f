// Builds a workflow command's context from a request: the user, request id, client address and the time of the command.
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { CommandContext } from '../../workflow/command-context.server.ts'

export function commandContextOf(app: FastifyInstance, request: FastifyRequest): CommandContext {
  return {
    db: app.db,
    queue: app.queue,
    storageDir: app.config.storageDir,
    actor: request.user,
    requestId: request.id,
    clientAddress: request.ip,
    now: new Date(),
  }
}
