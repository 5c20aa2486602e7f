// /api/v1/import-reports/{id}/changes/: what changed in an observation-results report since its declined round and
// last year (decision 3714), a page of rows the largest change first, or format=csv|xlsx for every row as a file.
import { Type } from 'typebox'
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { Id, Nullable, PagingQuery, FormatQuery, isFileFormat, valueOrRefuse } from '@portal/workflow-domain/views.ts'
import { ChangeRowAnswer } from './workflow-schemas.ts'
import { pageWindow, toPage } from '../../http/paging.ts'
import { sendExport } from '../../exports/send-export.server.ts'
import { useCaseContextOf } from './use-case-context.server.ts'

const ChangesAnswer = Type.Object({
  report: Type.Object({ id: Type.Integer(), year: Type.Integer(), round: Type.Integer(), status: Type.String(), companyId: Type.Integer(), companyName: Type.String(), areaId: Nullable(Type.Integer()) }),
  previousRound: Nullable(Type.Integer({ description: 'Номер отклонённого раунда, с которым сравнивается отчёт' })),
  lastYear: Type.Integer(),
  factor: Type.Number({ description: 'Порог правдоподобия: во сколько раз значение может отличаться от прошлогоднего' }),
  marked: Type.Integer({ description: 'Строк с отметкой' }),
  count: Type.Integer(),
  next: Nullable(Type.String()),
  previous: Nullable(Type.String()),
  results: Type.Array(ChangeRowAnswer),
})

export const reportChangesRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const workflow = app.useCases.workflow
  app.get(
    '/import-reports/:id/changes/',
    {
      schema: {
        summary: 'Что изменилось: результаты наблюдений отчёта против прошлого раунда и прошлого года, большие изменения первыми; format=csv или xlsx — файлом',
        params: Type.Object({ id: Id }),
        querystring: Type.Object({ ...PagingQuery, ...FormatQuery }, { additionalProperties: false }),
        response: { 200: ChangesAnswer },
      },
    },
    async (request, reply) => {
      const context = useCaseContextOf(request)
      if (isFileFormat(request.query.format)) {
        const file = valueOrRefuse(await workflow.reportChangesExport(context, { id: request.params.id }))
        return sendExport(reply, { format: request.query.format, name: file.name, sheet: 'Что изменилось', headers: file.headers, produce: file.produce })
      }
      const { limit, offset } = pageWindow(request.query)
      const changes = valueOrRefuse(await workflow.reportChanges(context, { id: request.params.id, limit, offset }))
      const page = toPage(request, changes.results, changes.count, limit, offset)
      return { ...changes, ...page }
    },
  )
}
