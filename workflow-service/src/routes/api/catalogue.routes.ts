// /api/v1/<slug>/ and /api/v1/<slug>/{id}/ of every type of the catalogue registry, derived from its declaration:
// the declared filters (each value checked, 400 naming the parameter), limit/offset paging, JSON 404.
import { Type } from '@sinclair/typebox'
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { FilterError, parseFilters } from '../../catalogue/filters.ts'
import { IdParams, Text } from '../../http/params.ts'
import { findRecord, listRecords } from '../../catalogue/query.server.ts'
import { catalogueTypes, type CatalogueType } from '../../catalogue/registry/index.ts'
import { PagingQuery, pageWindow, toPage } from '../../http/paging.ts'
import { badRequest, notFound } from '../../plugins/errors.server.ts'

export { IdParams }

/** Slugs whose list and card have a route of their own (companies: the workflow adds report_status). */
const OWN_ROUTES = new Set(['companies'])

/** Types whose list and detail are served here: every type of the registry but those with their own routes. */
export function servedTypes(): readonly CatalogueType[] {
  return catalogueTypes.filter((t) => !OWN_ROUTES.has(t.slug))
}

export function listQuerySchema(type: CatalogueType) {
  const props: Record<string, ReturnType<typeof Type.Optional>> = {}
  for (const filter of type.filters) props[filter.name] = Type.Optional(Text({ maxLength: 2000 }))
  return Type.Object({ ...props, ...PagingQuery })
}

export const catalogueRoutes: FastifyPluginAsyncTypebox = async (app) => {
  for (const type of servedTypes()) {
    app.get(`/${type.slug}/`, { schema: { querystring: listQuerySchema(type) } }, async (request) => {
      const { limit, offset } = pageWindow(request.query as { limit?: number; offset?: number })
      let filters
      try {
        filters = parseFilters(type, request.query as Record<string, unknown>)
      } catch (error) {
        if (error instanceof FilterError) throw badRequest(error.message, error.parameter)
        throw error
      }
      const page = await listRecords(app.db, type, filters, limit, offset)
      return toPage(request, page.results, page.count, limit, offset)
    })

    app.get(
      `/${type.slug}/:id/`,
      { schema: { params: IdParams, querystring: Type.Object({ kind: Type.Optional(Text({ maxLength: 100 })) }) } },
      async (request) => {
        const record = await findRecord(app.db, type, request.params.id)
        if (!record) throw notFound(`${type.title}: запись ${request.params.id} не найдена.`)
        return record
      },
    )
  }
}
