// Every use-case of the portal, made once per process: the API's routes and the pages' loaders and actions get the
// same objects (the pages through their load context, without any database handle).
import type { Kysely } from 'kysely'
import type { Database } from '@portal/migrations/database.ts'
import { catalogueUseCases } from './catalogue-use-cases.server.ts'
import { sensorThingsUseCases } from './sensor-things-use-cases.server.ts'
import { transparencyUseCases } from './transparency-use-cases.server.ts'
import type { JobQueue } from '../ports/job-queue.ts'
import type { FilePrechecks, PrecheckBudget } from '../ports/file-prechecks.ts'
import { accountUseCases } from './account-use-cases.server.ts'
import { notificationUseCases } from './notification-use-cases.server.ts'
import { referenceUseCases } from './reference-use-cases.server.ts'
import { workflowUseCases } from './workflow-use-cases.server.ts'
import { uploadStorage } from './upload-storage.server.ts'
import { writeNotices } from '../notifications/notice-writer.server.ts'

export function portalUseCases(given: { db: Kysely<Database>; queue: JobQueue; storageDir: string; departmentName?: string; prechecks?: FilePrechecks; precheckBudget?: PrecheckBudget }) {
  // The commands' notices are the notifications' writer: the command pipeline is handed it here, not importing it.
  const services = { ...given, notices: writeNotices }
  return {
    catalogue: catalogueUseCases(services.db),
    sensorThings: sensorThingsUseCases(services.db),
    transparency: transparencyUseCases(services.db),
    workflow: workflowUseCases(services),
    accounts: accountUseCases(services.db),
    notifications: notificationUseCases(services.db),
    reference: referenceUseCases(services),
    uploads: uploadStorage(services.storageDir),
  }
}

export type PortalUseCases = ReturnType<typeof portalUseCases>
