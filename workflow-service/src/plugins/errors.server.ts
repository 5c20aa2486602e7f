// One error handler for the whole service: JSON answers that name the bad parameter, never a leaked 5xx message.
import type { FastifyError, FastifyInstance } from 'fastify'
import { refusalAnswer } from '../http/refusal-answers.ts'
import { CommandRefused } from '../workflow/refusal.ts'

export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message)
  }
}

export const badRequest = (message: string, parameter?: string) =>
  new HttpError(400, message, parameter ? { parameter } : {})
export const notFound = (message = 'Не найдено.') => new HttpError(404, message)
export const forbidden = (message = 'У вас недостаточно прав для выполнения данного действия.') =>
  new HttpError(403, message)
export const conflict = (message: string) => new HttpError(409, message)

function parameterOf(error: FastifyError): string | undefined {
  const first = error.validation?.[0]
  if (!first) return undefined
  const params = first.params as Record<string, unknown> | undefined
  const missing = params?.missingProperty ?? params?.additionalProperty
  if (typeof missing === 'string') return missing
  const fromPath = first.instancePath?.split('/').filter(Boolean)[0]
  return fromPath
}

export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof CommandRefused) {
      const { status, detail, parameter } = refusalAnswer(error.refusal)
      return reply.status(status).send(parameter ? { detail, parameter } : { detail })
    }
    if (error instanceof HttpError) {
      return reply.status(error.statusCode).send({ detail: error.message, ...error.extra })
    }
    if (error.validation) {
      const parameter = parameterOf(error)
      const where = error.validationContext ?? 'request'
      const reason = error.validation[0]?.message ?? 'is invalid'
      const detail = parameter ? `${parameter}: ${reason}` : `${where}: ${reason}`
      return reply.status(400).send({ detail, parameter: parameter ?? null })
    }
    const status = error.statusCode ?? 500
    if (status < 500) {
      return reply.status(status).send({ detail: error.message })
    }
    request.log.error({ err: error }, 'request failed')
    return reply.status(500).send({ detail: 'Внутренняя ошибка сервера.' })
  })

  app.setNotFoundHandler((request, reply) => {
    reply.status(404).send({ detail: `Страница не найдена: ${request.method} ${request.url.split('?')[0]}` })
  })
}
