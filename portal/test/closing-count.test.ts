// The closing line of `npm test` (scripts/count-tests.mjs) decides CI's verdict: Vitest's own exit code is not relied
// on (a process-exit hook of the embedded PostgreSQL can leave it 0), so the count must fail the run for every kind of
// failure a report holds, a test file that could not even load included.
import { spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'

const root = path.resolve(import.meta.dirname, '../..')
const folder = mkdtempSync(path.join(tmpdir(), 'closing-count-'))
afterAll(() => rmSync(folder, { recursive: true, force: true }))

function report(name: string, body: object): string {
  const file = path.join(folder, `${name}.json`)
  writeFileSync(file, JSON.stringify(body))
  return file
}

function count(...files: string[]) {
  const run = spawnSync(process.execPath, [path.join(root, 'scripts/count-tests.mjs'), ...files], { cwd: folder, encoding: 'utf8' })
  return { code: run.status, out: run.stdout }
}

const passing = { numPassedTests: 2, numFailedTests: 0, testResults: [{ name: path.join(folder, 'a.test.ts'), status: 'passed', assertionResults: [{ status: 'passed', fullName: 'a works' }, { status: 'passed', fullName: 'a still works' }] }] }

describe('the closing count of npm test', () => {
  it('passes when every suite reported and every test passed', () => {
    expect(count(report('pass', passing))).toEqual({ code: 0, out: '2 passed, 0 failed\n' })
  })

  it('fails naming a failed test with its first error line', () => {
    const failing = { numPassedTests: 1, numFailedTests: 1, testResults: [{ name: path.join(folder, 'b.test.ts'), status: 'failed', assertionResults: [{ status: 'passed', fullName: 'b one' }, { status: 'failed', fullName: 'b two', failureMessages: ['AssertionError: expected 1 to be 2\n    at …'] }] }] }
    const { code, out } = count(report('pass', passing), report('fail', failing))
    expect(code).toBe(1)
    expect(out).toContain('FAILED b.test.ts > b two\n    AssertionError: expected 1 to be 2')
    expect(out.trim().split('\n').at(-1)).toBe('3 passed, 1 failed')
  })

  it('fails for a test file that could not load, which has no test to count', () => {
    const broken = { numPassedTests: 0, numFailedTests: 0, numFailedTestSuites: 1, testResults: [{ name: path.join(folder, 'c.test.ts'), status: 'failed', message: 'Failed to load url ./missing.ts', assertionResults: [] }] }
    const { code, out } = count(report('pass', passing), report('broken', broken))
    expect(out).toContain('FAILED c.test.ts (the file itself)\n    Failed to load url ./missing.ts')
    expect(out.trim().split('\n').at(-1)).toBe('2 passed, 1 failed')
    expect(code).toBe(1)
  })

  it('fails when a stage left no report at all', () => {
    const { code, out } = count(report('pass', passing), path.join(folder, 'never-written.json'))
    expect(code).toBe(1)
    expect(out).toContain('1 suite(s) did not report: counted as failed')
  })
})
