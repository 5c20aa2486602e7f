// The commands the background workers call (file-check, file-delete jobs): idempotent, one result per file. They
// compose the file stream's command with the notifications' writer (a file's check tells its people), as the other
// use-cases do, so the stream's folder imports no notifications.
import type { Kysely, Transaction } from 'kysely'
import type { Database, FileProblem, PublishedFileRecord } from '@portal/migrations/database.ts'
import { type JobQueue, NO_QUEUE } from '../ports/job-queue.ts'
import { inTransaction, systemMetadata } from '../workflow/command-context.server.ts'
import { handleCommand } from '../workflow/handle-command.server.ts'
import { CommandRefused } from '../workflow/refusal.ts'
import { type FileCommand, fileDecider, NO_FACTS } from '../workflow/files/file-decide.ts'
import { fileStreamId } from '../workflow/files/file-events.ts'
import { writeNotices } from '../notifications/notice-writer.server.ts'
import { notifyDepartmentOfFailedPublication } from '../notifications/notify-failed-publication.server.ts'
import { publicationDecider } from '../workflow/publication/publication-decide.ts'
import { publicationStreamId } from '../workflow/publication/publication-events.ts'

export interface WorkerCommandOptions {
  /** The time of the result; defaults to now (workers are the edge of the system, where time is read). */
  now?: Date
  /** The queue the letters of the result are sent through (a file's check tells its people); none in tests and tools. */
  queue?: JobQueue
}


async function recordOnFile(db: Kysely<Database>, fileId: number, command: FileCommand, options: WorkerCommandOptions): Promise<boolean> {
  const attempt = async () => {
    const context = { db, queue: options.queue ?? NO_QUEUE, storageDir: '', actor: null, requestId: null, clientAddress: null, now: options.now ?? new Date(), notices: writeNotices }
    const { events } = await handleCommand(context, { decider: fileDecider, streamId: fileStreamId(fileId), command, facts: () => NO_FACTS, metadata: systemMetadata('worker') })
    return events.length > 0
  }
  try {
    return await attempt()
  } catch (error) {
    // Another run of the same job won the race: read again, and the result is already there (or still valid).
    if (error instanceof CommandRefused && error.refusal.reason === 'lost-race') return attempt()
    throw error
  }
}

/**
 * processing → success (ok, with its warnings kept on the file) or error (with the errors, then the warnings). A file no longer in processing is left
 * alone, so a job that runs twice records one result. Returns whether an event was recorded.
 */
export function recordFileChecked(
  db: Kysely<Database>,
  input: { fileId: number; ok: boolean; problems: FileProblem[]; warnings?: FileProblem[] },
  options: WorkerCommandOptions = {},
): Promise<boolean> {
  const warnings = (input.warnings ?? []).map((w) => ({ ...w, level: 'warning' as const }))
  return recordOnFile(db, input.fileId, { type: 'RecordFileCheck', data: { ok: input.ok, problems: input.ok ? [] : input.problems, warnings } }, options)
}

/** deletion → deleted, after the worker removed the bytes; idempotent like recordFileChecked. */
export function recordFileDeleted(db: Kysely<Database>, input: { fileId: number }, options: WorkerCommandOptions = {}): Promise<boolean> {
  return recordOnFile(db, input.fileId, { type: 'RecordFileDeleted' }, options)
}

/**
 * What the report's publication made public, recorded in the log in the publication's own transaction (`trx`): the
 * public rows and their record change together (decision 3310). Records nothing when the stream already says the same.
 */
export async function recordReportPublication(trx: Transaction<Database>, input: { reportId: number; files: PublishedFileRecord[] }, options: WorkerCommandOptions = {}): Promise<boolean> {
  const context = { db: trx, queue: options.queue ?? NO_QUEUE, storageDir: '', actor: null, requestId: null, clientAddress: null, now: options.now ?? new Date(), notices: writeNotices }
  const { events } = await handleCommand(context, {
    decider: publicationDecider,
    streamId: publicationStreamId(input.reportId),
    command: { type: 'RecordPublication', data: input },
    facts: () => null,
    metadata: systemMetadata('worker'),
  })
  return events.length > 0
}

/**
 * A publication that gave up (its job's retries ran out): recorded in the log, its reason shown on the report, and
 * the Department told, once per reason. Nothing of the catalogue changes: the agreed files and their staged rows stay
 * as they were, so a later run (a retry once the cause is fixed) publishes them.
 */
export async function recordPublicationFailed(db: Kysely<Database>, input: { reportId: number; reason: string }, options: WorkerCommandOptions = {}): Promise<boolean> {
  return inTransaction(db, async (trx) => {
    const staged = await trx.selectFrom('import_staged_rows').select((eb) => eb.fn.countAll<number>().as('n')).where('report_id', '=', input.reportId).executeTakeFirst()
    const context = { db: trx, queue: options.queue ?? NO_QUEUE, storageDir: '', actor: null, requestId: null, clientAddress: null, now: options.now ?? new Date(), notices: writeNotices }
    const { stored } = await handleCommand(context, {
      decider: publicationDecider,
      streamId: publicationStreamId(input.reportId),
      command: { type: 'RecordPublicationFailure', data: { reportId: input.reportId, staged: Number(staged?.n ?? 0), reason: input.reason } },
      facts: () => null,
      metadata: systemMetadata('worker'),
    })
    if (stored.length > 0) await notifyDepartmentOfFailedPublication(trx, input.reportId, stored[0].position)
    return stored.length > 0
  })
}
