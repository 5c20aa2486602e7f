// One error handler for the whole service: JSON answers that name the bad parameter, never a leaked 5xx message.
import type { FastifyError, FastifyInstance } from 'fastify'
import {
  HttpError, refusalAnswer, CommandRefused, TEXT_PATTERNS, CHARACTERS_GENITIVE, VALUES_GENITIVE, plural,
} from '@portal/workflow-domain/views.ts'
import { refusedAddressPage, wantsPage } from '../http/page-refusal.ts'
import { ADDRESS_REFUSALS } from './input-guard.server.ts'
import { isStorageFault, isUnreachable, RETRY_AFTER_SECONDS, STORAGE_FULL_DETAIL, UNAVAILABLE_DETAIL } from '@portal/workflow-platform/faults.ts'

type ValidationItem = NonNullable<FastifyError['validation']>[number]

function parameterOf(error: FastifyError): string | undefined {
  const first = error.validation?.[0]
  if (!first) return undefined
  const params = first.params as Record<string, unknown> | undefined
  const missing = params?.missingProperty ?? params?.additionalProperty
  if (typeof missing === 'string') return missing
  const fromPath = first.instancePath?.split('/').filter(Boolean)[0]
  return fromPath
}

/** The reason of a schema refusal in Russian, for the keywords our schemas use. */
function reasonOf(item: ValidationItem | undefined): string {
  if (!item) return 'недопустимое значение'
  const p = (item.params ?? {}) as Record<string, unknown>
  switch (item.keyword) {
    case 'required':
      return 'обязательный параметр'
    case 'additionalProperties':
      return 'неизвестный параметр'
    case 'type':
      return p.type === 'integer' ? 'ожидается целое число' : p.type === 'number' ? 'ожидается число' : `ожидается значение типа ${String(p.type)}`
    case 'minimum':
      return `не меньше ${String(p.limit)}`
    case 'maximum':
      return `не больше ${String(p.limit)}`
    case 'minLength':
      return Number(p.limit) <= 1 ? 'не может быть пустым' : `не короче ${String(p.limit)} ${plural(Number(p.limit), CHARACTERS_GENITIVE)}`
    case 'maxLength':
      return `не длиннее ${String(p.limit)} ${plural(Number(p.limit), CHARACTERS_GENITIVE)}`
    case 'pattern':
      return TEXT_PATTERNS.has(String(p.pattern)) ? 'недопустимые управляющие символы' : 'недопустимый формат'
    case 'const':
    case 'enum':
    case 'anyOf':
      return 'недопустимое значение'
    case 'minItems':
      return `не меньше ${String(p.limit)} ${plural(Number(p.limit), VALUES_GENITIVE)}`
    case 'maxItems':
      return `не больше ${String(p.limit)} ${plural(Number(p.limit), VALUES_GENITIVE)}`
    case 'uniqueItems':
      return 'значения повторяются'
    default:
      return item.message ?? 'недопустимое значение'
  }
}

/** Errors of reading the body (before any schema): what the client sent cannot be read. */
const BODY_ERRORS: Record<string, string> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'content-type: неподдерживаемый тип содержимого',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'content-length: не совпадает с длиной тела запроса',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'body: пустое тело запроса при content-type application/json',
  FST_ERR_CTP_INVALID_JSON_BODY: 'body: некорректный JSON',
  FST_ERR_CTP_INVALID_TYPE: 'content-type: некорректный заголовок',
  FST_ERR_CTP_EMPTY_TYPE: 'content-type: пустой заголовок',
  FST_INVALID_MULTIPART_CONTENT_TYPE: 'content-type: ожидается multipart/form-data',
}

export interface ErrorAnswer {
  status: number
  body: { detail: string; parameter?: string | null } & Record<string, unknown>
  /** Seconds to wait before trying again (a 503 of a fault that passes). */
  retryAfter?: number
}

/** Any error as the status and JSON body the client gets; a 5xx never carries the error's own message. */
export function errorAnswer(error: FastifyError): ErrorAnswer {
  // A refusal of the domain: its answer comes from the one mapping the pages use too.
  if (error instanceof CommandRefused) {
    const { status, detail, parameter } = refusalAnswer(error.refusal)
    return { status, body: parameter ? { detail, parameter } : { detail } }
  }
  if (error instanceof HttpError) return { status: error.statusCode, body: { detail: error.message, ...error.extra } }
  // Faults of the disk, the database or Redis: never the client's mistake, never a bug's 500 (decision 3502).
  if (isStorageFault(error)) return { status: 507, body: { detail: STORAGE_FULL_DETAIL }, retryAfter: 60 }
  if (isUnreachable(error)) return { status: 503, body: { detail: UNAVAILABLE_DETAIL }, retryAfter: RETRY_AFTER_SECONDS }
  if (error.validation) {
    const parameter = parameterOf(error)
    const where = error.validationContext ?? 'request'
    const reason = reasonOf(error.validation[0])
    return { status: 400, body: { detail: `${parameter ?? where}: ${reason}`, parameter: parameter ?? null } }
  }
  const known = error.code ? BODY_ERRORS[error.code] : undefined
  if (known) return { status: 400, body: { detail: known, parameter: known.split(':')[0] } }
  // A body the JSON parser refuses (bad syntax, a "__proto__" key): SyntaxError or secure-json-parse's error.
  if (error instanceof SyntaxError || /prototype property|Unexpected token|JSON/.test(error.message ?? '')) {
    if ((error.statusCode ?? 400) < 500) return { status: 400, body: { detail: 'body: некорректный JSON', parameter: 'body' } }
  }
  // Busboy's refusals of a broken multipart body carry no status of their own.
  if (error.statusCode === undefined && /^(Multipart: |Unexpected end of (form|multipart data)|Malformed part header|Part terminated early)/.test(error.message ?? '')) {
    return { status: 400, body: { detail: 'body: повреждённые данные формы', parameter: 'body' } }
  }
  const status = error.statusCode ?? 500
  if (status === 413) return { status, body: { detail: 'Тело запроса слишком велико.' } }
  if (status < 500) return { status, body: { detail: error.message } }
  return { status: 500, body: { detail: 'Внутренняя ошибка сервера.' } }
}

export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const answer = errorAnswer(error)
    if (answer.status === 507) request.log.error({ err: error, code: (error as { code?: string }).code }, 'the file store refused a write: nothing was saved')
    else if (answer.status === 503 && answer.retryAfter) request.log.error({ fault: { message: error.message, code: (error as { code?: string }).code } }, 'the database or the queue is unreachable: answered 503')
    else if (answer.status >= 500) request.log.error({ err: error }, 'request failed')
    if (answer.retryAfter) void reply.header('retry-after', String(answer.retryAfter))
    // The input guard refused a page's address before the page ran: a person gets the error page, in Russian.
    const reason = error instanceof HttpError && answer.status === 400 ? ADDRESS_REFUSALS.find((r) => error.message.endsWith(`: ${r}`)) : undefined
    if (reason && wantsPage(request.method, request.url, request.headers.accept)) {
      return reply.status(400).type('text/html; charset=utf-8').serializer(String).send(refusedAddressPage(reason))
    }
    // Plain JSON, not the route's response schema: an error answer must never fail to serialise into a 500.
    return reply.status(answer.status).type('application/json; charset=utf-8').serializer(JSON.stringify).send(answer.body)
  })

  app.setNotFoundHandler((request, reply) => {
    reply.status(404).send({ detail: `Страница не найдена: ${request.method} ${request.url.split('?')[0]}` })
  })
}
