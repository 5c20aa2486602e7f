// Reference and navigation endpoints: /references/, /administrative-region/, /get-sections/, and the greenhouse
// categories report (sums per category for a year and company).
import { Type } from '@sinclair/typebox'
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { sql } from 'kysely'
import { FilterError, parseFilterValue } from '../../catalogue/filters.ts'
import { administrativeRegions, references, regionFilterList } from '../../catalogue/references.server.ts'
import { sectionTiles } from '../../catalogue/sections.ts'
import { badRequest } from '../../plugins/errors.server.ts'

export const referencesRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get('/references/', { schema: { querystring: Type.Object({}) } }, async () => references(app.db))

  app.get(
    '/administrative-region/',
    { schema: { querystring: Type.Object({ is_filter: Type.Optional(Type.Boolean()) }) } },
    async (request) => (request.query.is_filter ? regionFilterList(app.db) : administrativeRegions(app.db)),
  )

  app.get(
    '/get-sections/',
    { schema: { querystring: Type.Object({ section: Type.Optional(Type.String({ maxLength: 300 })) }) } },
    async (request) => {
      const section = request.query.section?.trim() || null
      // A license holder's start page is their own company: the shell sends them there when this list is empty.
      const holder = request.user?.groups.includes('Недропользователь') && request.user.companyId !== null
      return { section, results: holder && !section ? [] : sectionTiles(section) }
    },
  )

  app.get(
    '/greenhouse-gases-categories/reports/',
    { schema: { querystring: Type.Object({ year: Type.Optional(Type.String({ maxLength: 10 })), company: Type.Optional(Type.String({ maxLength: 12 })) }) } },
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
      const { rows } = await sql<Record<string, number | string>>`
        SELECT c.id, c.name,
          round(coalesce(sum(g.co2), 0)::numeric, 3) AS co2, round(coalesce(sum(g.ch4), 0)::numeric, 3) AS ch4,
          round(coalesce(sum(g.n2o), 0)::numeric, 3) AS n2o, round(coalesce(sum(g.sf6), 0)::numeric, 3) AS sf6,
          round(coalesce(sum(g.c2f6), 0)::numeric, 3) AS c2f6, round(coalesce(sum(g.chf3), 0)::numeric, 3) AS chf3,
          round(coalesce(sum(g.cf4), 0)::numeric, 3) AS cf4, round(coalesce(sum(g.total), 0)::numeric, 3) AS total
        FROM greenhouse_categories c
        LEFT JOIN greenhouse_gases g ON g.greenhouse_category_id = c.id
          ${year !== undefined ? sql`AND g.year = ${year}` : sql``}
          ${company !== undefined ? sql`AND g.company_id = ${company}` : sql``}
        GROUP BY c.id, c.name ORDER BY c.id`.execute(app.db)
      return rows
    },
  )
}
