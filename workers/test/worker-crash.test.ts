import { JOBS, deadLetterName, type JobQueue } from '@portal/workflow-domain/ports.ts'
import { spawn, type ChildProcess } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { once } from 'node:events'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { Queue } from 'bullmq'
import { sql } from 'kysely'
import { afterAll, describe, expect, it, vi } from 'vitest'
import { useTestApp } from '../../test-support/test-app.ts'
import { uploadSpecOf } from '@portal/workflow-domain/registry.ts'
import { jobPolicies } from '../src/jobs.ts'
import { redisConnection } from '../src/queue/bullmq-queue.ts'
import { createQueue } from '../src/queue/create-queue.ts'
import { countStagedRows } from './support/staged-rows.ts'
import { sampledOn, tempFolder, writeCsv } from './support/fixture-files.ts'
import { redisAvailable, TEST_REDIS_URL } from './support/redis-available.ts'
import { actorOf, commandContext, prepareAreaReport, uploadStored } from './support/workflow-fixture.ts'

const redisUp = await redisAvailable()
if (!redisUp) console.warn(`BullMQ worker crash test NOT RUN: no Redis answers at ${TEST_REDIS_URL}`)

const t = useTestApp()
const folder = tempFolder()
const children: ChildProcess[] = []
// Big enough that the kill lands mid-check: the file is staged in batches of 2 000 rows, and the worker is killed as
// soon as the first batch is seen, some 15 batches before the end (asserted below: fewer rows staged, still processing).
// 100 000 rows proved nothing more and cost three times the check.
const ROWS = 30_000

afterAll(() => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL')
  folder.remove()
})

/** A worker node in a child process; resolves once it consumes jobs. */
async function startWorkerProcess(env: Record<string, string>): Promise<ChildProcess> {
  const script = path.join(path.dirname(fileURLToPath(import.meta.url)), 'support/worker-child.ts')
  const child = spawn(process.execPath, ['--import', 'tsx', script], {
    env: { ...process.env, DATABASE_URL: t.database.url, STORAGE_DIR: t.app.config.storageDir, WORKERS: 'on', LOG_LEVEL: process.env.DEBUG_WORKER ? 'info' : 'silent', ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  children.push(child)
  // DEBUG_WORKER=1 shows the workers' lines, to see where a slow run spends its time.
  if (process.env.DEBUG_WORKER) child.stdout!.on('data', (d) => process.stderr.write(`[worker ${child.pid}] ${d}`))
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

async function fileStatus(fileId: number): Promise<string> {
  const row = await t.database.db.selectFrom('import_files').select('status').where('id', '=', fileId).executeTakeFirstOrThrow()
  return row.status
}

/** Kills a worker while it checks a large file, starts another, and shows the check completing once. */
async function crashMidJob(sender: JobQueue, env: Record<string, string>): Promise<number> {
  const context = commandContext(t.database.db, sender, t.app.config.storageDir, await actorOf(t.database.db, 'holder1'))
  // Both queues file into one report: the second large file is checked against the first one's rows.
  const report = await prepareAreaReport(context, 'observation_results')
  const point = report.points.find((p) => p.kind === 'ambient_air')!
  const header = uploadSpecOf('observation_results').columns.map((c) => c.header)
  // Every row a reading of its own: the natural key (point, year, substance, sampling date) repeats nowhere, neither in
  // this file nor in the other queue's file, which stands in the same report.
  const run = randomBytes(3).toString('hex')
  // The file's substance names, in the reference data the check matches them against (decision 3412).
  await sql`INSERT INTO substances (name, unit_id) SELECT ${`Сажа ${run}-`} || g, u.id FROM generate_series(0, ${Math.ceil(ROWS / 300)}) g, units u WHERE u.name = 'мг/м³'`.execute(t.database.db)
  const rows = Array.from({ length: ROWS }, (_, i) => [point.nomenclature, report.year, sampledOn(report.year, i), `Сажа ${run}-${Math.floor(i / 300)}`, (i % 1000) / 1000, 'мг/м3', '0,15', ''])
  const file = writeCsv(folder.file(`large-${randomBytes(3).toString('hex')}.csv`), [header, ...rows])

  const first = await startWorkerProcess(env)
  const fileId = await uploadStored(context, report.reportId, file, 'large.csv')
  // The first batches are staged: the worker is inside the job. Kill it without any chance to clean up.
  await vi.waitFor(async () => expect(await countStagedRows(t.database.db, fileId)).toBeGreaterThan(0), { timeout: 30_000, interval: 20 })
  first.kill('SIGKILL')
  await once(first, 'exit')
  // The kill landed in the middle of the job: part of the file staged, no result recorded.
  expect(await countStagedRows(t.database.db, fileId)).toBeLessThan(ROWS)
  expect(await fileStatus(fileId)).toBe('processing')

  const second = await startWorkerProcess(env)
  // The job waits for the killed worker's heartbeat (pg-boss, 10 s) or lock (BullMQ, 3 s in worker-child.ts) to lapse,
  // then the whole check runs again (with the natural-key query over every row).
  await vi.waitFor(async () => expect(await fileStatus(fileId)).toBe('success'), { timeout: 180_000, interval: 250 })
  const results = await sql<{ type: string }>`
    SELECT type FROM events WHERE stream_id = ${`file-${fileId}`} AND type IN ('FileCheckPassed', 'FileCheckFailed')`.execute(t.database.db)
  expect(results.rows).toEqual([{ type: 'FileCheckPassed' }])
  expect(await countStagedRows(t.database.db, fileId)).toBe(ROWS)

  // Workers close on SIGTERM: the node stops its queue and exits cleanly.
  second.kill('SIGTERM')
  const [code] = await once(second, 'exit')
  expect(code).toBe(0)
  return fileId
}

describe('a worker killed in the middle of a job on pg-boss', () => {
  it('leaves the job to another worker, which completes it once: one result, every row staged once', async () => {
    const fileId = await crashMidJob(t.queue, { REDIS_URL: '' })
    const job = await sql<{ state: string; retry_count: number }>`
      SELECT state, retry_count FROM pgboss.job WHERE name = ${JOBS.fileCheck} AND data->>'fileId' = ${String(fileId)}`.execute(t.database.db)
    expect(job.rows).toHaveLength(1)
    expect(job.rows[0].state).toBe('completed')
    expect(job.rows[0].retry_count).toBeGreaterThanOrEqual(1)
  }, 240_000)
})

describe.runIf(redisUp)(`a worker killed in the middle of a job on BullMQ (Redis at ${TEST_REDIS_URL})`, () => {
  const prefix = `portal-crash-${randomBytes(4).toString('hex')}`
  let sender: JobQueue | undefined
  afterAll(async () => {
    await sender?.stop()
    for (const p of jobPolicies) {
      for (const name of [p.name, deadLetterName(p.name)]) {
        const q = new Queue(name, { connection: redisConnection(TEST_REDIS_URL), prefix })
        await q.obliterate({ force: true }).catch(() => {})
        await q.close()
      }
    }
  })

  it('leaves the job to another worker once its lock lapses, and the job completes once', async () => {
    // A web node's queue: the upload's job goes to the outbox in the upload's transaction.
    sender = await createQueue({ url: t.database.url, redisUrl: TEST_REDIS_URL, redisPrefix: prefix, supervise: false })
    await crashMidJob(sender, { REDIS_URL: TEST_REDIS_URL, TEST_REDIS_PREFIX: prefix })
    const outbox = await t.database.db.selectFrom('job_outbox').select('id').execute()
    expect(outbox).toEqual([])
  }, 240_000)
})
