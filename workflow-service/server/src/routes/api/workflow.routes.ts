// The report workflow's part of the API: responsible persons, reports, files, history (with multipart for uploads).
import multipart from '@fastify/multipart'
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { importFilesRoutes } from './import-files.routes.ts'
import { reportChangesRoutes } from './report-changes.routes.ts'
import { importReportsRoutes } from './import-reports.routes.ts'
import { reportHistoryRoutes } from './report-history.routes.ts'
import { reportMessagesRoutes } from './report-messages.routes.ts'
import { responsiblesRoutes } from './responsibles.routes.ts'

export const workflowRoutes: FastifyPluginAsyncTypebox = async (app) => {
  // Size is checked while streaming (413 with the spec's message), so the plugin does not throw on its own.
  await app.register(multipart, { throwFileSizeLimit: false })
  await app.register(responsiblesRoutes)
  await app.register(importReportsRoutes)
  await app.register(reportMessagesRoutes)
  await app.register(reportChangesRoutes)
  await app.register(importFilesRoutes)
  await app.register(reportHistoryRoutes)
}
