// DELETE /api/v1/measures-points/{id}/: Department and Administrator only; 400 while the point holds data of agreed
// reports ('имеются согласованные отчёты'), JSON 404 for a missing point, 204 when deleted.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { assertCan } from '../../auth/permissions.ts'
import { deleteMeasuresPoint } from '../../catalogue/measures-point-deletion.server.ts'
import { badRequest, notFound } from '../../plugins/errors.server.ts'
import { IdParams } from './catalogue.routes.ts'

export const measuresPointsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.delete('/measures-points/:id/', { schema: { params: IdParams } }, async (request, reply) => {
    assertCan(request.user, 'delete:measures-point:any')
    const result = await deleteMeasuresPoint(app.db, request.params.id)
    if (result.status === 'not-found') throw notFound('Пункт наблюдения не найден.')
    if (result.status === 'refused') throw badRequest(`Ошибка удаления пункта наблюдения: ${result.reason}.`)
    return reply.status(204).send()
  })
}
