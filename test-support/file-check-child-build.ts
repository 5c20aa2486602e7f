// The process that checks an uploaded file, compiled once per test run as `npm run build` compiles it into dist/
// (scripts/build-server.mjs: the workspaces bundled, packages left as imports): started from the TypeScript sources
// under tsx, each check's process spent over a second loading them, and a test run starts over a hundred.
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')

/** Compiles the child into a folder of its own and answers its file and how to remove the folder. */
export async function buildFileCheckChild(): Promise<{ file: string; remove(): void }> {
  // Inside the project, so that the compiled file's imports of packages find node_modules.
  const cache = path.join(root, 'node_modules', '.cache')
  mkdirSync(cache, { recursive: true })
  const outdir = mkdtempSync(path.join(cache, 'file-check-child-'))
  await build({
    absWorkingDir: root,
    entryPoints: { 'file-check-child': path.join(root, 'workers/src/files/file-check-child.ts') },
    outdir,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    chunkNames: 'chunks/[name]-[hash]',
    plugins: [
      {
        name: 'external-packages',
        setup(b) {
          b.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith('@portal/') ? undefined : { path: args.path, external: true }))
        },
      },
    ],
    logLevel: 'warning',
  })
  return { file: path.join(outdir, 'file-check-child.js'), remove: () => rmSync(outdir, { recursive: true, force: true }) }
}
