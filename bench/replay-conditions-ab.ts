// Why `workflow.replay` reads slower than the same rebuild inside the data set's load (issue 38): `npm run replay` of
// this checkout on the replay-only data set of bench/replay-ab.ts, under three conditions in turn, each on a fresh
// copy: «fresh», as the bench case runs it, seconds after `CREATE DATABASE … TEMPLATE`; «settled», the same copy after a
// CHECKPOINT and one read of the log (the copy's writes done, the log in PostgreSQL's cache); «young64», as fresh with
// a larger young generation for the replay's process (`--max-semi-space-size=64`: the fold keeps every row it makes,
// so each scavenge copies them). Prints each run's events/s and CPU seconds (the command and PostgreSQL, from /proc),
// then the medians.
// Usage: npx tsx bench/replay-conditions-ab.ts [--runs 3 --conditions fresh,settled,young64]
import { spawn } from 'node:child_process'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import pg from 'pg'
import { openReplayLab } from './support/replay-lab.ts'
import { endedChildrenCpuSeconds, postgresCpuSeconds, postmasterOf } from './support/cpu-seconds.ts'

const { values } = parseArgs({ options: { runs: { type: 'string', default: '3' }, events: { type: 'string', default: '200000' }, conditions: { type: 'string', default: 'fresh,settled,young64' } } })
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const set = await openReplayLab(Number(values.events))
const postmaster = postmasterOf(path.join(set.folder, 'pg'))
const conditions = values.conditions.split(',')

async function settle(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    await client.query('CHECKPOINT')
    await client.query('SELECT count(*), sum(length(data::text)) FROM events')
  } finally {
    await client.end()
  }
}

const results = new Map<string, Array<{ rate: number; own: number; server: number }>>(conditions.map((c) => [c, []]))
try {
  for (let run = 0; run < Number(values.runs); run++) {
    for (const condition of conditions) {
      const copy = await set.scratchCopy()
      try {
        if (condition === 'settled') await settle(copy.url)
        const flags = condition === 'young64' ? ['--max-semi-space-size=64'] : []
        const load = os.loadavg()[0].toFixed(1)
        const before = { own: endedChildrenCpuSeconds(), pg: postgresCpuSeconds(postmaster) }
        const child = spawn(process.execPath, [...flags, '--import', 'tsx', path.join(root, 'workflow-service/server/src/cli/replay-command.ts')], {
          cwd: root,
          env: { ...process.env, DATABASE_URL: copy.url, DATA_DIR: set.folder, LOG_LEVEL: 'warn' },
          stdio: ['ignore', 'pipe', 'inherit'],
        })
        let output = ''
        child.stdout!.on('data', (chunk: Buffer) => void (output += chunk.toString()))
        const code = await new Promise<number | null>((resolve) => child.once('exit', resolve))
        const own = endedChildrenCpuSeconds() - before.own
        const server = postgresCpuSeconds(postmaster) - before.pg
        const rate = Number(/events per second:\s*(\d+)/.exec(output)?.[1])
        if (code !== 0) console.log(output)
        results.get(condition)!.push({ rate, own, server })
        console.log(`${condition.padEnd(8)} load ${load}: ${rate} events/s, cpu ${own.toFixed(1)} s + postgres ${server.toFixed(1)} s`)
      } finally {
        await copy.close()
      }
    }
  }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]
  console.log('\n| condition | runs | events/s (each) | median | command CPU s, median | PostgreSQL CPU s, median |\n|---|---:|---|---:|---:|---:|')
  for (const [condition, list] of results) {
    console.log(`| ${condition} | ${list.length} | ${list.map((r) => r.rate).join(', ')} | ${median(list.map((r) => r.rate))} | ${median(list.map((r) => r.own)).toFixed(1)} | ${median(list.map((r) => r.server)).toFixed(1)} |`)
  }
} finally {
  await set.close()
}
