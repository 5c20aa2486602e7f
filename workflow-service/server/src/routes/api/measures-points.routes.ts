// DELETE /api/v1/measures-points/{id}/: Department and Administrator only; 400 while the point holds data of agreed
// reports ('имеются согласованные отчёты'), JSON 404 for a missing point, 204 when deleted.
// GET /api/v1/measures-points/{id}/control-indicators/: the point's sediment and surface-water control indicators
// as one list, each item with its model (EcoMonSedimentControlIndicators / EcoMonWatersControlIndicators).
// Each route parses, calls its use-case (`use-cases/catalogue-use-cases.server.ts`) and shapes the answer.
import { Type } from 'typebox'
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { IdParams, Text, valueOrRefuse, FormatQuery, isFileFormat, dayCell } from '@portal/workflow-domain/views.ts'
import { PagingQuery, pageWindow, toPage } from '../../http/paging.ts'
import { useCaseContextOf } from './use-case-context.server.ts'
import { PageOf } from './workflow-schemas.ts'
import { type Column, firstPageRead, pagedExport } from '../../exports/paged-export.server.ts'
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

type Item = { id: number; title: string; year: number; sampled: string | null; href: string }
const COLUMNS: Array<Column<Item>> = [
  { header: 'ID', cell: (r) => r.id },
  { header: 'Вид показателей', cell: (r) => r.title },
  { header: 'Год', cell: (r) => r.year },
  { header: 'Дата отбора', cell: (r) => dayCell(r.sampled) },
  { header: 'Адрес на портале', cell: (r) => r.href },
]

export const measuresPointsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const catalogue = app.useCases.catalogue
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
      const context = useCaseContextOf(request)
      const { id: point } = request.params
      // The year is checked like every catalogue year filter, so a bad one is the same 400 naming `year`.
      const { year } = request.query
      const page = async (limit: number, offset: number) => valueOrRefuse(await catalogue.controlIndicators(context, { point, year, limit, offset }))
      if (isFileFormat(request.query.format)) {
        return sendExport(reply, { format: request.query.format, name: `control-indicators-${point}`, sheet: 'Контрольные показатели', ...pagedExport(COLUMNS, await firstPageRead(page)) })
      }
      const { limit, offset } = pageWindow(request.query)
      const found = await page(limit, offset)
      return toPage(request, found.results, found.count, limit, offset)
    },
  )

  app.delete('/measures-points/:id/', { schema: { summary: 'Удалить пункт наблюдения', params: IdParams, response: { 204: NoContent } } }, async (request, reply) => {
    valueOrRefuse(await catalogue.deletePoint(useCaseContextOf(request), { id: request.params.id }))
    return reply.status(204).send(null)
  })
}
