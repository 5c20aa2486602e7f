// The process that checks an uploaded file, compiled once per test run by the build's own script
// (scripts/build-server.mjs `--entry file-check-child`: the workspaces bundled, packages left as imports): started from
// the TypeScript sources under tsx, each check's process spent over a second loading them, and a run starts over a hundred.
import { execFile } from 'node:child_process'
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')

/** Compiles the child into a folder of its own and answers its file and how to remove the folder. */
export async function buildFileCheckChild(): Promise<{ file: string; remove(): void }> {
  // Inside the project, so that the compiled file's imports of packages find node_modules.
  const cache = path.join(root, 'node_modules', '.cache')
  mkdirSync(cache, { recursive: true })
  const outdir = mkdtempSync(path.join(cache, 'file-check-child-'))
  await promisify(execFile)(process.execPath, [path.join(root, 'scripts/build-server.mjs'), '--entry', 'file-check-child', '--outdir', outdir], { cwd: root })
  return { file: path.join(outdir, 'file-check-child.js'), remove: () => rmSync(outdir, { recursive: true, force: true }) }
}
