// DELETE /api/v1/measures-points/{id}/: Department and Administrator only; 400 while the point holds data of agreed
// reports ('имеются согласованные отчёты'), JSON 404 for a missing point, 204 when deleted.
// GET /api/v1/measures-points/{id}/control-indicators/: the point's sediment and surface-water control indicators
// as one list, each item with its model (EcoMonSedimentControlIndicators / EcoMonWatersControlIndicators).
import { Type } from '@sinclair/typebox'
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { assertCan } from '../../auth/permissions.ts'
import { deleteMeasuresPoint } from '../../catalogue/measures-point-deletion.server.ts'
import { FilterError, parseFilterValue } from '../../catalogue/filters.ts'
import { listControlIndicators } from '../../catalogue/point-control-indicators.server.ts'
import { yearFilter } from '../../catalogue/registry/fields.ts'
import { Text } from '../../http/params.ts'
import { PagingQuery, pageWindow, toPage } from '../../http/paging.ts'
import { badRequest, notFound } from '../../plugins/errors.server.ts'
import { IdParams } from './catalogue.routes.ts'
import { PageOf } from './workflow-schemas.ts'
import { FormatQuery, isFileFormat } from '../../exports/export-formats.ts'
import { type Column, pagedExport } from '../../exports/paged-export.server.ts'
import { sendExport } from '../../exports/send-export.server.ts'

// The item's own fields plus those of its type: the model says which.
const ControlIndicator = Type.Object(
  {
    id: Type.Integer(),
    model: Type.Union([Type.Literal('EcoMonSedimentControlIndicators'), Type.Literal('EcoMonWatersControlIndicators')]),
    year: Type.Integer(),
    sampled: Type.Union([Type.String(), Type.Null()]),
    title: Type.String(),
    href: Type.String(),
  },
  { additionalProperties: true },
)
const NoContent = Type.Null({ description: 'Удалено' })

export const measuresPointsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/measures-points/:id/control-indicators/',
    {
      schema: {
        summary: 'Контрольные показатели пункта: донные отложения и поверхностные воды одним списком',
        params: IdParams,
        querystring: Type.Object({ year: Type.Optional(Text({ maxLength: 2000 })), ...PagingQuery, ...FormatQuery }),
        response: { 200: PageOf(ControlIndicator) },
      },
    },
    async (request, reply) => {
      const { limit, offset } = pageWindow(request.query)
      // The year is checked like every catalogue year filter, so a bad one is the same 400 naming `year`.
      let year: number | undefined
      try {
        year = request.query.year === undefined ? undefined : (parseFilterValue(yearFilter(), request.query.year) as number | undefined)
      } catch (error) {
        if (error instanceof FilterError) throw badRequest(error.message, error.parameter)
        throw error
      }
      const point = await app.db.selectFrom('measures_points').select('id').where('id', '=', request.params.id).executeTakeFirst()
      if (!point) throw notFound('Пункт наблюдения не найден.')
      if (isFileFormat(request.query.format)) {
        type Item = { id: number; title: string; year: number; sampled: string | null; href: string }
        const columns: Array<Column<Item>> = [
          { header: 'ID', cell: (r) => r.id },
          { header: 'Вид показателей', cell: (r) => r.title },
          { header: 'Год', cell: (r) => r.year },
          { header: 'Дата отбора', cell: (r) => r.sampled?.slice(0, 10) ?? null },
          { header: 'Адрес на портале', cell: (r) => r.href },
        ]
        return sendExport(reply, { format: request.query.format, name: `control-indicators-${point.id}`, sheet: 'Контрольные показатели', ...pagedExport(columns, (size, from) => listControlIndicators(app.db, point.id, { year }, size, from)) })
      }
      const page = await listControlIndicators(app.db, point.id, { year }, limit, offset)
      return toPage(request, page.results, page.count, limit, offset)
    },
  )

  app.delete('/measures-points/:id/', { schema: { summary: 'Удалить пункт наблюдения', params: IdParams, response: { 204: NoContent } } }, async (request, reply) => {
    assertCan(request.user, 'delete:measures-point:any')
    const result = await deleteMeasuresPoint(app.db, request.params.id)
    if (result.status === 'not-found') throw notFound('Пункт наблюдения не найден.')
    if (result.status === 'refused') throw badRequest(`Ошибка удаления пункта наблюдения: ${result.reason}.`)
    return reply.status(204).send(null)
  })
}
