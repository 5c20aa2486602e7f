// Browser tests: the built portal runs as a real process and Debian's Chromium drives it (playwright-core).
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vitest/config'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')

export default defineConfig({
  root,
  test: {
    include: ['e2e/**/*.e2e.ts'],
    globalSetup: ['e2e/support/global-setup.ts'],
    reporters: ['default', './e2e/support/retried-reporter.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // The files share one worker process and its modules: importing playwright-core and the accounts use-case again
    // for each file cost two seconds a file (`collect`, 52 s of a 460 s run). The test files keep no state in shared
    // modules: each file opens its own browser connection and database handle (support/browser.ts) and closes them.
    isolate: false,
    // One browser at a time: the machine has two cores and the portal needs one.
    fileParallelism: false,
    // A browser test that fails is run once more: on two loaded cores a page can miss a poll's time. One that passes
    // only on its retry is named at the end of the run and counted apart (decision 2712); a real failure fails twice.
    retry: 1,
  },
})
