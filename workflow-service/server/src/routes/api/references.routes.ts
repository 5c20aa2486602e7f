// Reference and navigation endpoints: /references/, /administrative-region/, /get-sections/, and the greenhouse
// categories report (sums per category for a year and company). Each route parses, calls its use-case
// (`use-cases/catalogue-use-cases.server.ts`) and shapes the answer; the home page's sections are a constant.
import { Type } from 'typebox'
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { Text, valueOrRefuse } from '@portal/workflow-domain/views.ts'
import { GASES } from '@portal/workflow-domain/commands.server.ts'
import { SECTION_MAX_LENGTH, sectionTiles } from '@portal/workflow-domain/registry.ts'
import { useCaseContextOf } from './use-case-context.server.ts'

const ReferenceItem = Type.Object({ id: Type.Union([Type.Integer(), Type.String()]), name: Type.String() })
const GasTotals = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  ...Object.fromEntries(GASES.map((gas) => [gas, Type.Number()])),
})

export const referencesRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const catalogue = app.useCases.catalogue
  app.get(
    '/references/',
    {
      schema: {
        summary: 'Справочники для фильтров и списки лет (<таблица>_years)',
        querystring: Type.Object({}),
        response: { 200: Type.Record(Type.String(), Type.Array(Type.Union([ReferenceItem, Type.Integer()]))) },
      },
    },
    async (request) => valueOrRefuse(await catalogue.references(useCaseContextOf(request), {})),
  )

  app.get(
    '/administrative-region/',
    { schema: { summary: 'Административные районы', querystring: Type.Object({ is_filter: Type.Optional(Type.Boolean()) }), response: { 200: Type.Array(ReferenceItem) } } },
    async (request) => valueOrRefuse(await catalogue.administrativeRegions(useCaseContextOf(request), { filter: request.query.is_filter === true })),
  )

  app.get(
    '/get-sections/',
    {
      schema: {
        summary: 'Разделы главной страницы',
        querystring: Type.Object({ section: Type.Optional(Text({ maxLength: SECTION_MAX_LENGTH })) }),
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
    // The year and company are parsed like the catalogue's filters, so a bad one is the same 400 naming it.
    async (request) => valueOrRefuse(await catalogue.greenhouseCategoryReport(useCaseContextOf(request), { year: request.query.year, company: request.query.company })),
  )
}
