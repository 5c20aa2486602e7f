import { describe, expect, it } from 'vitest'
import { decideReport, foldReport, type ReportCommand } from '../../src/workflow/reports/report-decide.ts'
import type { ReportEvent } from '../../src/workflow/reports/report-events.ts'
import { Refusal } from '../../src/workflow/refusal.ts'

const created: ReportEvent = { type: 'ReportCreated', data: { reportId: 7, reportType: 'program', year: 2025, areaId: 3, companyId: 1 } }
const decision = { comment: 'Комментарий', files: [] }
const agreed: ReportEvent = { type: 'ReportAgreed', data: { reportId: 7, ...decision } }
const rejected: ReportEvent = { type: 'ReportRejected', data: { reportId: 7, ...decision } }

/** The histories that put a report in each state. */
const GIVEN: Record<string, ReportEvent[]> = {
  none: [],
  consideration: [created],
  agreed: [created, agreed],
  rejected: [created, rejected],
  'consideration after a cancel': [created, agreed, { type: 'ReportDecisionCancelled', data: { reportId: 7, previousStatus: 'agreed', ...decision } }],
}

const COMMANDS: Record<string, ReportCommand> = {
  create: { type: 'CreateReport', data: created.data as Extract<ReportCommand, { type: 'CreateReport' }>['data'] },
  agree: { type: 'AgreeReport', data: decision },
  decline: { type: 'DeclineReport', data: decision },
  cancel: { type: 'CancelReportDecision', data: decision },
}

/** state → command → the event type it produces ('' = nothing, it exists already; null = refused with 409). */
const TABLE: Record<string, Record<string, string | null>> = {
  none: { create: 'ReportCreated', agree: null, decline: null, cancel: null },
  consideration: { create: '', agree: 'ReportAgreed', decline: 'ReportRejected', cancel: null },
  agreed: { create: '', agree: null, decline: null, cancel: 'ReportDecisionCancelled' },
  rejected: { create: '', agree: null, decline: null, cancel: 'ReportDecisionCancelled' },
  'consideration after a cancel': { create: '', agree: 'ReportAgreed', decline: 'ReportRejected', cancel: null },
}

describe('report machine', () => {
  for (const [state, row] of Object.entries(TABLE)) {
    for (const [command, outcome] of Object.entries(row)) {
      const name =
        outcome === null ? `refuses to ${command} a report in state ${state}` : outcome === '' ? `creates nothing for an existing report in state ${state}` : `${command} in state ${state} records ${outcome}`
      it(name, () => {
        const state0 = foldReport(GIVEN[state])
        if (outcome === null) {
          let refusal: unknown
          try {
            decideReport(state0, COMMANDS[command])
          } catch (error) {
            refusal = error
          }
          expect(refusal).toBeInstanceOf(Refusal)
          expect((refusal as Refusal).statusCode).toBe(409)
          return
        }
        const events = decideReport(state0, COMMANDS[command])
        expect(events.map((e) => e.type)).toEqual(outcome === '' ? [] : [outcome])
      })
    }
  }

  it('folds its events to the status through the machine and counts the version', () => {
    expect(foldReport(GIVEN.agreed)).toMatchObject({ status: 'agreed', reportId: 7, version: 2 })
    expect(foldReport(GIVEN['consideration after a cancel'])).toMatchObject({ status: 'consideration', version: 3 })
  })

  it('records which decision a cancel took back', () => {
    const [event] = decideReport(foldReport(GIVEN.rejected), COMMANDS.cancel)
    expect(event).toEqual({ type: 'ReportDecisionCancelled', data: { reportId: 7, previousStatus: 'rejected', ...decision } })
  })

  it('says in the refusal which status the report already has', () => {
    expect(() => decideReport(foldReport(GIVEN.agreed), COMMANDS.agree)).toThrow(/Согласован/)
  })
})
