// Builds the bench's floor page (page.floor) as remix-app/vite.config.ts builds the portal's pages: the same Remix
// options (remix-app/remix-options.ts: base path, future flags), so the floor runs the same router and renderer code
// the portal's pages run.
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { vitePlugin as remix } from '@remix-run/dev'
import { defineConfig } from 'vite'
import { REMIX_OPTIONS } from '../../remix-app/remix-options.ts'

const root = path.dirname(fileURLToPath(import.meta.url))

export default defineConfig({
  root,
  base: REMIX_OPTIONS.basename,
  plugins: [remix(REMIX_OPTIONS)],
  build: { sourcemap: false },
})
