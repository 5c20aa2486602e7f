// /api/v1/<slug>/ and /api/v1/<slug>/{id}/ of every type of the catalogue registry, derived from its declaration:
// the declared filters (each value checked, 400 naming the parameter), ordering, limit/offset paging, JSON 404.
// Each route parses, calls its use-case (`use-cases/catalogue-use-cases.server.ts`) and shapes the answer.
import { Type } from 'typebox'
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import {
  filterParameter, orderingParameter, pageSchema, recordSchema, catalogueTypes, type CatalogueType,
} from '@portal/workflow-domain/registry.ts'
import {
  IdParams, FormatQuery, GEO_FORMAT, GeoFormatQuery, isFileFormat, type ListFormat, valueOrRefuse,
} from '@portal/workflow-domain/views.ts'
import { sendExport } from '../../exports/send-export.server.ts'
import { sendGeoJson } from '../../exports/send-geojson.server.ts'
import { MAX_PAGE_SIZE, PagingQuery, pageWindow, toPage } from '../../http/paging.ts'
import { useCaseContextOf } from './use-case-context.server.ts'

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
  // A type placed in the registry (`geometry`) also answers GeoJSON; any other refuses `format=geojson` by its schema.
  const format = type.geometry ? GeoFormatQuery : FormatQuery
  return Type.Object({ ...props, ordering: Type.Optional(Type.Unsafe<string>(orderingParameter(type))), ...PagingQuery, ...format })
}

export const catalogueRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const catalogue = app.useCases.catalogue
  for (const type of servedTypes()) {
    const record = recordSchema(type)
    app.get(
      `/${type.slug}/`,
      {
        schema: {
          summary: type.answer === 'array' ? `${type.title}: список` : type.title,
          querystring: listQuerySchema(type),
          response: { 200: type.answer === 'array' ? { type: 'array', items: record } : pageSchema(record) },
        },
      },
      async (request, reply) => {
        const context = useCaseContextOf(request)
        const query = request.query as Record<string, unknown>
        const format = (request.query as { format?: ListFormat | typeof GEO_FORMAT }).format
        if (format === GEO_FORMAT) {
          return sendGeoJson(reply, { name: type.slug, ...valueOrRefuse(await catalogue.listGeoJson(context, { type: type.slug, query })) })
        }
        if (isFileFormat(format)) {
          return sendExport(reply, { format, name: type.slug, sheet: type.title, ...valueOrRefuse(await catalogue.listExport(context, { type: type.slug, query })) })
        }
        if (type.answer === 'array') {
          const { limit, offset } = request.query as { limit?: number; offset?: number }
          const all = valueOrRefuse(await catalogue.list(context, { type: type.slug, query, limit: limit ?? MAX_PAGE_SIZE, offset: offset ?? 0 }))
          return all.results
        }
        const { limit, offset } = pageWindow(request.query as { limit?: number; offset?: number })
        const page = valueOrRefuse(await catalogue.list(context, { type: type.slug, query, limit, offset }))
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
        const { kind } = request.query as { kind?: string }
        return valueOrRefuse(await catalogue.card(useCaseContextOf(request), { type: type.slug, id: request.params.id, ...(kind !== undefined ? { kind } : {}) }))
      },
    )
  }
}
