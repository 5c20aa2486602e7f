// Compiles the server, the worker node and the command-line tools to plain JavaScript in dist/ (one esbuild run),
// so production runs `node dist/…` with no TypeScript compiler at run time. Packages from node_modules stay
// imports; only the project's own workspaces are bundled.
import { rmSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const outdir = path.join(root, 'dist')

export const entryPoints = {
  server: 'portal/src/server.ts',
  'worker-node': 'portal/src/worker-node.ts',
  // The process each uploaded file is checked in (workers/src/files/check-in-child.server.ts).
  'file-check-child': 'workers/src/files/file-check-child.ts',
  migrate: 'portal/src/migrate-command.ts',
  replay: 'workflow-service/src/all-streams/replay/replay-command.ts',
  user: 'workflow-service/src/cli/user-command.ts',
  seed: 'portal/src/seed-command.ts',
}

/** Every bare import is a package of node_modules, except the workspaces (`@portal/…`), which are our sources. */
const externalPackages = {
  name: 'external-packages',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path.startsWith('@portal/')) return undefined
      return { path: args.path, external: true }
    })
  },
}

rmSync(outdir, { recursive: true, force: true })
await build({
  absWorkingDir: root,
  entryPoints: Object.fromEntries(Object.entries(entryPoints).map(([name, file]) => [name, path.join(root, file)])),
  outdir,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  sourcemap: true,
  chunkNames: 'chunks/[name]-[hash]',
  plugins: [externalPackages],
  logLevel: 'warning',
})
process.stdout.write(`compiled ${Object.keys(entryPoints).length} entry points to dist/\n`)
