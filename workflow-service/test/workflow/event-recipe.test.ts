// What a new event costs: the stream's union gets the new type and its event table the entry, nothing else. The
// TypeScript checker runs on the service's sources with a new event added in memory (support/files-that-fail.ts):
// without its entry the stream's event table is the one file that does not compile; with it, every file does,
// because the live projection, the replay, the history, the audit, the exports and the notices all read the table.
import { execFile } from 'node:child_process'
import path from 'node:path'
import { promisify } from 'node:util'
import { describe, expect, it } from 'vitest'
import type { Edit } from '../support/files-that-fail.ts'

const run = promisify(execFile)
const root = path.resolve(import.meta.dirname, '../../..')

async function filesThatFail(edits: Edit[]): Promise<string[]> {
  const { stdout } = await run(process.execPath, ['--import', 'tsx', 'workflow-service/test/support/files-that-fail.ts', JSON.stringify(edits)], { cwd: root })
  return JSON.parse(stdout) as string[]
}

const NEW_EVENT: Edit = {
  file: 'workflow-service/src/workflow/reports/report-events.ts',
  piece: 'export type ReportEvent = ReportCreated |',
  by: "export type ReportEvent = { type: 'ReportCommented'; data: { reportId: number; comment: string } } | ReportCreated |",
}

const ITS_ENTRY: Edit = {
  file: 'workflow-service/src/workflow/reports/report-event-table.ts',
  piece: '} satisfies EventTable<ReportEvent,',
  by: '  ReportCommented: { machine: null, evolve: same, rows: () => [], history: null, label: \'Отчёт прокомментирован\', notice: null },\n} satisfies EventTable<ReportEvent,',
}

describe('the files a new event needs', () => {
  it('a new event type without its entry fails to compile in its event table, and only there', async () => {
    expect(await filesThatFail([NEW_EVENT])).toEqual(['workflow-service/src/workflow/reports/report-event-table.ts'])
  }, 300_000)

  it('a new event type with its entry compiles everywhere: the union and the table are the two files it needs', async () => {
    expect(await filesThatFail([NEW_EVENT, ITS_ENTRY])).toEqual([])
  }, 300_000)
})
