// Compiles the server, the worker node and the command-line tools to plain JavaScript in dist/ (one esbuild run),
// so production runs `node dist/…` with no TypeScript compiler at run time. Packages from node_modules stay
// imports; only the project's own workspaces are bundled.
// `--entry NAME --outdir DIR` compiles that one entry point into DIR instead (the tests' file checker,
// test-support/file-check-child-build.ts), the same way.
import { rmSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import { build } from 'esbuild'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const { values: options } = parseArgs({ options: { entry: { type: 'string' }, outdir: { type: 'string' } } })
const outdir = path.resolve(root, options.outdir ?? 'dist')

const entryPoints = {
  server: 'portal/src/server.ts',
  'worker-node': 'portal/src/worker-node.ts',
  // The process each uploaded file is checked in (workers/src/files/check-in-child.server.ts).
  'file-check-child': 'workers/src/files/file-check-child.ts',
  migrate: 'portal/src/migrate-command.ts',
  replay: 'workflow-service/server/src/cli/replay-command.ts',
  user: 'workflow-service/server/src/cli/user-command.ts',
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

if (options.entry !== undefined && !(options.entry in entryPoints)) {
  process.stderr.write(`--entry must be one of ${Object.keys(entryPoints).join(', ')}\n`)
  process.exit(2)
}
const chosen = options.entry === undefined ? entryPoints : { [options.entry]: entryPoints[options.entry] }

rmSync(outdir, { recursive: true, force: true })
await build({
  absWorkingDir: root,
  entryPoints: Object.fromEntries(Object.entries(chosen).map(([name, file]) => [name, path.join(root, file)])),
  outdir,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node24',
  // Every compiled command first stops on a Node older than the declared one, with one line saying what to run.
  inject: [path.join(root, 'portal/src/required-node.ts')],
  sourcemap: true,
  chunkNames: 'chunks/[name]-[hash]',
  plugins: [externalPackages],
  logLevel: 'warning',
})
process.stdout.write(`compiled ${Object.keys(chosen).length} entry points to ${path.relative(root, outdir)}/\n`)
