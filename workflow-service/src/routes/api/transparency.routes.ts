// GET /api/v1/transparency/ and /api/v1/transparency/rows/: the public's record of the log (decision 3710) — the
// Ed25519 keys, the signed checkpoint statements page by page, and the published readings as the cells their signed
// digest is computed from. `npm run verify-public -- URL` checks all three from outside, with no secret.
import { Type } from 'typebox'
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { valueOrRefuse } from '../../use-cases/use-case.ts'
import { useCaseContextOf } from './use-case-context.server.ts'

const After = Type.Integer({ minimum: 0, maximum: Number.MAX_SAFE_INTEGER, default: 0, description: 'Продолжить после этой позиции (или id строки)' })

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
        querystring: Type.Object({ after: After, limit: Type.Integer({ minimum: 1, maximum: 1000, default: 1000 }) }, { additionalProperties: false }),
        response: { 200: Index },
      },
    },
    async (request) => valueOrRefuse(await app.useCases.transparency.index(useCaseContextOf(request), request.query)),
  )
  app.get(
    '/transparency/rows/',
    {
      schema: {
        summary: 'Опубликованные показания таблицы в том виде, по которому вычислена подписанная сводка',
        querystring: Type.Object(
          { table: Type.String({ maxLength: 100 }), after: After, limit: Type.Integer({ minimum: 1, maximum: 10000, default: 10000 }) },
          { additionalProperties: false },
        ),
        response: { 200: Rows },
      },
    },
    async (request) => valueOrRefuse(await app.useCases.transparency.rows(useCaseContextOf(request), request.query)),
  )
}
