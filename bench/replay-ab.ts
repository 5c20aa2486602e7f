// The replay alone, A/B (decision 2760): a replay-only data set (a small catalogue under the large data set's workflow
// log of 200 184 events), loaded once under BENCH_DATA_DIR (default /tmp/replay-lab/data, about 3 minutes), then
// `npm run replay` of each checkout in turn, on a fresh copy each run; prints each run and the medians, with the CPU
// seconds of the whole command and of PostgreSQL during it, which the machine's other load moves far less.
// Usage: npx tsx bench/replay-ab.ts --roots /work/main,/work/wt-replay --runs 3 [--verify]
import { spawn } from 'node:child_process'
import os from 'node:os'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { openReplayLab } from './support/replay-lab.ts'
import { sampleRss } from './support/process-rss.ts'
import { endedChildrenCpuSeconds, postgresCpuSeconds, postmasterOf } from './support/cpu-seconds.ts'

const { values } = parseArgs({ options: { roots: { type: 'string', default: '' }, runs: { type: 'string', default: '3' }, events: { type: 'string', default: '200000' }, verify: { type: 'boolean', default: false } } })
const set = await openReplayLab(Number(values.events), (m) => console.log(m))
const results: Record<string, number[]> = {}
const cpu: Record<string, number[]> = {}
const postmaster = process.env.DATABASE_URL ? null : postmasterOf(path.join(set.folder, 'pg'))
try {
  const roots = values.roots ? values.roots.split(',') : []
  for (let run = 0; run < Number(values.runs); run++) {
    for (const root of roots) {
      const copy = await set.scratchCopy()
      try {
        const load = os.loadavg()[0].toFixed(1)
        const args = ['--import', 'tsx', path.join(root, 'workflow-service/server/src/cli/replay-command.ts')]
        if (values.verify) args.push('--verify')
        const child = spawn(process.execPath, args, { cwd: root, env: { ...process.env, DATABASE_URL: copy.url, DATA_DIR: set.folder, LOG_LEVEL: 'warn' }, stdio: ['ignore', 'pipe', 'inherit'] })
        const rss = sampleRss(child.pid!)
        const started = performance.now()
        const cpuBefore = { own: endedChildrenCpuSeconds(), pg: postmaster ? postgresCpuSeconds(postmaster) : 0 }
        let output = ''
        child.stdout!.on('data', (chunk: Buffer) => void (output += chunk.toString()))
        const code = await new Promise<number | null>((resolve) => child.once('exit', resolve))
        const wall = (performance.now() - started) / 1000
        const peak = rss.stop()
        const own = endedChildrenCpuSeconds() - cpuBefore.own
        const server = postmaster ? postgresCpuSeconds(postmaster) - cpuBefore.pg : NaN
        const rate = Number(/events per second:\s*(\d+)/.exec(output)?.[1])
        const corrected = /(rows corrected|differences):\s*(\d+)/.exec(output)?.[2]
        console.log(`${root}: exit ${code}, ${rate} events/s, wall ${wall.toFixed(1)} s, cpu ${own.toFixed(1)} s + postgres ${server.toFixed(1)} s, rss ${peak} MB, load ${load}, corrected ${corrected}, ${/hash chain:.*/.exec(output)?.[0]}`)
        if (code !== 0) console.log(output)
        ;(results[root] ??= []).push(rate)
        ;(cpu[root] ??= []).push(Math.round((own + server) * 10) / 10)
      } finally {
        await copy.close()
      }
    }
  }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]
  for (const [root, rates] of Object.entries(results)) {
    console.log(`${root}: ${rates.join(', ')} events/s → median ${median(rates)}; cpu of the command and postgres ${cpu[root].join(', ')} s → median ${median(cpu[root])}`)
  }
} finally {
  await set.close()
}
