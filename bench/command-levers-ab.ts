// The command levers of issue 38, A/B: `bench/round-trips.ts` of each checkout in turn (old, new, old, new…), each on
// a fresh copy of one kept data set, and per checkout the statements, round trips and socket writes of an upload and
// of an agree + cancel, and the CPU per command of its process and of PostgreSQL (from /proc), with the medians. The
// machine's other load moves CPU seconds far less than rates; the counts do not move at all.
// Usage: npx tsx bench/command-levers-ab.ts --roots /tmp/old,/work/new --runs 3 [--commands 300]
// (BENCH_DATA_DIR, BENCH_DATABASE, BENCH_PG_PORT as for bench/round-trips.ts: the kept data set to copy.)
import { spawn } from 'node:child_process'
import os from 'node:os'
import path from 'node:path'
import { parseArgs } from 'node:util'

const { values } = parseArgs({ options: { roots: { type: 'string', default: '' }, runs: { type: 'string', default: '3' }, commands: { type: 'string', default: '300' } } })
const roots = values.roots.split(',').filter(Boolean)
if (roots.length === 0) {
  process.stderr.write('--roots old,new: the checkouts to compare\n')
  process.exit(2)
}

interface Run {
  counts: string[]
  processMs: number
  postgresMs: number
  load: string
}

function roundTrips(root: string): Promise<Run> {
  const load = os.loadavg()[0].toFixed(1)
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'bench/round-trips.ts')], {
    cwd: root,
    env: { ...process.env, COMMANDS: values.commands, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  let output = ''
  child.stdout!.on('data', (chunk: Buffer) => void (output += chunk.toString()))
  return new Promise((resolve, reject) =>
    child.once('exit', (code) => {
      const cpu = /this process ([\d.]+) ms, PostgreSQL ([\d.]+) ms/.exec(output)
      if (code !== 0 || !cpu) return reject(new Error(`${root}: round-trips.ts failed (exit ${code}):\n${output}`))
      const counts = output.split('\n').filter((line) => /^\| (upload|agree \+ cancel) \|/.test(line))
      resolve({ counts, processMs: Number(cpu[1]), postgresMs: Number(cpu[2]), load })
    }),
  )
}

const runs = new Map<string, Run[]>(roots.map((root) => [root, []]))
for (let i = 0; i < Number(values.runs); i++) {
  for (const root of roots) {
    const run = await roundTrips(root)
    runs.get(root)!.push(run)
    console.log(`${root}: load ${run.load}, this process ${run.processMs} ms, PostgreSQL ${run.postgresMs} ms per command`)
  }
}
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]
console.log('\n| checkout | write | statements | round trips | socket writes |\n|---|---|---:|---:|---:|')
for (const [root, list] of runs) for (const line of list[0].counts) console.log(`| ${path.basename(root)} ${line}`)
console.log('\n| checkout | runs | process ms per command (each) | median | PostgreSQL ms per command (each) | median | both, median |\n|---|---:|---|---:|---|---:|---:|')
for (const [root, list] of runs) {
  const own = list.map((r) => r.processMs)
  const server = list.map((r) => r.postgresMs)
  console.log(`| ${path.basename(root)} | ${list.length} | ${own.join(', ')} | ${median(own)} | ${server.join(', ')} | ${median(server)} | ${(median(own) + median(server)).toFixed(2)} |`)
}
