// The status tables are the one place a status's words and rules live: the machine moves as the table says, the
// Department is offered the decisions the table's transitions name, and the exports say the pages' words.
import { createActor } from 'xstate'
import { describe, expect, it } from 'vitest'
import { reportMachine } from '../../domain/src/workflow/reports/report-machine.ts'
import { decisionsFrom, REPORT_STATUS_CODES, REPORT_STATUSES, reportStatusWords } from '../../domain/src/workflow/reports/report-status-table.ts'
import { FILE_STATUS_CODES, fileStatusWords } from '../../domain/src/workflow/files/file-status-table.ts'
import { FILE_COLUMNS, REPORT_COLUMNS } from '../../server/src/routes/api/workflow-columns.ts'

const VERBS = ['agree', 'decline', 'cancel', 'resubmit'] as const

describe('the report status table', () => {
  it('is what the report machine does: from each status each verb leads where the table says, or nowhere', () => {
    for (const status of REPORT_STATUS_CODES) {
      for (const verb of VERBS) {
        const snapshot = reportMachine.resolveState({ value: status, context: undefined })
        const actor = createActor(reportMachine, { snapshot }).start()
        const can = actor.getSnapshot().can({ type: verb })
        const to: string | undefined = REPORT_STATUSES[status].on[verb]
        expect(can, `${status} ${verb}`).toBe(to !== undefined)
        if (to) {
          actor.send({ type: verb })
          expect(actor.getSnapshot().value).toBe(to)
        }
        actor.stop()
      }
    }
  })

  it("offers the Department the decisions among a status's transitions, never the holder's corrected file", () => {
    expect(decisionsFrom('consideration').map((d) => [d.verb, d.to, d.button])).toEqual([
      ['agree', 'agreed', 'Согласовать'],
      ['decline', 'rejected', 'Отклонить'],
    ])
    expect(decisionsFrom('agreed').map((d) => d.verb)).toEqual(['cancel'])
    expect(decisionsFrom('rejected').map((d) => d.verb)).toEqual(['cancel'])
  })

  it("gives the exports the same word for a report's and a file's status as the pages", () => {
    const statusCell = REPORT_COLUMNS.find((c) => c.header === 'Статус')!.cell
    for (const status of REPORT_STATUS_CODES) expect(statusCell({ status } as never)).toBe(reportStatusWords(status))
    const fileCell = FILE_COLUMNS.find((c) => c.header === 'Статус проверки')!.cell
    for (const status of FILE_STATUS_CODES) expect(fileCell({ status } as never)).toBe(fileStatusWords(status))
    expect(fileStatusWords('error')).toBe('Ошибка: несоответствие полей')
    expect(reportStatusWords('consideration')).toBe('На рассмотрении')
  })
})
