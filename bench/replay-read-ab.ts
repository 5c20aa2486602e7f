// The replay's read of the log, two ways in turn in one process on one copy of the replay-only data set of
// bench/replay-ab.ts (decision 2810): the rows through node-postgres as arrays, page by page (decision 2762's reader,
// kept here as the baseline), and one COPY whose text is taken apart by hand (the rebuild's reader). Each alone and
// with the fold, alternating, with the CPU seconds of this process and of PostgreSQL: the machine's other load moves
// those far less than the wall times.
// Usage: NODE_OPTIONS=--expose-gc npx tsx bench/replay-read-ab.ts [--rounds 3]
import os from 'node:os'
import path from 'node:path'
import { parseArgs } from 'node:util'
import pg from 'pg'
import { openReplayLab } from './support/replay-lab.ts'
import { postgresCpuSeconds, postmasterOf } from './support/cpu-seconds.ts'
import { createKysely, createReplayFold, inChain, type LoggedEvent, readLogByCopy, withOwnConnection } from '@portal/workflow-server/service.server.ts'
import type { EventMetadata } from '@portal/migrations/database.ts'

const { values } = parseArgs({ options: { rounds: { type: 'string', default: '3' }, events: { type: 'string', default: '200000' } } })
const set = await openReplayLab(Number(values.events))
const postmaster = postmasterOf(path.join(set.folder, 'pg'))

type Query = (statement: string, values: unknown[]) => Promise<unknown[][]>
const COLUMNS = 'position, stream_id, stream_version, type, data, metadata, floor(extract(epoch FROM created_at) * 1000)::float8'

/** Decision 2762's reader: pages of 10 000 rows as arrays, the next asked before this one is handed out. */
async function* arraysReader(query: Query): AsyncGenerator<LoggedEvent[]> {
  const page = (after: number | null) =>
    (after === null ? query(`SELECT ${COLUMNS} FROM events ORDER BY position LIMIT $1`, [10_000]) : query(`SELECT ${COLUMNS} FROM events WHERE position > $2 ORDER BY position LIMIT $1`, [10_000, after])).then((rows) =>
      rows.map((row) => ({
        position: Number(row[0]),
        streamId: row[1] as string,
        streamVersion: row[2] as number,
        type: row[3] as string,
        data: row[4] as Record<string, unknown>,
        metadata: row[5] as EventMetadata,
        createdAt: new Date(row[6] as number),
      })),
    )
  let next: Promise<LoggedEvent[]> | null = page(null)
  while (next) {
    const events: LoggedEvent[] = await next
    next = events.length < 10_000 ? null : page(events[events.length - 1].position)
    yield events
  }
}

const totals: Record<string, Array<[number, number]>> = {}
async function phase(name: string, work: () => Promise<number>): Promise<void> {
  // The last phase's garbage (a whole fold's rows) collected before, not inside, this one: run with --expose-gc.
  ;(globalThis as { gc?: () => void }).gc?.()
  const own = process.cpuUsage()
  const pg = postgresCpuSeconds(postmaster)
  const events = await work()
  const used = process.cpuUsage(own)
  const figures: [number, number] = [(used.user + used.system) / 1e6, postgresCpuSeconds(postmaster) - pg]
  ;(totals[name] ??= []).push(figures)
  console.log(`${name.padEnd(16)} ${events} events, cpu ${figures[0].toFixed(2)} s + postgres ${figures[1].toFixed(2)} s (load ${os.loadavg()[0].toFixed(1)})`)
}

const copy = await set.scratchCopy()
const db = createKysely(copy.url, 2)
let onEnd = async () => {}
try {
  await withOwnConnection(db, async (own) => {
    // The rows as arrays on a plain client beside it, outside pipeline mode as the rebuild's own connection was.
    const client = new pg.Client({ connectionString: copy.url })
    await client.connect()
    onEnd = () => client.end()
    const query: Query = async (text, values) => (await client.query<unknown[]>({ text, values, rowMode: 'array' })).rows
    const readers = { arrays: () => arraysReader(query), copy: () => readLogByCopy(own.copyOut) }
    // Once each first: the log into PostgreSQL's cache and the code warmed up.
    for (const read of Object.values(readers)) for await (const batch of read()) void batch
    for (let round = 0; round < Number(values.rounds); round++) {
      for (const [name, read] of Object.entries(readers)) {
        await phase(`read ${name}`, async () => {
          let n = 0
          for await (const batch of read()) for (const event of batch) if (inChain(event.position)) n++
          return n
        })
      }
      for (const [name, read] of Object.entries(readers)) {
        await phase(`read+fold ${name}`, async () => {
          const fold = createReplayFold()
          let n = 0
          for await (const batch of read()) for (const event of batch) if (inChain(event.position)) fold.apply(event), n++
          return n
        })
      }
    }
  })
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]
  for (const [name, figures] of Object.entries(totals)) {
    console.log(`median ${name.padEnd(16)} cpu ${median(figures.map((f) => f[0])).toFixed(2)} s + postgres ${median(figures.map((f) => f[1])).toFixed(2)} s`)
  }
} finally {
  await onEnd()
  await db.destroy()
  await copy.close()
  await set.close()
}
