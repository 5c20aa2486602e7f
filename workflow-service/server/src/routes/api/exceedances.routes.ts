// GET /api/v1/exceedances/: published readings above their ПДК, the worst multiple first, by year, area, company and
// substance; format=csv|xlsx gives every row of the filter as a file. GET /api/v1/exceedances/years/: the count per year.
import { Type } from 'typebox'
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import type { Exceedance } from '@portal/workflow-domain/commands.server.ts'
import { FormatQuery, isFileFormat, dayCell, Id, Year, valueOrRefuse } from '@portal/workflow-domain/views.ts'
import { type Column, firstPageRead, pagedExport } from '../../exports/paged-export.server.ts'
import { sendExport } from '../../exports/send-export.server.ts'
import { PagingQuery, pageWindow, toPage } from '../../http/paging.ts'
import { PageOf } from './workflow-schemas.ts'
import { useCaseContextOf } from './use-case-context.server.ts'

const Named = Type.Object({ id: Type.Integer(), name: Type.String() })
const ExceedanceAnswer = Type.Object({
  id: Type.Integer({ description: 'Показание (measures-point-indications)' }),
  year: Type.Integer(),
  sampled: Type.Union([Type.String({ format: 'date' }), Type.Null()]),
  substance: Type.String(),
  value: Type.Number({ description: 'Значение в единице ПДК' }),
  measure: Type.String({ description: 'Единица ПДК' }),
  mpc: Type.Number({ description: 'ПДК' }),
  multiple: Type.Number({ description: 'Во сколько раз выше ПДК' }),
  point: Type.Object({ id: Type.Integer(), name: Type.String(), nomenclature: Type.Union([Type.String(), Type.Null()]) }),
  area: Type.Union([Named, Type.Null()]),
  company: Type.Union([Named, Type.Null()]),
})

const Filters = {
  area: Type.Optional(Id),
  company: Type.Optional(Id),
  substance: Type.Optional(Type.String({ minLength: 1, maxLength: 500, description: 'Вещество (показатель), как в показаниях' })),
}

export const EXCEEDANCE_COLUMNS: ReadonlyArray<Column<Exceedance>> = [
  { header: 'Год', cell: (r) => r.year },
  { header: 'Дата отбора', cell: (r) => dayCell(r.sampled) },
  { header: 'Предприятие', cell: (r) => r.company?.name ?? null },
  { header: 'Участок', cell: (r) => r.area?.name ?? null },
  { header: 'Пункт наблюдения', cell: (r) => r.point.nomenclature ?? r.point.name },
  { header: 'Вещество', cell: (r) => r.substance },
  { header: 'Значение', cell: (r) => r.value },
  { header: 'Единица измерения', cell: (r) => r.measure },
  { header: 'ПДК', cell: (r) => r.mpc },
  { header: 'Кратность ПДК', cell: (r) => r.multiple },
]

export const exceedancesRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/exceedances/',
    {
      schema: {
        summary: 'Превышения ПДК: опубликованные показания выше ПДК, наибольшая кратность сначала; format=csv или xlsx — все записи фильтра файлом',
        querystring: Type.Object({ year: Type.Optional(Year), ...Filters, ...PagingQuery, ...FormatQuery }, { additionalProperties: false }),
        response: { 200: PageOf(ExceedanceAnswer) },
      },
    },
    async (request, reply) => {
      const { limit: _l, offset: _o, format, ...filters } = request.query
      const context = useCaseContextOf(request)
      const page = async (limit: number, offset: number) => valueOrRefuse(await app.useCases.catalogue.exceedances(context, { ...filters, limit, offset }))
      if (isFileFormat(format)) {
        return sendExport(reply, { format, name: 'Превышения ПДК', sheet: 'Превышения ПДК', ...pagedExport(EXCEEDANCE_COLUMNS, await firstPageRead(page)) })
      }
      const { limit, offset } = pageWindow(request.query)
      const found = await page(limit, offset)
      return toPage(request, found.results, found.count, limit, offset)
    },
  )

  app.get(
    '/exceedances/years/',
    {
      schema: {
        summary: 'Превышения ПДК: число по годам (старые сначала)',
        querystring: Type.Object(Filters, { additionalProperties: false }),
        response: { 200: Type.Array(Type.Object({ year: Type.Integer(), count: Type.Integer() })) },
      },
    },
    async (request) => valueOrRefuse(await app.useCases.catalogue.exceedancesPerYear(useCaseContextOf(request), request.query)),
  )
}
