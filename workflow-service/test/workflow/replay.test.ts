import { execFile } from 'node:child_process'
import path from 'node:path'
import { promisify } from 'node:util'
import { describe, expect, it } from 'vitest'
import { rebuildProjections, verifyProjections } from '../../src/workflow/replay/replay.server.ts'
import { useTestApp } from '../support/test-app.ts'

const t = useTestApp()
const run = promisify(execFile)
const root = path.resolve(import.meta.dirname, '../../..')

async function replayCommand(...args: string[]): Promise<{ code: number; stdout: string }> {
  try {
    const { stdout } = await run(process.execPath, ['--import', 'tsx', 'workflow-service/src/workflow/replay/replay-command.ts', ...args], {
      cwd: root,
      env: { ...process.env, DATABASE_URL: t.database.url },
    })
    return { code: 0, stdout }
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string }
    return { code: failed.code, stdout: `${failed.stdout}${failed.stderr}` }
  }
}

describe('replay', () => {
  it('npm run replay -- --verify prints zero differences and an intact chain on the demo data', async () => {
    const { code, stdout } = await replayCommand('--verify')
    expect(code, stdout).toBe(0)
    expect(stdout).toMatch(/events per second: \d+/)
    expect(stdout).toMatch(/hash chain:\s+intact/)
    expect(stdout).toMatch(/differences:\s+0/)
  })

  it('finds a read model changed behind the log, and the replay puts it back', async () => {
    const report = await t.database.db.selectFrom('import_reports').select(['id', 'status']).where('status', '=', 'agreed').orderBy('id').executeTakeFirstOrThrow()
    await t.database.db.updateTable('import_reports').set({ status: 'rejected' }).where('id', '=', report.id).execute()
    const file = await t.database.db.selectFrom('import_files').select('id').orderBy('id').executeTakeFirstOrThrow()
    await t.database.db.updateTable('import_files').set({ description: 'подменено' }).where('id', '=', file.id).execute()

    const verified = await replayCommand('--verify')
    expect(verified.code).toBe(1)
    expect(verified.stdout).toMatch(/import_reports: 1 only in the live table, 1 only in the replay/)
    expect(verified.stdout).toMatch(/import_files: 1 only in the live table, 1 only in the replay/)

    const rebuilt = await rebuildProjections(t.database.db)
    expect(rebuilt.differences.map((d) => d.table).sort()).toEqual(['import_files', 'import_reports'])
    expect((await t.database.db.selectFrom('import_reports').select('status').where('id', '=', report.id).executeTakeFirstOrThrow()).status).toBe('agreed')
    const after = await verifyProjections(t.database.db)
    expect(after.differences).toEqual([])
  })
})
