// Reference and navigation endpoints: /references/, /administrative-region/, /get-sections/, and the greenhouse
// categories report (sums per category for a year and company).
import { Type } from '@sinclair/typebox'
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { Text } from '../../http/params.ts'
import { FilterError, parseFilterValue } from '../../catalogue/filters.ts'
import { categoryTotals, GASES } from '../../catalogue/greenhouse-report.server.ts'
import { administrativeRegions, references, regionFilterList } from '../../catalogue/references.server.ts'
import { sectionTiles } from '../../catalogue/sections.ts'
import { badRequest } from '../../plugins/errors.server.ts'

const ReferenceItem = Type.Object({ id: Type.Union([Type.Integer(), Type.String()]), name: Type.String() })
const GasTotals = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  ...Object.fromEntries(GASES.map((gas) => [gas, Type.Number()])),
})

export const referencesRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/references/',
    {
      schema: {
        summary: 'Справочники для фильтров и списки лет (<таблица>_years)',
        querystring: Type.Object({}),
        response: { 200: Type.Record(Type.String(), Type.Array(Type.Union([ReferenceItem, Type.Integer()]))) },
      },
    },
    async () => references(app.db),
  )

  app.get(
    '/administrative-region/',
    { schema: { summary: 'Административные районы', querystring: Type.Object({ is_filter: Type.Optional(Type.Boolean()) }), response: { 200: Type.Array(ReferenceItem) } } },
    async (request) => (request.query.is_filter ? regionFilterList(app.db) : administrativeRegions(app.db)),
  )

  app.get(
    '/get-sections/',
    {
      schema: {
        summary: 'Разделы главной страницы',
        querystring: Type.Object({ section: Type.Optional(Text({ maxLength: 300 })) }),
        response: {
          200: Type.Object({
            section: Type.Union([Type.String(), Type.Null()]),
            results: Type.Array(
              Type.Object({ title: Type.String(), url: Type.Union([Type.String(), Type.Null()]), description: Type.Union([Type.String(), Type.Null()]), has_children: Type.Boolean() }),
            ),
          }),
        },
      },
    },
    async (request) => {
      const section = request.query.section?.trim() || null
      // A license holder's start page is their own company: the shell sends them there when this list is empty.
      const holder = request.user?.groups.includes('Недропользователь') && request.user.companyId !== null
      return { section, results: holder && !section ? [] : sectionTiles(section) }
    },
  )

  app.get(
    '/greenhouse-gases-categories/reports/',
    {
      schema: {
        summary: 'Выбросы парниковых газов по категориям за год',
        querystring: Type.Object({ year: Type.Optional(Type.String({ maxLength: 10 })), company: Type.Optional(Type.String({ maxLength: 12 })) }),
        response: { 200: Type.Array(GasTotals) },
      },
    },
    async (request) => {
      let year: number | undefined
      let company: number | undefined
      try {
        year = parseFilterValue({ name: 'year', kind: 'year', column: 'year' }, request.query.year ?? '') as number | undefined
        company = parseFilterValue({ name: 'company', kind: 'id', column: 'company_id' }, request.query.company ?? '') as number | undefined
      } catch (error) {
        if (error instanceof FilterError) throw badRequest(error.message, error.parameter)
        throw error
      }
      return categoryTotals(app.db, { year, company })
    },
  )
}
