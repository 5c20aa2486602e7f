// The check before sending (decision 2420): the upload's own check of a file, in the same limited child process, its
// good rows held in a temporary table of one transaction for the duplicate search and gone with it. No file, event,
// staged row or notification is written: the Department sees nothing.
// An observation-results file is also compared with the declined round and last year (decision 3714).
import { sql } from 'kysely'
import type { FileProblem } from '@portal/migrations/database.ts'
import { importSpecForReport } from '@portal/workflow-domain/registry.ts'
import type { FilePrechecks, OverBudget, PrecheckFindings, PrecheckRequest } from '@portal/workflow-domain/ports.ts'
import { MAX_PROBLEMS, type CheckedRow } from './check-data-file.server.ts'
import { checkDocumentFile } from './check-document-file.server.ts'
import { checkInChild } from './check-in-child.server.ts'
import { FILE_LIMITS, LIMIT_MESSAGES } from './file-limits.ts'
import { findDuplicatesOfRows } from './duplicate-rows.server.ts'
import { loadRowContext } from './row-context.server.ts'
import { CHANGES_REPORT_TYPE, precheckChanges } from '@portal/workflow-domain/commands.server.ts'

/** The values a report gives every row (the greenhouse report's company), as staging adds them. */
function fixedValues(request: PrecheckRequest): Record<string, number | null> {
  const fixed: Record<string, number | null> = {}
  for (const f of importSpecForReport(request.reportType)?.fromReport ?? []) fixed[f.column] = f.source === 'company_id' ? request.scope.companyId : request.scope.areaId
  return fixed
}

/** The file's bounds with the budget's rows in place of the upload's (a budget above them leaves them as they are). */
const limitsOf = (request: PrecheckRequest) => ({ ...FILE_LIMITS, maxRows: Math.min(FILE_LIMITS.maxRows, request.budget.maxRows) })

/**
 * `work`, or the budget's time when its deadline ended it: the child is killed by the signal and the transaction,
 * whose temporary rows go with it, is rolled back.
 */
async function inTime<T>(request: PrecheckRequest, work: () => Promise<T>): Promise<T | OverBudget> {
  try {
    return await work()
  } catch (error) {
    if (request.budget.deadline.aborted) return { overBudget: 'time' }
    throw error
  }
}

export const filePrechecks: FilePrechecks = {
  async check(db, request) {
    const spec = importSpecForReport(request.reportType)
    if (!spec) {
      const result = await checkDocumentFile(request.path, request.name)
      return { ok: result.ok, rows: 0, findings: result.problems }
    }
    const context = await loadRowContext(db, spec, request.scope)
    const fixed = fixedValues(request)
    const limits = limitsOf(request)
    // Past the budget's rows the child stops with the bound's message, which for a budget under the file's own bound
    // means "too long to check before sending", not a finding of the file.
    const pastRows = limits.maxRows < FILE_LIMITS.maxRows ? LIMIT_MESSAGES.rows(limits.maxRows) : null
    return inTime(request, () => db.transaction().execute(async (trx): Promise<PrecheckFindings | OverBudget> => {
      await sql`CREATE TEMPORARY TABLE precheck_rows (row_number integer NOT NULL, data jsonb NOT NULL) ON COMMIT DROP`.execute(trx)
      const hold = async (rows: CheckedRow[]) => {
        const payload = JSON.stringify(rows.map((r) => [r.number, { ...r.values, ...fixed }]))
        await sql`INSERT INTO precheck_rows SELECT (e->>0)::integer, e->1 FROM jsonb_array_elements(${payload}::jsonb) AS e`.execute(trx)
      }
      let result = await checkInChild({ kind: 'data', path: request.path, spec, context, stage: true, limits }, { onRows: hold, signal: request.budget.deadline })
      if (pastRows !== null && result.problems.some((p) => p.reason === pastRows)) return { overBudget: 'rows' }
      // As on upload: a file whose rows are all good is then searched for rows already filed or published.
      if (result.ok) {
        const duplicates = await findDuplicatesOfRows(trx, { spec, reportId: request.reportId, rows: sql`SELECT row_number, data FROM precheck_rows` }, MAX_PROBLEMS)
        if (duplicates.count > 0) {
          const more = duplicates.count - duplicates.problems.length
          result = { ...result, ok: false, problems: more > 0 ? [...duplicates.problems, { reason: `и ещё ошибок: ${more}` }] : duplicates.problems }
        }
      }
      const findings: FileProblem[] = [...result.problems, ...(result.warnings ?? [])]
      // Readings are shown against the declined round and last year before they are sent (decision 3714).
      if (spec.reportType !== CHANGES_REPORT_TYPE) return { ok: result.ok, rows: result.rows ?? 0, findings }
      const changes = await precheckChanges(trx, { reportId: request.reportId, ...request.scope, roundBefore: request.roundBefore }, sql`SELECT data FROM precheck_rows`)
      return { ok: result.ok, rows: result.rows ?? 0, findings, changes }
    }))
  },

  async marked(request, findings) {
    const spec = importSpecForReport(request.reportType)
    if (!spec) return { ok: false, reason: 'отметки ставятся только в таблицах XLSX и CSV: файлы этого раздела — документы' }
    const result = await inTime(request, () => checkInChild({ kind: 'mark', path: request.path, spec, findings: [...findings], limits: limitsOf(request) }, { signal: request.budget.deadline }))
    if ('overBudget' in result) return result
    if (!result.ok || !result.bytes) return { ok: false, reason: result.problems[0]?.reason ?? 'файл не удалось отметить' }
    return { ok: true, bytes: result.bytes }
  },
}
