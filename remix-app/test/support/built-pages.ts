// The built pages (remix-app/build, made by `npm run build`), for tests that send requests through the whole portal:
// Fastify, its hooks and the real Remix build, as `npm start` serves them.
import { existsSync } from 'node:fs'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import type { ServerBuild } from '@remix-run/node'

const buildDir = path.resolve(import.meta.dirname, '../../build')

export async function builtPages(): Promise<{ build: ServerBuild; clientDir: string }> {
  const entry = path.join(buildDir, 'server/index.js')
  if (!existsSync(entry)) throw new Error('the pages are not built: run "npm run build" first')
  return { build: (await import(pathToFileURL(entry).href)) as ServerBuild, clientDir: path.join(buildDir, 'client') }
}
