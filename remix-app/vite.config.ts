// Builds the Remix app for the base path /monitoring/ (client assets and the server bundle under build/).
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { vitePlugin as remix } from '@remix-run/dev'
import { defineConfig } from 'vite'
import { REMIX_OPTIONS } from './remix-options.ts'

const root = path.dirname(fileURLToPath(import.meta.url))

export default defineConfig({
  root,
  base: REMIX_OPTIONS.basename,
  plugins: [remix(REMIX_OPTIONS)],
  build: { sourcemap: false },
})
