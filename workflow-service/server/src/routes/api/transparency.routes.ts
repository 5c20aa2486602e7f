// GET /api/v1/transparency/ and /api/v1/transparency/rows/: the public's record of the log (decision 3710) — the
// Ed25519 keys, the signed checkpoint statements page by page, and the published readings as the cells their signed
// digest is computed from. `npm run verify-public -- URL` checks all three from outside, with no secret.
import { Type } from 'typebox'
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { MAX_ID, valueOrRefuse } from '@portal/workflow-domain/views.ts'
import { keepOutOfPublicCache } from '../../plugins/public-cache.plugin.server.ts'
import { useCaseContextOf } from './use-case-context.server.ts'

const After = Type.Optional(Type.Integer({ minimum: 0, maximum: MAX_ID, description: 'Продолжить после этой позиции (или id строки); 0 по умолчанию' }))

const Key = Type.Object({
  algorithm: Type.Literal('Ed25519'),
  publicKey: Type.String({ description: 'Открытый ключ (32 байта, base64)' }),
  fingerprint: Type.String({ description: 'Отпечаток ключа: SHA256 и base64 открытого ключа' }),
  replaces: Type.Union([Type.String(), Type.Null()], { description: 'Ключ, который он сменил' }),
  position: Type.Integer({ description: 'Запись журнала, которой ключ введён в действие' }),
  introducedAt: Type.String({ format: 'date-time' }),
})

const Index = Type.Object({
  keys: Type.Array(Key),
  statements: Type.Array(
    Type.Object({
      toPosition: Type.Integer(),
      statement: Type.String({ description: 'Подписанный текст: заявление о контрольной точке в каноническом JSON' }),
      signature: Type.String({ description: 'Подпись Ed25519 текста, base64' }),
      key: Type.String({ description: 'Отпечаток ключа подписи' }),
    }),
  ),
  next: Type.Union([Type.Integer(), Type.Null()], { description: 'after следующей страницы; null — последняя' }),
  head: Type.Integer({ description: 'Последняя позиция журнала сейчас' }),
  tables: Type.Array(Type.Object({ table: Type.String(), columns: Type.Array(Type.String()) })),
})

const Rows = Type.Object({
  table: Type.String(),
  columns: Type.Array(Type.String()),
  rows: Type.Array(Type.Array(Type.String()), { description: 'Ячейки строк как текст (NULL — «\\N»), по id' }),
  next: Type.Union([Type.Integer(), Type.Null()]),
})

export const transparencyRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/transparency/',
    {
      schema: {
        summary: 'Открытая запись журнала: ключи подписи, подписанные контрольные точки и их сводки опубликованных показаний',
        querystring: Type.Object({ after: After, limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000, description: '1000 по умолчанию' })) }, { additionalProperties: false }),
        response: { 200: Index },
      },
    },
    async (request) => {
      // The statements and the log's head change with every checkpoint, which no table tells the caches of.
      keepOutOfPublicCache(request)
      return valueOrRefuse(await app.useCases.transparency.index(useCaseContextOf(request), { after: request.query.after ?? 0, limit: request.query.limit ?? 1000 }))
    },
  )
  app.get(
    '/transparency/rows/',
    {
      schema: {
        summary: 'Опубликованные показания таблицы в том виде, по которому вычислена подписанная сводка',
        querystring: Type.Object(
          { table: Type.String({ maxLength: 100 }), after: After, limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 10000, description: '10000 по умолчанию' })) },
          { additionalProperties: false },
        ),
        response: { 200: Rows },
      },
    },
    async (request) => {
      // Read fresh each time: a verifier compares it with the newest statement, never with a cached copy.
      keepOutOfPublicCache(request)
      return valueOrRefuse(await app.useCases.transparency.rows(useCaseContextOf(request), { table: request.query.table, after: request.query.after ?? 0, limit: request.query.limit ?? 10000 }))
    },
  )
}
