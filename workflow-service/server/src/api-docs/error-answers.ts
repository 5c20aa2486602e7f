// The error answers every API route can give, added to each route's schema as it is registered, so the document
// lists them and Fastify serialises them like any other answer. Extra fields of an answer (login's `errors`) pass.
import type { RouteOptions } from 'fastify'
import { isDescribedPath } from './api-docs-plugin.server.ts'

const ErrorAnswer = (description: string) => ({
  description,
  type: 'object',
  properties: {
    detail: { type: 'string', description: 'Что не так, по-русски' },
    parameter: { type: 'string', nullable: true, description: 'Параметр или поле запроса, которое надо исправить' },
  },
  required: ['detail'],
  additionalProperties: true,
})

const READ_ERRORS = {
  400: ErrorAnswer('Неверный параметр: detail объясняет, parameter называет его'),
  403: ErrorAnswer('Недостаточно прав'),
  404: ErrorAnswer('Не найдено'),
}

const WRITE_ERRORS = {
  ...READ_ERRORS,
  409: ErrorAnswer('Действие невозможно в текущем состоянии отчёта или файла'),
  413: ErrorAnswer('Файл больше допустимого размера'),
}

/** An onRoute hook: fills in the error answers a described route does not declare itself. */
export function addErrorAnswers(route: RouteOptions): void {
  if (!isDescribedPath(route.url ?? '')) return
  const safe = [route.method].flat().every((m) => ['GET', 'HEAD', 'OPTIONS'].includes(m))
  const schema = (route.schema ??= {}) as { response?: Record<string, unknown> }
  schema.response = { ...(safe ? READ_ERRORS : WRITE_ERRORS), ...schema.response }
}

/** A file answer (download, ZIP, template): the bytes themselves, described by their content type. */
export function fileAnswer(description: string, contentType = 'application/octet-stream') {
  return { description, content: { [contentType]: { schema: { type: 'string', format: 'binary' } } } }
}

/** 204: done, nothing to answer. */
export const noContent = (description: string) => ({ description, type: 'null' })
