// The composition root: the one place that knows both sides, wiring the web app (Fastify + Remix) to the workers'
// implementations of the ports that workflow-service declares (queue, report templates, the templates' seed step).
import type { Kysely } from 'kysely'
import type { Database } from '@portal/migrations/database.ts'
import type { Config, SeedStep } from '@portal/workflow-server/service.server.ts'
import type { JobQueue, ReportTemplateFiles } from '@portal/workflow-domain/ports.ts'
import { copiesForward } from '@portal/workflow-domain/registry.ts'
import { runSeed, seedWhenEmpty, type SeedOptions } from '@portal/workflow-server/service.server.ts'
import type { Logger } from '@portal/workers/workers.server.ts'
import { createQueue, filePrechecks, reportTemplatesSeed, findTemplate, targetTemplateBytes, templateBytes } from '@portal/workers/workers.server.ts'

/** The templates the API serves for download, made from the workers' import specs. */
export const reportTemplateFiles: ReportTemplateFiles = {
  find(filename) {
    const template = findTemplate(filename)
    return (
      template && {
        downloadName: template.downloadName,
        bytes: (year) => templateBytes(template, year),
        bytesFor: (db, target, year, options) => targetTemplateBytes(db, template, target, year, options),
        copiesForward: copiesForward(template),
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
  return createQueue({
    url: databaseUrl,
    redisUrl: config.redisUrl,
    redisPrefix: config.redisPrefix,
    bullmqLockSeconds: config.bullmqLockSeconds,
    supervise,
    onError: (error) => log.error({ err: error }, 'queue error'),
  })
}
