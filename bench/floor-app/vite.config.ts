// Builds the bench's floor page (page.floor) as remix-app/vite.config.ts builds the portal's pages: the same Remix
// plugin, base path and future flags, so the floor runs the same router and renderer code the portal's pages run.
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
      serverModuleFormat: 'esm',
      future: {
        v3_fetcherPersist: true,
        v3_relativeSplatPath: true,
        v3_throwAbortReason: true,
        v3_lazyRouteDiscovery: true,
        v3_singleFetch: true,
        v3_routeConfig: true,
      },
    }),
  ],
  build: { sourcemap: false },
})
