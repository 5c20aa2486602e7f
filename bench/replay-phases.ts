// The replay's timed part phase by phase, in one process on a fresh copy of the replay-only data set of
// bench/replay-ab.ts: reading the log alone, reading and folding it, making the COPY text of the folded rows, and
// COPY into scratch copies; each with its wall time and the CPU seconds of this process and of PostgreSQL.
// Usage: npx tsx bench/replay-phases.ts [--runs 2]
import path from 'node:path'
import { parseArgs } from 'node:util'
import { sql } from 'kysely'
import { openReplayLab } from './support/replay-lab.ts'
import { postgresCpuSeconds, postmasterOf } from './support/cpu-seconds.ts'
import {
  columnsOf,
  type CopyColumn,
  copyText,
  createKysely,
  createReplayFold,
  inChain,
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
          const { rows } = await sql<{ table_name: ProjectionTable; column_name: string; data_type: string }>`
            SELECT table_name, column_name, data_type FROM information_schema.columns
            WHERE table_schema = 'public' AND table_name = ANY(${[...PROJECTION_TABLES]}) ORDER BY table_name, ordinal_position`.execute(trx)
          const columns = new Map<ProjectionTable, CopyColumn[]>(PROJECTION_TABLES.map((table) => [table, []]))
          for (const row of rows) columns.get(row.table_name)!.push({ name: row.column_name, json: row.data_type === 'json' || row.data_type === 'jsonb' })
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
          await phase('copy text', async () => {
            let length = 0
            for (const table of PROJECTION_TABLES) {
              const { rows, columns } = written(table)
              for (const piece of copyText(rows, columns, table)) length += piece.length
            }
            return length
          })
          for (const table of PROJECTION_TABLES) {
            await sql`CREATE TEMPORARY TABLE ${sql.id(table)} (LIKE ${sql.id('public', table)} INCLUDING DEFAULTS INCLUDING CONSTRAINTS) ON COMMIT DROP`.execute(trx)
          }
          await phase('copy', async () => {
            for (const table of PROJECTION_TABLES) {
              const { rows, columns } = written(table)
              if (!rows.length) continue
              const statement = sql`COPY ${sql.id('pg_temp', table)} (${sql.join(columns.map((c) => sql.id(c.name)))}) FROM STDIN`.compile(trx).sql
              await own.copyIn(statement, copyText(rows, columns, table))
            }
          })
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
