// Vitest for every workspace's tests against a real PostgreSQL (one fresh database per test file).
import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    include: ['portal/test/**/*.test.ts', 'workflow-service/test/**/*.test.ts', 'workers/test/**/*.test.ts', 'migrations/test/**/*.test.ts', 'remix-app/test/**/*.test.ts', 'bench/test/**/*.test.ts'],
    globalSetup: ['test-support/global-setup.ts'],
    // One audit key for the whole run: the template's demo events and every test file's appends verify with it.
    env: { AUDIT_KEY: process.env.AUDIT_KEY || 'test-audit-key-0123456789abcdef0123456789abcdef' },
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    poolOptions: { forks: { maxForks: 2 } },
  },
})
