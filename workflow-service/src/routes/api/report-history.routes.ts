// /api/v1/report-history/: the change history of a company's reports (Department only), sorted by created.
import { Type } from '@sinclair/typebox'
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { HistoryEntryAnswer, PageOf } from './workflow-schemas.ts'
import { assertCan } from '../../auth/permissions.ts'
import { Id } from '../../http/params.ts'
import { PagingQuery, pageWindow, toPage } from '../../http/paging.ts'
import { listHistory } from '../../workflow/history/history-queries.server.ts'

export const reportHistoryRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/report-history/',
    {
      schema: {
        querystring: Type.Object({ company: Id, ...PagingQuery }, { additionalProperties: false }),
        response: { 200: PageOf(HistoryEntryAnswer) },
      },
    },
    async (request) => {
      assertCan(request.user, 'read:history:any')
      const { limit, offset } = pageWindow(request.query)
      const page = await listHistory(app.db, request.query.company, limit, offset)
      return toPage(request, page.results, page.count, limit, offset)
    },
  )
}
