// Who asks through the API, as every use-case takes it: the request's user, client address and id.
import type { FastifyRequest } from 'fastify'
import type { UseCaseContext } from '@portal/workflow-domain/views.ts'

export function useCaseContextOf(request: FastifyRequest): UseCaseContext {
  return { actor: request.user, clientAddress: request.ip, requestId: String(request.id) }
}
