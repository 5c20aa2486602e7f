// The file-delete job: removes a file's bytes, staged and published rows, then records the file as deleted.
import { recordFileDeleted, removeStoredFile } from '@portal/workflow-domain/commands.server.ts'
import type { JobDependencies } from '../job-dependencies.ts'
import { PermanentJobError } from '@portal/workflow-domain/ports.ts'
import { clearStagedRows, withdrawFile } from '../publication/staged-rows.server.ts'
import { fileIdOf, type FileJobData } from './file-check-job.server.ts'

export function fileDeleteJob({ db, config, log }: JobDependencies) {
  return {
    async handle(data: FileJobData): Promise<void> {
      const fileId = fileIdOf(data)
      const file = await db.selectFrom('import_files').select(['storage_key', 'status']).where('id', '=', fileId).executeTakeFirst()
      if (!file) throw new PermanentJobError(`import file ${fileId} does not exist`)
      if (file.status !== 'deletion' && file.status !== 'deleted') return
      await db.transaction().execute(async (trx) => {
        await withdrawFile(trx, fileId)
        await clearStagedRows(trx, fileId)
      })
      await removeStoredFile(config.storageDir, file.storage_key)
      await recordFileDeleted(db, { fileId })
      log.info({ fileId }, 'file deleted')
    },
  }
}
