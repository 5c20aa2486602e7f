// Runs `npm run replay [-- --verify]` as operators do: its own process, on a test database, answering its exit code
// and everything it printed.
import { execFile } from 'node:child_process'
import path from 'node:path'
import { promisify } from 'node:util'

const run = promisify(execFile)
const root = path.resolve(import.meta.dirname, '../../..')

export async function replayCommand(databaseUrl: string, ...args: string[]): Promise<{ code: number; stdout: string }> {
  try {
    const { stdout } = await run(process.execPath, ['--import', 'tsx', 'workflow-service/server/src/cli/replay-command.ts', ...args], {
      cwd: root,
      env: { ...process.env, DATABASE_URL: databaseUrl },
    })
    return { code: 0, stdout }
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string }
    return { code: failed.code, stdout: `${failed.stdout}${failed.stderr}` }
  }
}
