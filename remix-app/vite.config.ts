// Builds the Remix app for the base path /monitoring/ (client assets and the server bundle under build/).
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { vitePlugin as remix } from '@remix-run/dev'
import { defineConfig } from 'vite'

const root = path.dirname(fileURLToPath(import.meta.url))

export default defineConfig({
  root,
  base: '/monitoring/',
  plugins: [
    remix({
      basename: '/monitoring/',
      appDirectory: 'app',
      buildDirectory: 'build',
      // Server code of the service (domain, database) stays external: it runs in the same Node process.
      serverModuleFormat: 'esm',
      future: {
        v3_fetcherPersist: true,
        v3_relativeSplatPath: true,
        v3_throwAbortReason: true,
        v3_lazyRouteDiscovery: true,
        v3_singleFetch: true,
        // The URL space is declared in app/routes.ts (no file routes).
        v3_routeConfig: true,
      },
    }),
  ],
  build: { sourcemap: false },
})
