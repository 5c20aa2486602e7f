// Measures the event store on a large log: appends (16 writers, each on its own stream, then all on one stream)
// and the replay (fold in memory, batched writes) and its verification. Prints a table; not a test.
// Usage: npx tsx bench/replay-bench.ts [--events 200000 --rounds 2000 --seconds 5]
import { parseArgs } from 'node:util'
import { appendToStream, ConcurrencyError, verifyHashChain, systemMetadata, rebuildProjections, verifyProjections } from '@portal/workflow-domain/commands.server.ts'
import { seedLargeWorkflow } from '@portal/workflow-server/service.server.ts'
import { openBenchDatabase } from './support/bench-database.ts'

const { values } = parseArgs({ options: { events: { type: 'string', default: '200000' }, rounds: { type: 'string', default: '2000' }, seconds: { type: 'string', default: '5' } } })
process.env.AUDIT_KEY ||= 'bench-audit-key-0123456789abcdef0123456789abcdef'

const bench = await openBenchDatabase({ demoUsers: false, poolSize: 20 })
const { db, storageDir } = bench
const rows: string[] = ['| case | value | unit | notes |', '|---|---:|---|---|']
try {
  const seeded = Date.now()
  const log = await seedLargeWorkflow(db, { events: Number(values.events), rounds: Number(values.rounds), storageDir })
  console.log(`seeded ${log.events} events on ${log.areas} areas in ${((Date.now() - seeded) / 1000).toFixed(0)} s`)

  const rebuilt = await rebuildProjections(db)
  rows.push(`| replay (npm run replay) | ${rebuilt.eventsPerSecond} | events/s | ${rebuilt.events} events in ${rebuilt.seconds.toFixed(2)} s, ${rebuilt.differences.length} tables corrected |`)
  const verified = await verifyProjections(db)
  rows.push(`| replay --verify (fold part) | ${verified.eventsPerSecond} | events/s | differences ${verified.differences.length}, chain ${verified.chain.broken ? 'BROKEN' : 'intact'} |`)
  const chainStarted = performance.now()
  const chain = await verifyHashChain(db)
  const chainSeconds = (performance.now() - chainStarted) / 1000
  rows.push(`| hash chain check | ${Math.round(chain.events / chainSeconds)} | events/s | ${chain.events} events |`)

  const seconds = Number(values.seconds) * 1000
  for (const [label, streamOf] of [
    ['append, 16 writers, own streams', (w: number) => `bench-own-${w}`],
    ['append, 16 writers, one stream', () => 'bench-shared'],
  ] as const) {
    let appended = 0
    let conflicts = 0
    const until = Date.now() + seconds
    const started = performance.now()
    await Promise.all(
      Array.from({ length: 16 }, async (_, w) => {
        const stream = streamOf(w)
        while (Date.now() < until) {
          try {
            await db.transaction().execute(async (trx) => {
              const last = await trx.selectFrom('events').select((eb) => eb.fn.max('stream_version').as('v')).where('stream_id', '=', stream).executeTakeFirst()
              await appendToStream(trx, stream, Number(last?.v ?? 0), [{ type: 'BenchEventRecorded', data: { w } }], systemMetadata('bench'), new Date())
            })
            appended += 1
          } catch (error) {
            if (!(error instanceof ConcurrencyError)) throw error
            conflicts += 1
          }
        }
      }),
    )
    const elapsed = (performance.now() - started) / 1000
    rows.push(`| ${label} | ${Math.round(appended / elapsed)} | events/s | ${conflicts} lost races (409) |`)
  }
  console.log(rows.join('\n'))
} finally {
  await bench.close()
}
