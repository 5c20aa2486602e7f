// The Remix plugin's options the portal's pages are built with, shared by the bench's floor page
// (bench/floor-app/vite.config.ts) so that the floor runs the same router and renderer code the pages run.
import type { VitePluginConfig } from '@remix-run/dev'

export const REMIX_OPTIONS = {
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
} satisfies VitePluginConfig
