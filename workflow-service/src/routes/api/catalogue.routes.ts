// /api/v1/<slug>/ and /api/v1/<slug>/{id}/ of every type of the catalogue registry, derived from its declaration:
// the declared filters (each value checked, 400 naming the parameter), ordering, limit/offset paging, JSON 404.
import { Type } from '@sinclair/typebox'
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { filterParameter, orderingParameter } from '../../catalogue/filter-schema.ts'
import { FilterError, parseFilters } from '../../catalogue/filters.ts'
import { parseOrdering } from '../../catalogue/ordering.ts'
import { IdParams } from '../../http/params.ts'
import { recordsExport } from '../../catalogue/export-records.server.ts'
import { findRecord, listRecords } from '../../catalogue/query.server.ts'
import { FormatQuery, isFileFormat, type ListFormat } from '../../exports/export-formats.ts'
import { sendExport } from '../../exports/send-export.server.ts'
import { pageSchema, recordSchema } from '../../catalogue/record-schema.ts'
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
  for (const filter of type.filters) props[filter.name] = Type.Optional(Type.Unsafe<string>(filterParameter(filter)))
  return Type.Object({ ...props, ordering: Type.Optional(Type.Unsafe<string>(orderingParameter(type))), ...PagingQuery, ...FormatQuery })
}

/** The filters and ordering of a list request, or a 400 naming the bad parameter. */
export function listRequestOf(type: CatalogueType, query: Record<string, unknown>) {
  try {
    return { filters: parseFilters(type, query), ordering: parseOrdering(type, typeof query.ordering === 'string' ? query.ordering : undefined) }
  } catch (error) {
    if (error instanceof FilterError) throw badRequest(error.message, error.parameter)
    throw error
  }
}

export const catalogueRoutes: FastifyPluginAsyncTypebox = async (app) => {
  for (const type of servedTypes()) {
    const record = recordSchema(type)
    app.get(
      `/${type.slug}/`,
      { schema: { summary: type.title, querystring: listQuerySchema(type), response: { 200: pageSchema(record) } } },
      async (request, reply) => {
        const { limit, offset } = pageWindow(request.query as { limit?: number; offset?: number })
        const { filters, ordering } = listRequestOf(type, request.query as Record<string, unknown>)
        const format = (request.query as { format?: ListFormat }).format
        if (isFileFormat(format)) {
          return sendExport(reply, { format, name: type.slug, sheet: type.title, ...recordsExport(app.db, type, filters, ordering) })
        }
        const page = await listRecords(app.db, type, filters, limit, offset, ordering)
        return toPage(request, page.results, page.count, limit, offset)
      },
    )

    // §7: a card of a type with kinds (areas, measuring points) may be asked for as one of a kind: a bad kind is a
    // 400 naming it, a record of another kind is not found.
    const kindFilter = type.filters.find((f) => f.name === 'kind' && f.kind === 'enum')
    app.get(
      `/${type.slug}/:id/`,
      {
        schema: {
          summary: `${type.title}: одна запись`,
          params: IdParams,
          querystring: Type.Object(kindFilter ? { kind: Type.Optional(Type.Unsafe<string>(filterParameter(kindFilter))) } : {}),
          response: { 200: record },
        },
      },
      async (request) => {
        const kind = kindFilter ? listRequestOf({ ...type, filters: [kindFilter] }, request.query as Record<string, unknown>).filters.kind : undefined
        const found = await findRecord(app.db, type, request.params.id)
        if (!found || (kind !== undefined && found.kind !== kind)) throw notFound(`${type.title}: запись ${request.params.id} не найдена.`)
        return found
      },
    )
  }
}
