// The REST API under /api/v1/: every route plugin of the contract (spec §7 of both documents).
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { catalogueRoutes } from './catalogue.routes.ts'
import { companiesRoutes } from './companies.routes.ts'
import { exceedancesRoutes } from './exceedances.routes.ts'
import { readingSourceRoutes } from './reading-source.routes.ts'
import { initializationRoutes } from './initialization.routes.ts'
import { measuresPointsRoutes } from './measures-points.routes.ts'
import { notificationsRoutes } from './notifications.routes.ts'
import { referencesRoutes } from './references.routes.ts'
import { reportTemplateFilesRoutes } from './report-template-files.routes.ts'
import { searchRoutes } from './search.routes.ts'
import { transparencyRoutes } from './transparency.routes.ts'
import { usersRoutes } from './users.routes.ts'
import { workflowRoutes } from './workflow.routes.ts'

export const apiRoutes: FastifyPluginAsyncTypebox = async (app) => {
  await app.register(companiesRoutes)
  await app.register(catalogueRoutes)
  await app.register(referencesRoutes)
  await app.register(measuresPointsRoutes)
  await app.register(initializationRoutes)
  await app.register(usersRoutes)
  await app.register(notificationsRoutes)
  await app.register(workflowRoutes)
  await app.register(reportTemplateFilesRoutes)
  await app.register(searchRoutes)
  await app.register(exceedancesRoutes)
  await app.register(readingSourceRoutes)
  await app.register(transparencyRoutes)
}
