// Round trips, statements, socket writes and CPU of each write the workflow cases measure, counted by wrapping pg's
// Client.query and the sockets' writes (test-support/round-trips.ts) on a copy of the tiny data set: each kind run
// twice to warm up (statements are named by their second use), then once
// counted; then CPU per command of 150 commands in a row (this process, and every process of the embedded
// PostgreSQL, from /proc), which the machine's other load moves far less than a rate. A statement sent while its connection has no other unanswered starts a round trip; one sent while another
// is unanswered rides along (pipeline mode, decision 2770). Usage: npx tsx bench/round-trips.ts (BENCH_DATA_DIR,
// BENCH_PG_PORT as for npm run bench; COMMANDS the number in a row, CPU_PROFILE a file for their CPU profile).
import { randomUUID } from 'node:crypto'
import { writeFileSync } from 'node:fs'
import { Session } from 'node:inspector/promises'
import path from 'node:path'
import { getPostgreSQLEventStore } from '@event-driven-io/emmett-postgresql'
import { createQueue } from '@portal/workers/workers.server.ts'
import type { CurrentUser } from '@portal/workflow-domain/views.ts'
import { createKysely } from '@portal/workflow-server/service.server.ts'
import { appendToStream, type CommandContext, systemMetadata, recordFileChecked, decideOnReport, writeNotices } from '@portal/workflow-domain/commands.server.ts'
import { openBenchDataSet } from './support/bench-data-set.ts'
import { areaWriter, areasWithoutReports, department } from './cases/area-writer.ts'
import { countRoundTrips } from '../test-support/round-trips.ts'
import { postgresCpuSeconds, postmasterOf } from './support/cpu-seconds.ts'

/** Each write twice to warm up (statements are named by their second use), then counted once. */
async function counted(work: () => Promise<unknown>): Promise<{ trips: number; statements: number; writes: number }> {
  await work()
  await work()
  const { trips, statements, writes } = await countRoundTrips(work)
  return { trips, statements, writes }
}

const dataSet = await openBenchDataSet('tiny', () => {})
const copy = await dataSet.scratchCopy()
const db = createKysely(copy.url, 4)
const queue = await createQueue({ url: copy.url, supervise: false })
// Emmett's store is opened last: opening it sets pg's parsers for every pool of the process (bigint as BigInt, json
// through a reviver), which would make the portal's commands measured here slower than the portal runs them.
let store: ReturnType<typeof getPostgreSQLEventStore> | null = null
try {
  const [area] = await areasWithoutReports(db, 1)
  const as = (actor: CurrentUser): CommandContext => ({ db, queue, storageDir: dataSet.storageDir, actor, requestId: 'bench', clientAddress: null, now: new Date(), notices: writeNotices })
  const { program, final, upload: uploadNumbered } = await areaWriter(db, dataSet.storageDir, as, area)
  let n = 0
  const upload = (reportId: number) => uploadNumbered(reportId, ++n)
  const { fileId } = await upload(program)
  await recordFileChecked(db, { fileId, ok: true, problems: [] })
  const rows: string[] = []
  const row = (label: string, c: { trips: number; statements: number; writes: number }) => rows.push(`| ${label} | ${c.statements} | ${c.trips} | ${c.writes} |`)
  row('upload', await counted(() => upload(final)))
  // Agree and cancel in turn, as the case does: each counted one is preceded by the other.
  const decide = (decision: 'agree' | 'cancel') => decideOnReport(as(department), program, { decision, comment: 'Бенчмарк', files: [] })
  const agree = await counted(async () => {
    await decide('agree')
    await decide('cancel')
  })
  row('agree + cancel', agree)
  let version = 0
  const stream = `round-trips-${randomUUID()}`
  row(
    'workflow.append',
    await counted(() =>
      db.transaction().execute(async (trx) => {
        await appendToStream(trx, stream, version, [{ type: 'BenchEventRecorded', data: { n: version + 1 } }], systemMetadata('bench'), new Date())
        version += 1
      }),
    ),
  )
  let cpuLine = ''
  if (!process.env.DATABASE_URL) {
    const folder = process.env.BENCH_DATA_DIR ? path.resolve(process.env.BENCH_DATA_DIR) : path.resolve('bench/.data/tiny')
    const postmaster = postmasterOf(path.join(folder, 'pg'))
    const commands = Number(process.env.COMMANDS ?? 150)
    // CPU_PROFILE=file.cpuprofile: a CPU profile of these commands alone, without the start-up and the counts.
    const profiler = process.env.CPU_PROFILE ? new Session() : null
    if (profiler) {
      profiler.connect()
      await profiler.post('Profiler.enable')
      await profiler.post('Profiler.setSamplingInterval', { interval: 200 })
      await profiler.post('Profiler.start')
    }
    const cpu = process.cpuUsage()
    const pgBefore = postgresCpuSeconds(postmaster)
    for (let i = 0; i < commands / 3; i++) {
      await upload(final)
      await decide('agree')
      await decide('cancel')
    }
    const node = process.cpuUsage(cpu)
    const server = postgresCpuSeconds(postmaster) - pgBefore
    if (profiler) {
      const { profile } = await profiler.post('Profiler.stop')
      writeFileSync(process.env.CPU_PROFILE!, JSON.stringify(profile))
      profiler.disconnect()
    }
    const ms = (seconds: number) => ((seconds * 1000) / commands).toFixed(2)
    cpuLine = `CPU per command (${commands} in a row): this process ${ms((node.user + node.system) / 1e6)} ms, PostgreSQL ${ms(server)} ms\n`
  }
  const peer = `round-trips-peer-${randomUUID()}`
  const peerStore = (store = getPostgreSQLEventStore(copy.url))
  row('peer.append', await counted(() => peerStore.appendToStream(peer, [{ type: 'BenchEventRecorded', data: { n: 1 } }])))
  process.stdout.write(`| write | statements | round trips | socket writes |\n|---|---:|---:|---:|\n${rows.join('\n')}\n`)
  if (cpuLine) process.stdout.write(cpuLine)
} finally {
  await store?.close()
  await queue.stop()
  await db.destroy()
  await copy.close()
  await dataSet.close()
}
