// The replay's timed part phase by phase, in one process on a fresh copy of the replay-only data set of
// bench/replay-ab.ts: reading the log alone, reading and folding it, making the COPY data of the folded rows, and
// COPY into scratch copies, each in the text format the replay wrote until decision 3827 and the binary one it writes
// now, side by side; each with its wall time and the CPU seconds of this process and of PostgreSQL.
// Usage: npx tsx bench/replay-phases.ts [--runs 2]
import path from 'node:path'
import { parseArgs } from 'node:util'
import { sql } from 'kysely'
import { openReplayLab } from './support/replay-lab.ts'
import { postgresCpuSeconds, postmasterOf } from './support/cpu-seconds.ts'
import { copyText } from './support/copy-text.ts'
import {
  columnsOf,
  copyBinary,
  createKysely,
  createReplayFold,
  inChain,
  liveColumns,
  PROJECTION_TABLES,
  type ProjectionTable,
  readLogByCopy,
  withOwnConnection,
} from '@portal/workflow-server/service.server.ts'

const { values } = parseArgs({ options: { runs: { type: 'string', default: '2' }, events: { type: 'string', default: '200000' } } })
const set = await openReplayLab(Number(values.events))
const postmaster = postmasterOf(path.join(set.folder, 'pg'))

async function phase<T>(name: string, work: () => Promise<T>): Promise<T> {
  const wall = performance.now()
  const own = process.cpuUsage()
  const pg = postgresCpuSeconds(postmaster)
  const result = await work()
  const used = process.cpuUsage(own)
  console.log(`${name.padEnd(12)} wall ${((performance.now() - wall) / 1000).toFixed(2)} s, cpu ${((used.user + used.system) / 1e6).toFixed(2)} s + postgres ${(postgresCpuSeconds(postmaster) - pg).toFixed(2)} s`)
  return result
}

try {
  for (let run = 0; run < Number(values.runs); run++) {
    const copy = await set.scratchCopy()
    const db = createKysely(copy.url, 2)
    try {
      await withOwnConnection(db, (own) =>
        own.db.transaction().execute(async (trx) => {
          const columns = await liveColumns(trx)
          console.log(`run ${run + 1}, load ${(await import('node:os')).loadavg()[0].toFixed(1)}`)
          await phase('read', async () => {
            let n = 0
            for await (const batch of readLogByCopy(own.copyOut)) for (const event of batch) if (inChain(event.position)) n++
            return n
          })
          const fold = await phase('read+fold', async () => {
            const fold = createReplayFold()
            for await (const batch of readLogByCopy(own.copyOut)) for (const event of batch) if (inChain(event.position)) fold.apply(event)
            return fold
          })
          const written = (table: ProjectionTable) => {
            const rows = [...fold.models[table].values()]
            const carried = columnsOf(rows)
            return { rows, columns: columns.get(table)!.filter((c) => carried.includes(c.name)) }
          }
          const formats = [
            { name: 'text', data: copyText, option: '' },
            { name: 'binary', data: copyBinary, option: ' WITH (FORMAT binary)' },
          ]
          // Each format's data alone, then its COPY into empty scratch copies, the two formats in turn (the first
          // run's order reversed in the second, so neither always goes first).
          for (const format of run % 2 ? [...formats].reverse() : formats) {
            await phase(`${format.name} data`, async () => {
              let length = 0
              for (const table of PROJECTION_TABLES) {
                const { rows, columns } = written(table)
                for (const piece of format.data(rows, columns, table)) length += piece.length
              }
              return length
            })
            for (const table of PROJECTION_TABLES) {
              await sql`CREATE TEMPORARY TABLE ${sql.id(table)} (LIKE ${sql.id('public', table)} INCLUDING DEFAULTS INCLUDING CONSTRAINTS) ON COMMIT DROP`.execute(trx)
            }
            await phase(`${format.name} copy`, async () => {
              for (const table of PROJECTION_TABLES) {
                const { rows, columns } = written(table)
                if (!rows.length) continue
                const statement = sql`COPY ${sql.id('pg_temp', table)} (${sql.join(columns.map((c) => sql.id(c.name)))}) FROM STDIN${sql.raw(format.option)}`.compile(trx).sql
                await own.copyIn(statement, format.data(rows, columns, table))
              }
            })
            for (const table of PROJECTION_TABLES) await sql`DROP TABLE ${sql.id('pg_temp', table)}`.execute(trx)
          }
          await sql`ROLLBACK`.execute(trx).catch(() => {})
          throw new Error('rolled back')
        }),
      ).catch((error: Error) => {
        if (error.message !== 'rolled back') throw error
      })
    } finally {
      await db.destroy()
      await copy.close()
    }
  }
} finally {
  await set.close()
}
