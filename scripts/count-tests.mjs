// Sums Vitest's JSON reports of every suite into the one closing line "N passed, N failed", after naming each failed
// test with its file and the first line of its error: CI keeps only the log's tail, so the tail must say what failed.
import { existsSync, readFileSync } from 'node:fs'
import { relative } from 'node:path'

let passed = 0
let failed = 0
let missing = 0
for (const file of process.argv.slice(2)) {
  if (!existsSync(file)) {
    missing += 1
    continue
  }
  const report = JSON.parse(readFileSync(file, 'utf8'))
  passed += report.numPassedTests
  failed += report.numFailedTests
  for (const suite of report.testResults ?? []) {
    const where = relative(process.cwd(), suite.name)
    const failedTests = (suite.assertionResults ?? []).filter((test) => test.status === 'failed')
    for (const test of failedTests) {
      const firstLine = String(test.failureMessages?.[0] ?? '').split('\n')[0].slice(0, 300)
      console.log(`FAILED ${where} > ${test.fullName}\n    ${firstLine}`)
    }
    // A file that failed to load has no test results, only its message: it counts as one failure, or a file that
    // could not even be imported would pass the run.
    if (suite.status === 'failed' && failedTests.length === 0) {
      failed += 1
      console.log(`FAILED ${where} (the file itself)\n    ${String(suite.message ?? '').split('\n')[0].slice(0, 300)}`)
    }
  }
}
// Browser tests that passed only on their retry (e2e/support/retried-reporter.ts): passed, but named.
const retriedFile = '.test-results/e2e-retried.json'
const retried = existsSync(retriedFile) ? JSON.parse(readFileSync(retriedFile, 'utf8')) : []
for (const name of retried) console.log(`passed on its retry: ${name}`)
if (missing) console.log(`${missing} suite(s) did not report: counted as failed`)
console.log(`${passed} passed, ${failed + missing} failed${retried.length ? ` (${retried.length} passed on a retry)` : ''}`)
process.exit(failed + missing > 0 ? 1 : 0)
