// The bench refuses a flag it cannot measure with before it opens a data set, naming the flag, with exit status 2:
// `--connections 0` measured nothing and reported 0 req/s, and a misspelt case name ran no case and exited 0.
import { spawnSync } from 'node:child_process'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'

const root = path.resolve(import.meta.dirname, '../..')

function bench(...args: string[]): { status: number | null; stderr: string } {
  // Its own results file, so a refusal that came too late never overwrites bench/results/latest.json.
  const out = path.join(tmpdir(), `refused-flags-${process.pid}.json`)
  const run = spawnSync(process.execPath, ['--import', 'tsx', 'bench/bench.ts', '--scale', 'tiny', '--no-build', '--out', out, ...args], {
    cwd: root,
    encoding: 'utf8',
    // Nothing may be measured or loaded: a data set asked for would be a refusal that came too late.
    env: { ...process.env, BENCH_DATA_DIR: path.join(tmpdir(), 'refused-flags-must-not-load') },
    timeout: 60_000,
  })
  return { status: run.status, stderr: run.stderr }
}

describe('the bench’s flags', () => {
  it.each([
    [['--connections', '0'], '--connections must be a whole number from 1'],
    [['--connections', '2.5'], '--connections must be a whole number from 1'],
    [['--connections', '0x10'], '--connections must be a whole number from 1'],
    [['--connections', ' 5'], '--connections must be a whole number from 1'],
    [['--seconds', '0'], '--seconds must be a number from 0.1'],
    [['--seconds', 'Infinity'], '--seconds must be a number from 0.1'],
    [['--warmup=-1'], '--warmup must be a number from 0'],
    [['--warmup', '-1'], "Option '--warmup' argument is ambiguous"],
    [['--frobnicate'], "Unknown option '--frobnicate'"],
    [['--web-processes', ''], '--web-processes must be a whole number from 1'],
    [['--file-rows', '1e400'], '--file-rows must be a whole number from 1'],
    [['--cases', 'page.floor,page.flor'], '--cases: no case named "page.flor"'],
    [['--scale', 'huge'], '--scale must be one of'],
  ])('refuses %j with exit status 2, naming the flag', (args, message) => {
    const { status, stderr } = bench(...args)
    expect(stderr).toContain(message)
    expect(status).toBe(2)
  })
})
