// The files of the service that do not compile with some edits made in memory: files-that-fail.ts run in a process of
// its own (the checker takes a while and the test runner's worker must keep answering meanwhile). The recipe tests
// count a recipe's files with it.
import { execFile } from 'node:child_process'
import path from 'node:path'
import { promisify } from 'node:util'
import type { Edit } from './files-that-fail.ts'

export type { Edit }

const run = promisify(execFile)
const root = path.resolve(import.meta.dirname, '../../..')

export async function filesThatFail(edits: Edit[]): Promise<string[]> {
  const { stdout } = await run(process.execPath, ['--import', 'tsx', 'workflow-service/test/support/files-that-fail.ts', JSON.stringify(edits)], { cwd: root })
  return JSON.parse(stdout) as string[]
}
