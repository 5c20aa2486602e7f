// The spec tests in a copy of the repository that has nothing beside it, as a fresh clone has: the tracked files only
// (as they are in the working tree, so what is about to be committed is what is tried), in a temporary folder of its
// own. Installed packages are reused through symlinks so nothing is installed; the workspace packages point at the
// copy's own folders, as npm links them. A test that reads a file outside the repository (the spec documents beside
// the main checkout) fails there.
import { execFileSync, spawn } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { PROJECT_ROOT } from './support/coverage-table.ts'

/** The Vitest files that read the spec's items, run in the copy. */
const SPEC_TEST_FILES = ['remix-app/test/spec-items.test.ts', 'remix-app/test/spec-constants.test.ts', 'remix-app/test/catalogue-coverage.test.ts']

/** The files git tracks, copied from the working tree (a file deleted but not yet committed is left out). */
function copyTrackedFiles(from: string, to: string): number {
  const files = execFileSync('git', ['ls-files', '-z'], { cwd: from, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 }).split('\0').filter(Boolean)
  let copied = 0
  for (const file of files) {
    const source = path.join(from, file)
    const stat = fs.lstatSync(source, { throwIfNoEntry: false })
    if (!stat) continue
    fs.mkdirSync(path.dirname(path.join(to, file)), { recursive: true })
    if (stat.isSymbolicLink()) fs.symlinkSync(fs.readlinkSync(source), path.join(to, file))
    else fs.copyFileSync(source, path.join(to, file))
    copied++
  }
  return copied
}

/**
 * A node_modules of the copy: each installed package a symlink to the repository's, except the workspace packages,
 * whose relative links are copied as they are so that they name the copy's own folders.
 */
function linkPackages(from: string, to: string, repository: string) {
  if (!fs.existsSync(from)) return
  fs.mkdirSync(to, { recursive: true })
  for (const entry of fs.readdirSync(from, { withFileTypes: true })) {
    // Dot entries are caches (.vite) and npm's bookkeeping: the copy keeps its own, none at all.
    if (entry.name.startsWith('.')) continue
    const source = path.join(from, entry.name)
    const target = path.join(to, entry.name)
    if (entry.isDirectory() && entry.name.startsWith('@')) {
      linkPackages(source, target, repository)
      continue
    }
    if (entry.isSymbolicLink()) {
      const link = fs.readlinkSync(source)
      const resolved = path.resolve(from, link)
      if (!path.isAbsolute(link) && !path.relative(repository, resolved).startsWith('..') && !resolved.includes(`${path.sep}node_modules${path.sep}`)) {
        fs.symlinkSync(link, target)
        continue
      }
    }
    fs.symlinkSync(source, target)
  }
}

/** Runs a command to its end without blocking this process (the running Vitest keeps talking to its worker). */
function run(command: string, args: string[], options: { cwd: string; env: NodeJS.ProcessEnv }): Promise<{ status: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { ...options, stdio: ['ignore', 'pipe', 'pipe'] })
    let output = ''
    const keep = (chunk: Buffer) => {
      output = (output + chunk.toString('utf8')).slice(-16_000)
    }
    child.stdout.on('data', keep)
    child.stderr.on('data', keep)
    child.on('error', reject)
    child.on('close', (status) => resolve({ status, output }))
  })
}

interface VitestReport {
  numTotalTests: number
  numFailedTests: number
  numPendingTests: number
  numTodoTests: number
  testResults: Array<{ name: string; assertionResults: Array<{ fullName: string; title: string; status: string; failureMessages: string[] }> }>
}

describe('the spec tests in a checkout with nothing beside it', () => {
  it('pass in a copy of the tracked files alone, every one run, none reading outside the copy', { timeout: 600_000 }, async () => {
    const alone = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-alone-'))
    try {
      const copy = path.join(alone, 'portal')
      expect(copyTrackedFiles(PROJECT_ROOT, copy)).toBeGreaterThan(100)
      for (const dir of ['.', 'remix-app', 'workflow-service/platform', 'workflow-service/domain', 'workflow-service/server', 'workers', 'migrations']) {
        linkPackages(path.join(PROJECT_ROOT, dir, 'node_modules'), path.join(copy, dir, 'node_modules'), PROJECT_ROOT)
      }
      // The copy's workspace packages are its own folders, not the repository's.
      expect(fs.realpathSync(path.join(copy, 'node_modules/@portal/workflow-domain'))).toBe(fs.realpathSync(path.join(copy, 'workflow-service/domain')))
      expect(fs.readdirSync(alone)).toEqual(['portal'])

      // No setting of this run leaks in: not the spec folder's variable, not the running Vitest's own.
      const env = Object.fromEntries(Object.entries(process.env).filter(([key]) => key !== 'SPEC_DIR' && !key.startsWith('VITEST') && key !== 'NODE_OPTIONS')) as NodeJS.ProcessEnv
      const reportFile = path.join(alone, 'report.json')
      const vitest = await run(process.execPath, [path.join(copy, 'node_modules/vitest/vitest.mjs'), 'run', ...SPEC_TEST_FILES, '--reporter=json', `--outputFile=${reportFile}`], { cwd: copy, env })
      const report = fs.existsSync(reportFile) ? (JSON.parse(fs.readFileSync(reportFile, 'utf8')) as VitestReport) : null
      const failures = (report?.testResults ?? []).flatMap((file) => file.assertionResults.filter((a) => a.status !== 'passed').map((a) => `${a.fullName}: ${a.status} ${a.failureMessages.join('\n').slice(0, 400)}`))
      expect(failures, vitest.output.slice(-4000)).toEqual([])
      expect(vitest.status, vitest.output.slice(-4000)).toBe(0)
      expect(report).not.toBeNull()
      // Every file ran from the copy, and every test of it ran and passed (none skipped).
      expect(report!.testResults.map((file) => path.relative(copy, file.name)).sort()).toEqual([...SPEC_TEST_FILES].sort())
      expect(report!.numFailedTests + report!.numPendingTests + report!.numTodoTests).toBe(0)
      expect(report!.numTotalTests).toBeGreaterThan(30)
      // SPEC_DIR is unset in the copy, and the test that compares with the spec documents says in its name that it had none.
      const titles = report!.testResults.flatMap((file) => file.assertionResults.map((a) => a.title))
      expect(titles.some((title) => title.includes('SPEC_DIR names no spec folder: nothing to compare'))).toBe(true)
    } finally {
      fs.rmSync(alone, { recursive: true, force: true })
    }
  })
})
