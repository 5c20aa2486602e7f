// Measures the report workflow: decisions per second with 1–16 concurrent Department users (each on its own
// reports, then all on one report), and replay speed of the resulting log. Prints tables; not a test.
// Usage: npx tsx bench/workflow-bench.ts [--reports 200 --rounds 5 --no-queue (what the jobs cost)]
import { parseArgs } from 'node:util'
import { createQueue } from '@portal/workers/workers.server.ts'
import type { CurrentUser } from '@portal/workflow-domain/views.ts'
import { accepted, HttpError } from '@portal/workflow-domain/views.ts'
import type { CommandContext } from '@portal/workflow-domain/commands.server.ts'
import { verifyProjections, createReport, decideOnReport, writeNotices } from '@portal/workflow-domain/commands.server.ts'
import { openBenchDatabase } from './support/bench-database.ts'

const { values } = parseArgs({ options: { reports: { type: 'string', default: '200' }, rounds: { type: 'string', default: '5' }, 'no-queue': { type: 'boolean', default: false } } })
const reportCount = Number(values.reports)
const rounds = Number(values.rounds)

const bench = await openBenchDatabase({ demoUsers: false, poolSize: 20 })
const { db, url, storageDir } = bench
try {
  const realQueue = await createQueue({ url, supervise: false })
  const queue: typeof realQueue = values['no-queue'] ? { ...realQueue, send: async () => {} } : realQueue
  const department = (i: number): CurrentUser => ({ id: 1000 + i, username: `department${i}`, groups: ['Департамент'], companyId: null })
  const context = (i: number): CommandContext => ({ db, queue, storageDir, actor: department(i), requestId: null, clientAddress: null, now: new Date(), notices: writeNotices })

  const companies = await db.selectFrom('companies').select('id').orderBy('id').execute()
  const reports: number[] = []
  for (let i = 0; reports.length < reportCount; i++) {
    const company = companies[i % companies.length].id
    const year = 2000 + Math.floor(i / companies.length)
    reports.push((accepted(await createReport(context(0), { company, year, reportType: 'observation_results' }))).reportId)
  }

  const table = ['| scenario | users | decisions | refused 409 | seconds | decisions/s |', '|---|---:|---:|---:|---:|---:|']
  for (const users of [1, 4, 16]) {
    let done = 0
    const started = performance.now()
    await Promise.all(
      Array.from({ length: users }, async (_, u) => {
        const mine = reports.filter((_, i) => i % users === u)
        for (let r = 0; r < rounds; r++) {
          for (const id of mine) {
            accepted(await decideOnReport(context(u), id, { decision: 'agree', comment: 'bench', files: [] }))
            accepted(await decideOnReport(context(u), id, { decision: 'cancel', comment: 'bench', files: [] }))
            done += 2
          }
        }
      }),
    )
    const seconds = (performance.now() - started) / 1000
    table.push(`| own reports | ${users} | ${done} | 0 | ${seconds.toFixed(2)} | ${(done / seconds).toFixed(0)} |`)
  }
  for (const users of [4, 16]) {
    let done = 0
    let refused = 0
    const started = performance.now()
    const target = reports[0]
    await Promise.all(
      Array.from({ length: users }, async (_, u) => {
        for (let r = 0; r < rounds * 10; r++) {
          for (const decision of ['agree', 'cancel'] as const) {
            try {
              accepted(await decideOnReport(context(u), target, { decision, comment: 'bench', files: [] }))
              done += 1
            } catch (error) {
              if (!(error instanceof HttpError) || error.statusCode !== 409) throw error
              refused += 1
            }
          }
        }
      }),
    )
    const seconds = (performance.now() - started) / 1000
    table.push(`| one report, contended | ${users} | ${done} | ${refused} | ${seconds.toFixed(2)} | ${(done / seconds).toFixed(0)} |`)
  }
  console.log(table.join('\n'))

  const replay = await verifyProjections(db)
  console.log(`\n| replay | events | seconds | events/s | differences | chain |\n|---|---:|---:|---:|---:|---|`)
  console.log(`| verify | ${replay.events} | ${replay.seconds.toFixed(2)} | ${replay.eventsPerSecond} | ${replay.differences.length} | ${replay.chain.broken ? 'BROKEN' : 'intact'} |`)
  await realQueue.stop()
} finally {
  await bench.close()
}
