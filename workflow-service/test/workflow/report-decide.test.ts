// The report stream, as given events → when a command (with its facts) → then events or a refusal.
import { describe, expect, it } from 'vitest'
import { refusalAnswer } from '../../domain/src/vocabulary/refusal-answers.ts'
import { isRefusal } from '../../domain/src/workflow/refusal.ts'
import { decideReport, foldReport, type ReportCommand, type ReportFacts } from '../../domain/src/workflow/reports/report-decide.ts'
import type { ReportEvent } from '../../domain/src/workflow/reports/report-events.ts'

const created: ReportEvent = { type: 'ReportCreated', data: { reportId: 7, reportType: 'program', year: 2025, areaId: 3, companyId: 1 } }
const decision = { comment: 'Комментарий', files: [] }
const agreed: ReportEvent = { type: 'ReportAgreed', data: { reportId: 7, ...decision } }
const rejected: ReportEvent = { type: 'ReportRejected', data: { reportId: 7, ...decision } }
const resubmitted: ReportEvent = { type: 'ReportResubmitted', data: { reportId: 7, fileId: 12, fileName: 'Исправленный.csv', round: 2 } }

/** Facts of a report with one checked file, in 2026. */
const FACTS: ReportFacts = { files: ['success'], companyHasLicenceAreas: true, currentYear: 2026 }

/** Given these events, when this command with these facts: the events recorded or the refusal's reason. */
function when(given: ReportEvent[], command: ReportCommand, facts: Partial<ReportFacts> = {}) {
  return decideReport(foldReport(given), command, { ...FACTS, ...facts })
}

const reasonOf = (decision: ReturnType<typeof when>) => (isRefusal(decision) ? decision.reason : null)
const typesOf = (decision: ReturnType<typeof when>) => (isRefusal(decision) ? decision : decision.map((e) => e.type))

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

describe('report stream', () => {
  for (const [state, row] of Object.entries(TABLE)) {
    for (const [command, outcome] of Object.entries(row)) {
      const name =
        outcome === null ? `refuses to ${command} a report in state ${state}` : outcome === '' ? `creates nothing for an existing report in state ${state}` : `${command} in state ${state} records ${outcome}`
      it(name, () => {
        const result = when(GIVEN[state], COMMANDS[command])
        if (outcome === null) {
          expect(isRefusal(result) && refusalAnswer(result).status).toBe(409)
          return
        }
        expect(typesOf(result)).toEqual(outcome === '' ? [] : [outcome])
      })
    }
  }

  it('folds its events to the status through the machine and counts the version', () => {
    expect(foldReport(GIVEN.agreed)).toMatchObject({ status: 'agreed', reportId: 7, version: 2, round: 1 })
    expect(foldReport(GIVEN['consideration after a cancel'])).toMatchObject({ status: 'consideration', version: 3 })
  })

  it('records which decision a cancel took back', () => {
    expect(when(GIVEN.rejected, COMMANDS.cancel)).toEqual([{ type: 'ReportDecisionCancelled', data: { reportId: 7, previousStatus: 'rejected', ...decision } }])
  })

  it('says in the refusal which status the report already has', () => {
    const result = when(GIVEN.agreed, COMMANDS.agree)
    expect(isRefusal(result) && refusalAnswer(result).detail).toMatch(/Согласован/)
  })
})

describe('agreeing only something to agree', () => {
  it('refuses to agree a report while a file is being checked', () => {
    expect(reasonOf(when([created], COMMANDS.agree, { files: ['success', 'processing'] }))).toBe('files-being-checked')
  })

  it('refuses to agree a report that has no file', () => {
    expect(reasonOf(when([created], COMMANDS.agree, { files: [] }))).toBe('no-file')
  })

  it('refuses to agree a report whose files all failed the check', () => {
    expect(reasonOf(when([created], COMMANDS.agree, { files: ['error', 'error'] }))).toBe('files-failed')
  })

  it('agrees a report with a checked file beside a failed one', () => {
    expect(typesOf(when([created], COMMANDS.agree, { files: ['error', 'success'] }))).toEqual(['ReportAgreed'])
  })

  it('answers each of these refusals with 409 and a Russian message', () => {
    for (const files of [['processing'], [], ['error']] as const) {
      const result = when([created], COMMANDS.agree, { files })
      expect(isRefusal(result) && refusalAnswer(result)).toMatchObject({ status: 409, detail: expect.stringMatching(/^Нельзя согласовать отчёт/) })
    }
  })

  it('refuses to decline a report without files with 409, as agreeing is: nothing was sent to decide on', () => {
    const result = when([created], { type: 'DeclineReport', data: { comment: 'Нет программы', files: [] } }, { files: [] })
    expect(isRefusal(result) && refusalAnswer(result)).toEqual({ status: 409, detail: 'Нельзя отклонить отчёт: файлы не загружены.' })
    // A report whose files all failed their check may be declined: the holder is told what to correct.
    expect(typesOf(when([created], { type: 'DeclineReport', data: { comment: 'Исправьте', files: [] } }, { files: ['error'] }))).toEqual(['ReportRejected'])
  })

  it('refuses to decline without a comment, a blank one included, with 400 naming the comment', () => {
    const result = when([created], { type: 'DeclineReport', data: { comment: '  \n ', files: [] } })
    expect(isRefusal(result) && refusalAnswer(result)).toEqual({ status: 400, detail: 'comment: укажите причину отклонения', parameter: 'comment' })
  })
})

describe('resubmission', () => {
  const resubmit: ReportCommand = { type: 'ResubmitReport', data: { fileId: 12, fileName: 'Исправленный.csv' } }

  it('puts a declined report back under consideration in a new round when a corrected file comes', () => {
    expect(when(GIVEN.rejected, resubmit)).toEqual([resubmitted])
    expect(foldReport([...GIVEN.rejected, resubmitted])).toMatchObject({ status: 'consideration', round: 2 })
  })

  it('counts the rounds: declined again and resubmitted again is round 3', () => {
    const again = [...GIVEN.rejected, resubmitted, rejected]
    expect(when(again, resubmit)).toEqual([{ ...resubmitted, data: { ...resubmitted.data, round: 3 } }])
  })

  it('records nothing for a file added to a report under consideration, and refuses one for an agreed report', () => {
    expect(when(GIVEN.consideration, resubmit)).toEqual([])
    expect(reasonOf(when(GIVEN.agreed, resubmit))).toBe('report-agreed-upload')
  })
})

describe('where and when a report may be', () => {
  const create = (data: Partial<Extract<ReportCommand, { type: 'CreateReport' }>['data']>): ReportCommand => ({ type: 'CreateReport', data: { ...(created.data as Extract<ReportCommand, { type: 'CreateReport' }>['data']), ...data } })

  it('keeps greenhouse-gas reports per company, never per area', () => {
    expect(reasonOf(when([], create({ reportType: 'greenhouse_gases', areaId: 3 })))).toBe('report-type-not-for-target')
    expect(typesOf(when([], create({ reportType: 'greenhouse_gases', areaId: null })))).toEqual(['ReportCreated'])
  })

  it('allows company-level programmes and observation results only where the spec does', () => {
    expect(reasonOf(when([], create({ reportType: 'program', areaId: null })))).toBe('report-type-not-for-target')
    expect(reasonOf(when([], create({ reportType: 'observation_results', areaId: null }), { companyHasLicenceAreas: true }))).toBe('report-type-not-for-target')
    expect(typesOf(when([], create({ reportType: 'observation_results', areaId: null }), { companyHasLicenceAreas: false }))).toEqual(['ReportCreated'])
  })

  it('takes years from 2000 up to next year only', () => {
    expect(reasonOf(when([], create({ year: 2028 })))).toBe('year-out-of-range')
    expect(reasonOf(when([], create({ year: 1999 })))).toBe('year-out-of-range')
    expect(typesOf(when([], create({ year: 2027 })))).toEqual(['ReportCreated'])
  })
})
