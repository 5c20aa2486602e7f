// «Что изменилось» (issue 37, decision 3714): one use-case answers the report's page, its file (CSV, XLSX) and the
// API with the same rows, for the Department and the report's company's users only.
import { Type } from 'typebox'
import { Id } from '../vocabulary/params.ts'
import { companyReportsReadRefusal, reportsReadRefusal } from '../workflow/read-access.ts'
import { Refused, refused } from '../workflow/refusal.ts'
import { type ChangeRow, type ChangesSummary, changeWords, markWords, summaryOf } from '../changes/round-changes.ts'
import { type ChangesReport, findChangesReport, standingRows } from '../changes/round-changes-queries.server.ts'
import { CHANGES_REPORT_TYPE, changesOf } from '../changes/report-changes.server.ts'
import type { Cell } from '../exports/table-cells.ts'
import type { WriteRows } from '../exports/row-writers.ts'
import { useCase, type UseCaseContext } from './use-case.ts'
import type { WorkflowServices } from '../ports/workflow-services.ts'
import { Limit, Offset } from './workflow-inputs.ts'

export interface ReportChanges extends ChangesSummary {
  report: {
    id: number
    year: number
    round: number
    status: string
    companyId: number
    companyName: string
    areaId: number | null
  }
}

const CHANGE_HEADERS = [
  'Пункт наблюдения',
  'Номенклатура',
  'Показатель',
  'Единица измерения',
  'Среднее в этом раунде',
  'Проб в этом раунде',
  'Среднее в прошлом раунде',
  'Изменение к прошлому раунду',
  'Среднее за прошлый год',
  'Изменение к прошлому году',
  'Отметка',
]

const changeCells = (row: ChangeRow, factor: number): Cell[] => [
  row.point.name,
  row.point.nomenclature,
  row.substance,
  row.unit,
  row.current,
  row.currentCount,
  row.previous,
  changeWords(row.fromPrevious),
  row.lastYear,
  changeWords(row.fromLastYear),
  markWords(row, factor),
]

export function reportChangesUseCases(services: WorkflowServices) {
  const { db } = services

  /** The report, when the reader may see it and it is an observation-results report. */
  const readable = async (context: UseCaseContext, id: number): Promise<ChangesReport | Refused> => {
    const denied = reportsReadRefusal(context.actor)
    if (denied) return denied
    const report = await findChangesReport(db, id)
    if (!report) return refused({ reason: 'report-not-found' })
    // Another company's report is answered as a missing one: its existence is nobody else's business.
    if (companyReportsReadRefusal(context.actor, report.companyId)) return refused({ reason: 'report-not-found' })
    if (report.reportType !== CHANGES_REPORT_TYPE)
      return refused({
        reason: 'invalid-input',
        parameter: 'id',
        detail: 'id: сравнение с прошлым раундом и прошлым годом есть только у отчёта о результатах наблюдений',
      })
    return report
  }

  const compared = async (report: ChangesReport) => changesOf(db, report, standingRows(report.id), report.round)

  return {
    /** A page of the report's changes, the largest first; an offset past the last row is refused. */
    reportChanges: useCase(Type.Object({ id: Id, limit: Limit, offset: Offset }), async (context, input) => {
      const report = await readable(context, input.id)
      if (report instanceof Refused) return report
      const { previousRound, factor, rows } = await compared(report)
      if (input.offset > 0 && input.offset >= rows.length) {
        return refused({
          reason: 'invalid-input',
          parameter: 'offset',
          detail: `offset: за концом списка (строк: ${rows.length})`,
        })
      }
      return {
        report: {
          id: report.id,
          year: report.year,
          round: report.round,
          status: report.status,
          companyId: report.companyId,
          companyName: report.companyName,
          areaId: report.areaId,
        },
        ...summaryOf(rows, { previousRound, lastYear: report.year - 1, factor }, input.offset, input.limit),
      } satisfies ReportChanges
    }),

    /** The same rows as a file: its headers and a producer writing them in batches. */
    reportChangesExport: useCase(Type.Object({ id: Id }), async (context, input) => {
      const report = await readable(context, input.id)
      if (report instanceof Refused) return report
      const { factor, rows } = await compared(report)
      return {
        name: `Изменения отчёта ${report.id}`,
        headers: CHANGE_HEADERS,
        produce: async (write: WriteRows) => {
          for (let at = 0; at < rows.length; at += 1000) await write(rows.slice(at, at + 1000).map((row) => changeCells(row, factor)))
        },
      }
    }),
  }
}
