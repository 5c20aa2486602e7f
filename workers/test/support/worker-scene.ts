// The scene of a worker test: a test app on a database of its own with the real workers started on its queue, the demo
// holder and the Department as actors of the workflow's commands, and a wait for a file's check to end.
import { beforeAll, expect, vi } from 'vitest'
import type { CurrentUser } from '@portal/workflow-domain/views.ts'
import type { CommandContext } from '@portal/workflow-domain/commands.server.ts'
import { useTestApp } from '../../../test-support/test-app.ts'
import { startWorkers } from '../../src/start-workers.ts'
import { actorOf, commandContext } from './workflow-fixture.ts'

/** A log that says nothing, for the workers and jobs a test runs. */
export const silent = { info() {}, warn() {}, error() {} }

export function useWorkerScene(...app: Parameters<typeof useTestApp>) {
  const t = useTestApp(...app)
  const actors = {} as { holder: CurrentUser; department: CurrentUser }
  beforeAll(async () => {
    actors.holder = await actorOf(t.database.db, 'holder1')
    actors.department = await actorOf(t.database.db, 'department')
    await startWorkers(t.queue, { db: t.database.db, config: t.app.config, log: silent })
  })
  const contextOf = (actor: CurrentUser): CommandContext => commandContext(t.database.db, t.queue, t.app.config.storageDir, actor)
  const fileRow = (fileId: number) =>
    t.database.db.selectFrom('import_files').select(['status', 'problems', 'storage_key']).where('id', '=', fileId).executeTakeFirstOrThrow()
  return {
    t,
    holderContext: () => contextOf(actors.holder),
    departmentContext: () => contextOf(actors.department),
    fileRow,
    /** Waits until the file's check has ended in `status`, and answers its row. */
    async settled(fileId: number, status: string, timeout = 60_000) {
      await vi.waitFor(async () => expect((await fileRow(fileId)).status).toBe(status), { timeout, interval: 200 })
      return fileRow(fileId)
    },
  }
}
