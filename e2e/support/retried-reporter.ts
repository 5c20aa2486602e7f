// Names every browser test that passed only on its retry, in the run's output and in .test-results/e2e-retried.json,
// so a test that is unsteady is seen and mended, not hidden by the retry (decision 2712).
import { mkdirSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import type { Reporter, TestCase } from 'vitest/node'

export default class RetriedReporter implements Reporter {
  private readonly retried: string[] = []

  onTestCaseResult(test: TestCase) {
    const diagnostic = test.diagnostic()
    if (diagnostic?.flaky) this.retried.push(`${test.module.moduleId.split('/e2e/').pop()} > ${test.fullName}`)
  }

  onTestRunEnd() {
    const folder = path.resolve('.test-results')
    mkdirSync(folder, { recursive: true })
    writeFileSync(path.join(folder, 'e2e-retried.json'), JSON.stringify(this.retried, null, 2))
    for (const name of this.retried) console.log(`passed on its retry: ${name}`)
  }
}
