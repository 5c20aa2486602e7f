// The replay under the CPU profiler: on a fresh copy of the replay-only data set of bench/replay-ab.ts (loaded there),
// `npm run replay` of a checkout with `node --cpu-prof`, then the profile's self time by function and by file.
// Usage: npx tsx bench/replay-profile.ts --root /work/wt-replay [--top 40] [--out /tmp/replay-prof]
import { spawn } from 'node:child_process'
import { mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { openReplayLab } from './support/replay-lab.ts'

const { values } = parseArgs({ options: { root: { type: 'string', default: process.cwd() }, top: { type: 'string', default: '40' }, out: { type: 'string', default: '/tmp/replay-prof' }, events: { type: 'string', default: '200000' } } })

interface Node { id: number; callFrame: { functionName: string; url: string; lineNumber: number }; children?: number[] }
interface Profile { nodes: Node[]; samples: number[]; timeDeltas: number[]; startTime: number; endTime: number }

const set = await openReplayLab(Number(values.events), (m) => console.log(m))
try {
  const copy = await set.scratchCopy()
  try {
    rmSync(values.out, { recursive: true, force: true })
    mkdirSync(values.out, { recursive: true })
    const args = ['--cpu-prof', `--cpu-prof-dir=${values.out}`, '--import', 'tsx', path.join(values.root, 'workflow-service/server/src/cli/replay-command.ts')]
    const child = spawn(process.execPath, args, { cwd: values.root, env: { ...process.env, DATABASE_URL: copy.url, DATA_DIR: set.folder, LOG_LEVEL: 'warn' }, stdio: ['ignore', 'inherit', 'inherit'] })
    await new Promise((resolve) => child.once('exit', resolve))
  } finally {
    await copy.close()
  }
} finally {
  await set.close()
}
const file = readdirSync(values.out).find((f) => f.endsWith('.cpuprofile'))!
const profile = JSON.parse(readFileSync(path.join(values.out, file), 'utf8')) as Profile
const byId = new Map(profile.nodes.map((n) => [n.id, n]))
const self = new Map<number, number>()
profile.samples.forEach((id, i) => self.set(id, (self.get(id) ?? 0) + profile.timeDeltas[i]))
const total = [...self.values()].reduce((a, b) => a + b, 0)
const byFunction = new Map<string, number>()
const byFile = new Map<string, number>()
for (const [id, us] of self) {
  const { functionName, url, lineNumber } = byId.get(id)!.callFrame
  const short = url.replace(/^.*node_modules\//, '').replace(/^file:\/\/.*?\/(workflow-service|migrations)\//, '$1/')
  byFunction.set(`${functionName || '(anonymous)'} ${short}:${lineNumber + 1}`, (byFunction.get(`${functionName || '(anonymous)'} ${short}:${lineNumber + 1}`) ?? 0) + us)
  const fileKey = short.split(':')[0] || functionName
  byFile.set(fileKey, (byFile.get(fileKey) ?? 0) + us)
}
const show = (m: Map<string, number>) => [...m].sort((a, b) => b[1] - a[1]).slice(0, Number(values.top)).forEach(([k, us]) => console.log(`${(us / 1000).toFixed(0).padStart(7)} ms ${((100 * us) / total).toFixed(1).padStart(5)} %  ${k}`))
console.log(`profile ${file}: ${(total / 1e6).toFixed(2)} s sampled`)
console.log('-- self time by function'); show(byFunction)
console.log('-- self time by file'); show(byFile)
