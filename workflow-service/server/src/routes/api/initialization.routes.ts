// /api/v1/initialization/: who is logged in (the shell's user info) and the point category lists.
import { Type } from 'typebox'
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { userInfo, valueOrRefuse } from '@portal/workflow-domain/views.ts'
import { useCaseContextOf } from './use-case-context.server.ts'

const Nullable = <T extends ReturnType<typeof Type.String>>(t: T) => Type.Union([t, Type.Null()])
const CategoryList = Type.Array(Type.Object({ id: Type.String(), name: Type.String() }))

export const initializationRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/initialization/',
    {
      schema: {
        summary: 'Сведения о пользователе и категории пунктов наблюдения',
        querystring: Type.Object({}, { additionalProperties: false }),
        response: {
          200: Type.Object({
            user: Type.Object({
              username: Nullable(Type.String()),
              group: Nullable(Type.String()),
              groups: Type.Array(Type.String()),
              company: Type.Union([Type.Integer(), Type.Null()]),
              admin: Nullable(Type.String()),
              logout: Nullable(Type.String()),
            }),
            categories: Type.Object({
              geochemical: CategoryList,
              geobotanical: CategoryList,
              radionuclides: CategoryList,
              hydrological: CategoryList,
            }),
          }),
        },
      },
    },
    async (request, reply) => {
      // Personal answer: never stored by a shared cache.
      reply.header('cache-control', 'private, no-store')
      return { user: userInfo(request.user), categories: valueOrRefuse(await app.useCases.catalogue.pointCategoryLists(useCaseContextOf(request), {})) }
    },
  )
}
