// Vitest for every workspace's tests against a real PostgreSQL (one fresh database per test file).
import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    include: ['portal/test/**/*.test.ts', 'workflow-service/test/**/*.test.ts', 'workers/test/**/*.test.ts', 'migrations/test/**/*.test.ts', 'remix-app/test/**/*.test.ts'],
    globalSetup: ['workflow-service/test/support/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    poolOptions: { forks: { maxForks: 2 } },
  },
})
