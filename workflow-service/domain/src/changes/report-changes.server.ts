// The comparison of a round's readings (decision 3714) with the report's declined round and last year's published
// readings: its three grouped reads and the pure comparison, for the report's changes and for the check before sending.
import type { Kysely, RawBuilder } from 'kysely'
import type { Database } from '@portal/migrations/database.ts'
import { importSpecForReport } from '../catalogue/registry/uploads.ts'
import { type ChangesSummary, compareRounds, summaryOf } from './round-changes.ts'
import { type ChangesReport, groupRows, lastYearGroups, pointLabels, previousRound } from './round-changes-queries.server.ts'

/** The report type whose rounds are compared: its rows are readings of points. */
export const CHANGES_REPORT_TYPE = 'observation_results'

/** The factor of the year-on-year rule, declared once with the upload (10). */
export function plausibilityFactor(): number {
  return importSpecForReport(CHANGES_REPORT_TYPE)?.lastYear?.factor ?? 10
}

/**
 * Every row of the comparison of `current` (rows with a `data` column) with the report's declined round before
 * `before` and last year's readings: the use-case's answer and the check before sending both read it.
 */
export async function changesOf(
  db: Kysely<Database>,
  report: Pick<ChangesReport, 'id' | 'year' | 'areaId' | 'companyId'>,
  current: RawBuilder<unknown>,
  before: number,
) {
  const [now, previous, lastYear] = await Promise.all([groupRows(db, current), previousRound(db, report.id, before), lastYearGroups(db, report)])
  const points = await pointLabels(
    db,
    [...now, ...previous.groups].map((g) => g.point),
  )
  const factor = plausibilityFactor()
  const rows = compareRounds({
    current: now,
    previous: previous.groups,
    lastYear,
    points,
    factor,
  })
  return { previousRound: previous.round, factor, rows }
}

/** Rows of the check before sending: the largest changes come first, so the first few are the ones to look at. */
export const PRECHECK_CHANGE_ROWS = 20

/**
 * A file's good rows checked before sending (rows with a `data` column) against the section's declined round and
 * last year: `roundBefore` is the round the file would start or join (a declined report's next one).
 */
export async function precheckChanges(
  db: Kysely<Database>,
  scope: { reportId: number | null; year: number; areaId: number | null; companyId: number; roundBefore: number },
  rows: RawBuilder<unknown>,
): Promise<ChangesSummary> {
  const { previousRound, factor, rows: found } = await changesOf(db, { id: scope.reportId ?? 0, year: scope.year, areaId: scope.areaId, companyId: scope.companyId }, rows, scope.roundBefore)
  return summaryOf(found, { previousRound, lastYear: scope.year - 1, factor }, 0, PRECHECK_CHANGE_ROWS)
}
