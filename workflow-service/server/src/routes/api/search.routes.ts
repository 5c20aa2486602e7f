// GET /api/v1/search/?q=…: the site search over companies, areas, measuring points, water objects and substances
// (ё and е alike, names by their words' other forms too, companies by ИНН, areas by licence, points by code).
import { Type } from 'typebox'
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { Text, valueOrRefuse } from '@portal/workflow-domain/views.ts'
import { useCaseContextOf } from './use-case-context.server.ts'

const Hit = Type.Object({
  id: Type.Union([Type.Integer(), Type.Null()]),
  name: Type.String(),
  details: Type.Union([Type.String(), Type.Null()]),
  kind: Type.String({ description: "company, water, substance, or the area's or point's kind" }),
  system_id: Type.Optional(Type.Union([Type.Integer(), Type.Null()], { description: 'Система наблюдений водного объекта' })),
})
const Group = Type.Object({ count: Type.Integer({ description: 'Сколько найдено всего' }), results: Type.Array(Hit) })
const SearchAnswer = Type.Object({ query: Type.String(), companies: Group, areas: Group, points: Group, water: Group, substances: Group })

export const searchRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/search/',
    {
      schema: {
        summary: 'Поиск по сайту: предприятия (и по ИНН), участки (и по лицензии), пункты наблюдения (и по коду), водные объекты и вещества (е и ё не различаются)',
        querystring: Type.Object(
          {
            q: Text({ maxLength: 200 }),
            limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 50, default: 10, description: 'Сколько результатов каждого вида' })),
          },
          { additionalProperties: false },
        ),
        response: { 200: SearchAnswer },
      },
    },
    // The query is normalised in the use-case, which refuses one shorter than two characters (400 naming `q`).
    async (request) => valueOrRefuse(await app.useCases.catalogue.search(useCaseContextOf(request), { q: request.query.q, limit: request.query.limit ?? 10 })),
  )
}
