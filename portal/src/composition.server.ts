// The composition root: the one place that knows both sides, wiring the web app (Fastify + Remix) to the workers'
// implementations of the ports that workflow-service declares (queue, report templates, the templates' seed step).
import type { Kysely } from 'kysely'
import type { Database } from '@portal/migrations/database.ts'
import type { Config } from '@portal/workflow-service/config.ts'
import type { JobQueue } from '@portal/workflow-service/ports/job-queue.ts'
import type { ReportTemplateFiles } from '@portal/workflow-service/ports/report-templates.ts'
import type { SeedStep } from '@portal/workflow-service/seed/seed-context.ts'
import { runSeed, seedWhenEmpty, type SeedOptions } from '@portal/workflow-service/seed/seed.server.ts'
import type { Logger } from '@portal/workers/jobs.ts'
import { createQueue } from '@portal/workers/queue/create-queue.ts'
import { filePrechecks } from '@portal/workers/files/precheck-file.server.ts'
import { reportTemplatesSeed } from '@portal/workers/templates/report-templates-seed.ts'
import { findTemplate, renderTemplate, targetLists, templateBytes } from '@portal/workers/templates/report-templates.server.ts'

/** The templates the API serves for download, made from the workers' import specs. */
export const reportTemplateFiles: ReportTemplateFiles = {
  find(filename) {
    const template = findTemplate(filename)
    return (
      template && {
        downloadName: template.downloadName,
        bytes: (year) => templateBytes(template, year),
        bytesFor: async (db, target, year) => renderTemplate(template, await targetLists(db, template, target), year),
      }
    )
  },
}

/** The check of a file before it is sent, run like an upload's check. */
export { filePrechecks }

/** The demo data's steps that live on the workers' side, run after the domain's own. */
export const workerSeedSteps: readonly SeedStep[] = [reportTemplatesSeed]

/** The demo data set with every step (the domain's and the workers'). */
export const seedPortal = (db: Kysely<Database>, options: SeedOptions) => runSeed(db, { ...options, extraSteps: workerSeedSteps })
export const seedPortalWhenEmpty = (db: Kysely<Database>, options: SeedOptions) => seedWhenEmpty(db, { ...options, extraSteps: workerSeedSteps })

/** The queue of the configuration: pg-boss on the portal's database, BullMQ when REDIS_URL is set. */
export function openQueue(config: Config, databaseUrl: string, supervise: boolean, log: Logger): Promise<JobQueue> {
  return createQueue({ url: databaseUrl, redisUrl: config.redisUrl, redisPrefix: config.redisPrefix, supervise, onError: (error) => log.error({ err: error }, 'queue error') })
}
