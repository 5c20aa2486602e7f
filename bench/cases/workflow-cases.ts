// The workflow cases, on a throw-away copy of the data set: commands of 16 writers, raw appends against the peer
// event store (emmett on the same database), and `npm run replay` over the whole log.
import { spawn } from 'node:child_process'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { getPostgreSQLEventStore } from '@event-driven-io/emmett-postgresql'
import type { Kysely } from 'kysely'
import type { Database } from '@portal/migrations/database.ts'
import { createQueue } from '@portal/workers/workers.server.ts'
import { accepted, type CurrentUser } from '@portal/workflow-domain/views.ts'
import { createKysely, createReplayFold, inChain, readLogByCopy, withOwnConnection } from '@portal/workflow-server/service.server.ts'
import { appendToStream, type CommandContext, systemMetadata, recordFileChecked, decideOnReport, writeNotices } from '@portal/workflow-domain/commands.server.ts'
import { measureLoops } from '../support/load.ts'
import { cpuWindow, ownCpuSeconds } from '../support/cpu-seconds.ts'
import { sampleRss } from '../support/process-rss.ts'
import type { BenchContext, Recorder } from './bench-context.ts'
import { sqlTxCase } from './floor-cases.ts'
import { type AreaWriter, areaWriter, areasWithoutReports, department } from './area-writer.ts'

export const WRITERS = 16
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')

/** workflow.replay: `npm run replay` on the copy; its own figure of events per second, and its peak RSS. */
export async function replayCase(context: BenchContext, databaseUrl: string, record: Recorder): Promise<void> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'workflow-service/server/src/cli/replay-command.ts')], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: databaseUrl, DATA_DIR: context.dataSet.folder, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  const rss = sampleRss(child.pid!)
  let output = ''
  child.stdout!.on('data', (chunk: Buffer) => void (output += chunk.toString()))
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve))
  const peak = rss.stop()
  const rate = /events per second:\s*(\d+)/.exec(output)
  const events = /events replayed:\s*(\d+)/.exec(output)
  if (code !== 0 || !rate) throw new Error(`npm run replay failed (exit ${code}):\n${output}`)
  context.log(`replay: ${events?.[1]} events, ${rate[1]} events/s, ${/hash chain:.*/.exec(output)?.[0] ?? ''}`)
  const limit = await readAndFoldLimit(databaseUrl)
  context.log(`replay: one core reads and folds the log at ${limit.eventsPerCpuSecond} events per CPU second (${limit.events} events)`)
  record({ case: 'workflow.replay', value: Number(rate[1]), unit: 'events/s', rss_mb: peak, detail: { read_fold_events_per_cpu_s: limit.eventsPerCpuSecond } })
}

/**
 * The replay's limit on one core, shown beside its rate: the log read (COPY) and folded in this process, as the
 * replay's first phase does, its events divided by this process's CPU seconds. Writing the read models is not in it.
 */
async function readAndFoldLimit(databaseUrl: string): Promise<{ events: number; eventsPerCpuSecond: number }> {
  const db = createKysely(databaseUrl, 1)
  try {
    return await withOwnConnection(db, async (own) => {
      const fold = createReplayFold()
      let events = 0
      const cpu0 = ownCpuSeconds()
      for await (const batch of readLogByCopy(own.copyOut)) {
        for (const event of batch) {
          if (!inChain(event.position)) continue
          fold.apply(event)
          events++
        }
      }
      return { events, eventsPerCpuSecond: Math.round(events / Math.max(0.001, ownCpuSeconds() - cpu0)) }
    })
  } finally {
    await db.destroy()
  }
}

/**
 * workflow.commands: 16 writers, each on a licence area of its own; every writer registers uploads on its final
 * report and agrees and cancels its program, in turn, as the API's commands do (with their jobs, on pg-boss).
 */
async function commandsCase(context: BenchContext, db: Kysely<Database>, databaseUrl: string, record: Recorder): Promise<void> {
  const queue = await createQueue({ url: databaseUrl, supervise: false })
  try {
    const areas = await areasWithoutReports(db, WRITERS)
    if (areas.length < WRITERS) throw new Error(`workflow.commands needs ${WRITERS} licence areas without reports`)
    const as = (actor: CurrentUser): CommandContext => ({ db, queue, storageDir: context.dataSet.storageDir, actor, requestId: 'bench', clientAddress: null, now: new Date(), notices: writeNotices })
    const writers: AreaWriter[] = []
    for (const area of areas) {
      const writer = await areaWriter(db, context.dataSet.storageDir, as, area)
      const { fileId } = await writer.upload(writer.program, 0)
      await recordFileChecked(db, { fileId, ok: true, problems: [] })
      writers.push(writer)
    }
    const step = async (loop: number, i: number) => {
      const w = writers[loop]
      if (i % 3 === 0) await w.upload(w.final, i)
      else accepted(await decideOnReport(as(department), w.program, { decision: i % 3 === 1 ? 'agree' : 'cancel', comment: 'Бенчмарк', files: [] }))
    }
    // Warm-up and measurement continue the same sequence per writer (agree, cancel, upload…).
    const counters = new Array<number>(WRITERS).fill(0)
    const run = (loop: number) => step(loop, counters[loop]++)
    await measureLoops(WRITERS, context.warmupSeconds, run)
    // A warm-up that stopped between agree and cancel leaves the program agreed: the next step decides accordingly.
    // CPU per command of this process (the commands run in it, as in the portal's) and of PostgreSQL.
    const cpu = cpuWindow(ownCpuSeconds, context.dataSet.postmaster)
    cpu.start()
    const load = await measureLoops(WRITERS, context.seconds, run)
    const { cpuMs, pgCpuMs } = cpu.stop(load.answers ?? 0)
    record({ case: 'workflow.commands', value: load.requestsPerSecond, unit: 'commands/s', p50_ms: load.p50, p99_ms: load.p99, cpu_ms: cpuMs, ...(pgCpuMs !== null ? { pg_cpu_ms: pgCpuMs } : {}) })
  } finally {
    await queue.stop()
  }
}

/** workflow.append: 16 writers appending one event per transaction to a stream of their own. */
async function appendCase(context: BenchContext, db: Kysely<Database>, record: Recorder): Promise<void> {
  const run = `${process.pid}-${Date.now().toString(36)}`
  const versions = new Array<number>(WRITERS).fill(0)
  const append = (loop: number) =>
    db.transaction().execute(async (trx) => {
      const version = versions[loop]
      await appendToStream(trx, `bench-append-${run}-${loop}`, version, [{ type: 'BenchEventRecorded', data: { n: version + 1 } }], systemMetadata('bench'), new Date())
      versions[loop] = version + 1
    })
  await measureLoops(WRITERS, context.warmupSeconds, append)
  const load = await measureLoops(WRITERS, context.seconds, append)
  record({ case: 'workflow.append', value: load.requestsPerSecond, unit: 'events/s', p50_ms: load.p50, p99_ms: load.p99, limit_case: 'peer.append' })
}

/** peer.append: the same appends through @event-driven-io/emmett-postgresql on the same database. */
async function peerAppendCase(context: BenchContext, databaseUrl: string, record: Recorder): Promise<void> {
  const store = getPostgreSQLEventStore(databaseUrl)
  const run = `${process.pid}-${Date.now().toString(36)}`
  try {
    const append = (loop: number) =>
      store.appendToStream(`bench-peer-${run}-${loop}`, [{ type: 'BenchEventRecorded', data: { n: 1 } }]).then(() => undefined)
    await measureLoops(WRITERS, context.warmupSeconds, append)
    const load = await measureLoops(WRITERS, context.seconds, append)
    record({ case: 'peer.append', value: load.requestsPerSecond, unit: 'events/s', p50_ms: load.p50, p99_ms: load.p99 })
  } finally {
    await store.close()
  }
}

export async function workflowWriteCases(context: BenchContext, databaseUrl: string, wanted: (name: string) => boolean, record: Recorder): Promise<void> {
  const db = createKysely(databaseUrl, WRITERS + 4)
  try {
    await commandsCase(context, db, databaseUrl, record)
    // The commands' floor, right after them on the same copy (their queue made the job tables).
    if (wanted('sql.tx')) await sqlTxCase(context, databaseUrl, record)
    await appendCase(context, db, record)
    await peerAppendCase(context, databaseUrl, record)
  } finally {
    await db.destroy()
  }
}
