import { spawn, type ChildProcess } from 'node:child_process'
import { once } from 'node:events'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { useTestApp } from '../../workflow-service/test/support/test-app.ts'
import { IMPORT_SPECS } from '../src/files/import-spec.ts'
import { countStagedRows } from '../src/publication/staged-rows.server.ts'
import { tempFolder, writeCsv } from './support/fixture-files.ts'
import { actorOf, commandContext, prepareAreaReport, uploadStored } from './support/workflow-fixture.ts'

const t = useTestApp()
const folder = tempFolder()
const children: ChildProcess[] = []
const ROWS = 100_000

afterAll(() => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL')
  folder.remove()
})

/** A worker node in a child process; resolves once it consumes jobs. */
async function startWorkerProcess(): Promise<ChildProcess> {
  const script = path.join(path.dirname(fileURLToPath(import.meta.url)), 'support/worker-child.ts')
  const child = spawn(process.execPath, ['--import', 'tsx', script], {
    env: { ...process.env, DATABASE_URL: t.database.url, STORAGE_DIR: t.app.config.storageDir, REDIS_URL: '', WORKERS: 'on', LOG_LEVEL: 'silent' },
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  children.push(child)
  let output = ''
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (chunk) => {
      output += chunk
      if (output.includes('ready')) resolve()
    })
    child.once('exit', (code) => reject(new Error(`worker exited with ${code} before it was ready: ${output}`)))
  })
  return child
}

describe('a worker killed in the middle of a job', () => {
  let context: ReturnType<typeof commandContext>
  beforeAll(async () => {
    context = commandContext(t.database.db, t.queue, t.app.config.storageDir, await actorOf(t.database.db, 'holder1'))
  })

  it('leaves the job to another worker, which completes it once: one result, every row staged once', async () => {
    const report = await prepareAreaReport(context, 'observation_results')
    const point = report.points.find((p) => p.kind === 'ambient_air')!
    const header = IMPORT_SPECS.observation_results.columns.map((c) => c.header)
    const rows = Array.from({ length: ROWS }, (_, i) => [point.nomenclature, report.year, '', 'Сажа', (i % 1000) / 1000, 'мг/м3', '0,15', ''])
    const file = writeCsv(folder.file('large.csv'), [header, ...rows])

    const first = await startWorkerProcess()
    const fileId = await uploadStored(context, report.reportId, file, 'large.csv')
    // The first batches are staged: the worker is inside the job. Kill it without any chance to clean up.
    await vi.waitFor(async () => expect(await countStagedRows(t.database.db, fileId)).toBeGreaterThan(0), { timeout: 30_000, interval: 20 })
    first.kill('SIGKILL')
    await once(first, 'exit')
    const midway = await countStagedRows(t.database.db, fileId)
    expect(midway).toBeLessThan(ROWS)
    const status = await t.database.db.selectFrom('import_files').select('status').where('id', '=', fileId).executeTakeFirstOrThrow()
    expect(status.status).toBe('processing')

    const second = await startWorkerProcess()
    await vi.waitFor(
      async () => {
        const row = await t.database.db.selectFrom('import_files').select('status').where('id', '=', fileId).executeTakeFirstOrThrow()
        expect(row.status).toBe('success')
      },
      { timeout: 90_000, interval: 250 },
    )
    const results = await sql<{ type: string }>`
      SELECT type FROM events WHERE stream_id = ${`file-${fileId}`} AND type IN ('FileCheckPassed', 'FileCheckFailed')`.execute(t.database.db)
    expect(results.rows).toEqual([{ type: 'FileCheckPassed' }])
    expect(await countStagedRows(t.database.db, fileId)).toBe(ROWS)
    const job = await sql<{ state: string; retry_count: number }>`
      SELECT state, retry_count FROM pgboss.job WHERE name = 'file-check' AND data->>'fileId' = ${String(fileId)}`.execute(t.database.db)
    expect(job.rows).toHaveLength(1)
    expect(job.rows[0].state).toBe('completed')
    expect(job.rows[0].retry_count).toBeGreaterThanOrEqual(1)

    // Workers close on SIGTERM: the node stops its queue and exits cleanly.
    second.kill('SIGTERM')
    const [code] = await once(second, 'exit')
    expect(code).toBe(0)
  }, 150_000)
})
