// What every job handler is given: the database, the configuration and a logger. Its own file, so the jobs' list
// (jobs.ts) imports the job files and no job file imports the list.
import type { Kysely } from 'kysely'
import type { Database } from '@portal/migrations/database.ts'
import type { Config } from '@portal/workflow-server/service.server.ts'
import type { JobQueue } from '@portal/workflow-domain/ports.ts'

export interface Logger {
  info(message: string): void
  info(object: object, message: string): void
  warn(object: object, message: string): void
  error(object: object, message: string): void
}

export interface JobDependencies {
  db: Kysely<Database>
  config: Config
  log: Logger
  /** The queue the jobs' own commands send their jobs through (a file's check result sends its letters). */
  queue?: JobQueue
}
