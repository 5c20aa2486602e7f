// Vitest for every workspace's tests against a real PostgreSQL (one fresh database per test file).
//
// Most files share a process with the files before them (decision 2724): each file re-importing the whole app in a
// fresh child cost more time than its tests. A file still gets its own database, app and audit key chain head; the
// modules that held process-wide state keep it per app. The files in ISOLATED change what a later file in the same
// process would see, so they run with a fresh module graph each, in processes the shared files never reuse.
import { defineConfig } from 'vitest/config'

const INCLUDE = ['portal/test/**/*.test.ts', 'workflow-service/test/**/*.test.ts', 'workers/test/**/*.test.ts', 'migrations/test/**/*.test.ts', 'remix-app/test/**/*.test.ts', 'bench/test/**/*.test.ts']

/** Files that must not share a module graph with other files, each for the reason beside it. */
const ISOLATED = [
  // Import test-support/round-trips.ts, which wraps pg's Client.query for the whole process, and count the round
  // trips of statements that db/repeated-statements.server.ts names once per process.
  'workflow-service/test/workflow/pipelined-transactions.test.ts',
  'workflow-service/test/workflow/command-write-path.test.ts',
  // Failed once of five shared runs (28 November): exceljs could not read back the book it had just written, in a
  // process that had run other files before; alone it always passed. The file it followed was not found: kept apart.
  'workers/test/report-templates.test.ts',
]

// One audit key for the whole run: the template's demo events and every test file's appends verify with it.
const env = { AUDIT_KEY: process.env.AUDIT_KEY || 'test-audit-key-0123456789abcdef0123456789abcdef' }
const timeouts = { testTimeout: 30_000, hookTimeout: 60_000 }

export default defineConfig({
  test: {
    // Runs once for the run (not per project): the projects below do not extend this config, so they read the
    // template database it provides instead of making their own.
    globalSetup: ['test-support/global-setup.ts'],
    env,
    ...timeouts,
    // One pool of two processes for both projects. Not isolated here, so a process runs file after file of the shared
    // project; vitest starts fresh processes when it moves from one project to the other.
    pool: 'forks',
    poolOptions: { forks: { maxForks: 2, isolate: false } },
    projects: [
      { test: { name: 'shared', include: INCLUDE, exclude: ISOLATED, env, ...timeouts, pool: 'forks', isolate: false } },
      { test: { name: 'isolated', include: ISOLATED, env, ...timeouts, pool: 'forks', isolate: true } },
    ],
  },
})
