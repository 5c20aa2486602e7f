// The commands the background workers call (file-check, file-delete jobs): idempotent, one result per file.
import type { Kysely } from 'kysely'
import type { Database, FileProblem } from '@portal/migrations/database.ts'
import { readStream } from '../../event-store/event-store.server.ts'
import { appendAndProject, inTransaction, systemMetadata } from '../command-context.server.ts'
import { storedFilePath } from '../storage/file-storage.server.ts'
import { decideFile, foldFile, type FileCommand } from './file-decide.ts'
import { type FileEvent, fileStreamId } from './file-events.ts'

export interface WorkerCommandOptions {
  /** The time of the result; defaults to now (workers are the edge of the system, where time is read). */
  now?: Date
}

async function recordOnFile(db: Kysely<Database>, fileId: number, command: FileCommand, options: WorkerCommandOptions): Promise<boolean> {
  const attempt = () =>
    inTransaction(db, async (trx) => {
      const streamId = fileStreamId(fileId)
      const state = foldFile((await readStream(trx, streamId)) as unknown as FileEvent[])
      const events = decideFile(state, command)
      if (events.length === 0) return false
      await appendAndProject(trx, streamId, state.version, events, systemMetadata('worker'), options.now ?? new Date())
      return true
    })
  try {
    return await attempt()
  } catch (error) {
    // Another run of the same job won the race: read again, and the result is already there (or still valid).
    if ((error as { statusCode?: number }).statusCode === 409) return attempt()
    throw error
  }
}

/**
 * processing → success (ok) or error (with the problems kept on the file). A file no longer in processing is left
 * alone, so a job that runs twice records one result. Returns whether an event was recorded.
 */
export function recordFileChecked(
  db: Kysely<Database>,
  input: { fileId: number; ok: boolean; problems: FileProblem[] },
  options: WorkerCommandOptions = {},
): Promise<boolean> {
  return recordOnFile(db, input.fileId, { type: 'RecordFileCheck', data: { ok: input.ok, problems: input.ok ? [] : input.problems } }, options)
}

/** deletion → deleted, after the worker removed the bytes; idempotent like recordFileChecked. */
export function recordFileDeleted(db: Kysely<Database>, input: { fileId: number }, options: WorkerCommandOptions = {}): Promise<boolean> {
  return recordOnFile(db, input.fileId, { type: 'RecordFileDeleted' }, options)
}

/** The absolute path of an import file's bytes under config.storageDir, or null for an unknown file. */
export async function resolveImportFilePath(db: Kysely<Database>, storageDir: string, fileId: number): Promise<string | null> {
  const file = await db.selectFrom('import_files').select('storage_key').where('id', '=', fileId).executeTakeFirst()
  return file ? storedFilePath(storageDir, file.storage_key) : null
}
