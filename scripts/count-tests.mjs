// Sums Vitest's JSON reports of every suite into the one closing line "N passed, N failed".
import { existsSync, readFileSync } from 'node:fs'

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
}
if (missing) console.log(`${missing} suite(s) did not report: counted as failed`)
console.log(`${passed} passed, ${failed + missing} failed`)
process.exit(failed + missing > 0 ? 1 : 0)
