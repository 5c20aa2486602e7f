import { JOBS } from '@portal/workflow-domain/ports.ts'
import { rmSync } from 'node:fs'
import { sql } from 'kysely'
import { afterAll, describe, expect, it, vi } from 'vitest'
import { storedFilePath } from '@portal/workflow-domain/commands.server.ts'
import { useTestApp } from '../../test-support/test-app.ts'
import { GAVE_UP } from '../src/files/file-check-job.server.ts'
import { uploadSpecOf } from '@portal/workflow-domain/registry.ts'
import { jobPolicies } from '../src/jobs.ts'
import { createQueue } from '../src/queue/create-queue.ts'
import type { JobQueue } from '@portal/workflow-domain/ports.ts'
import { startWorkers } from '../src/start-workers.ts'
import { tempFolder, writeCsv } from './support/fixture-files.ts'
import { actorOf, commandContext, prepareAreaReport, uploadStored } from './support/workflow-fixture.ts'

const t = useTestApp()
const folder = tempFolder()
let workers: JobQueue | undefined
afterAll(async () => {
  await workers?.stop()
  folder.remove()
})

describe('a file check that keeps failing', () => {
  it('is retried with backoff, then given up: the file ends as error with the reason, never retried forever', async () => {
    const context = commandContext(t.database.db, t.queue, t.app.config.storageDir, await actorOf(t.database.db, 'holder1'))
    const report = await prepareAreaReport(context, 'observation_results')
    const header = uploadSpecOf('observation_results').columns.map((c) => c.header)
    const fileId = await uploadStored(context, report.reportId, writeCsv(folder.file('lost.csv'), [header]), 'lost.csv')
    // Storage lost the bytes before any worker ran: every attempt fails the same way.
    const { storage_key } = await t.database.db.selectFrom('import_files').select('storage_key').where('id', '=', fileId).executeTakeFirstOrThrow()
    rmSync(storedFilePath(t.app.config.storageDir, storage_key))

    // The production retry count with short delays, so the test waits seconds rather than minutes.
    const policies = jobPolicies.map((p) => ({ ...p, retryDelaySeconds: 1 }))
    await sql`UPDATE pgboss.job SET retry_delay = 1 WHERE name = ${JOBS.fileCheck}`.execute(t.database.db)
    workers = await createQueue({ url: t.database.url, supervise: true, superviseIntervalSeconds: 1, policies })
    await startWorkers(workers, { db: t.database.db, config: t.app.config, log: { info() {}, warn() {}, error() {} } })

    await vi.waitFor(
      async () => {
        const file = await t.database.db.selectFrom('import_files').select(['status', 'problems']).where('id', '=', fileId).executeTakeFirstOrThrow()
        expect(file.status).toBe('error')
        expect(file.problems).toEqual([{ reason: GAVE_UP }])
      },
      { timeout: 60_000, interval: 250 },
    )
    const job = await sql<{ state: string; retry_count: number; retry_limit: number }>`
      SELECT state, retry_count, retry_limit FROM pgboss.job WHERE name = ${JOBS.fileCheck} AND data->>'fileId' = ${String(fileId)}`.execute(t.database.db)
    expect(job.rows).toEqual([{ state: 'failed', retry_count: 3, retry_limit: 3 }])
  }, 90_000)
})
