// GET /api/v1/measures-point-indications/:id/source/: where a public reading comes from («Откуда это значение»,
// decision 3310) — the company, report, file and row that published it and the agreement (log position and
// fingerprint), or the catalogue's own data under its baseline. Public, as the reading is.
import { Type } from 'typebox'
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { Id, valueOrRefuse } from '@portal/workflow-domain/views.ts'
import { useCaseContextOf } from './use-case-context.server.ts'

const Named = Type.Object({ id: Type.Integer(), name: Type.String() })
const LogEntry = Type.Object({
  position: Type.Integer({ description: 'Номер записи журнала событий' }),
  at: Type.String({ format: 'date-time' }),
  fingerprint: Type.String({ description: 'Отпечаток записи (её ключевой хеш в цепочке журнала)' }),
})
const SourceAnswer = Type.Object({
  reading: Type.Object({
    id: Type.Integer(),
    name: Type.String(),
    value: Type.Number(),
    measure: Type.String(),
    sampled: Type.Union([Type.String({ format: 'date' }), Type.Null()]),
    pointId: Type.Integer(),
  }),
  publication: Type.Union([
    Type.Object({
      company: Named,
      report: Type.Object({ id: Type.Integer(), title: Type.String(), year: Type.Integer(), area: Type.Union([Named, Type.Null()]) }),
      file: Type.Object({ id: Type.Integer(), name: Type.String(), sha256: Type.Union([Type.String(), Type.Null()]) }),
      row: Type.Union([Type.Integer(), Type.Null()], { description: 'Строка файла' }),
      agreement: Type.Union([LogEntry, Type.Null()]),
    }),
    Type.Null(),
  ], { description: 'Публикация, сделавшая показание открытым; null — собственные данные каталога' }),
  baseline: Type.Union([LogEntry, Type.Null()], { description: 'Для собственных данных каталога: запись журнала с их исходным состоянием' }),
})

export const readingSourceRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/measures-point-indications/:id/source/',
    {
      schema: {
        summary: 'Откуда это значение: публикация показания (предприятие, отчёт, файл, строка, согласование) или исходные данные каталога',
        params: Type.Object({ id: Id }),
        response: { 200: SourceAnswer },
      },
    },
    async (request) => valueOrRefuse(await app.useCases.catalogue.readingSource(useCaseContextOf(request), { id: request.params.id })),
  )
}
