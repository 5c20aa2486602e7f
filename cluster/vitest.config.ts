// The cluster test: two web nodes and two worker nodes of the production build, as separate processes, on one
// PostgreSQL server and one Redis (`npm run build` first; scripts/ensure-redis.sh makes sure Redis answers).
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vitest/config'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')

export default defineConfig({
  root,
  test: {
    include: ['cluster/**/*.cluster.ts'],
    testTimeout: 120_000,
    hookTimeout: 240_000,
    pool: 'forks',
    fileParallelism: false,
  },
})
