// «Проверить без отправки» (decision 2420): a holder's file checked against a section exactly as an upload would be,
// and the holder's own workbook given back with the findings marked, while nothing is recorded: no file, no event, no
// notification, and the stored bytes are removed before the answer. The API and the reports page call it alike.
import { type Static, Type } from 'typebox'
import { can } from '../auth/permissions.ts'
import { Id, Year } from '../vocabulary/params.ts'
import type { FilePrechecks, OverBudget, PrecheckRequest } from '../ports/file-prechecks.ts'
import { uploadTypesOf } from '../catalogue/registry/uploads.ts'
import { uploadContentRefusal } from '../workflow/files/file-content.ts'
import { findingsOf } from '../workflow/files/file-findings.ts'
import { storedContent } from '../workflow/files/stored-content.server.ts'
import { Refused, refused } from '../workflow/refusal.ts'
import { decideReport, initialReportState } from '../workflow/reports/report-decide.ts'
import { reportStreamId } from '../workflow/reports/report-events.ts'
import { REPORT_STATUSES } from '../workflow/reports/report-status-table.ts'
import { findTarget } from '../workflow/reports/report-targets.server.ts'
import { removeStoredFile, storedFilePath } from '../workflow/storage/file-storage.server.ts'
import { useCase, type UseCaseContext } from './use-case.ts'
import type { WorkflowServices } from '../ports/workflow-services.ts'
import { ReportType, Stored } from './workflow-inputs.ts'

const PrecheckInput = Type.Object({
  area: Type.Optional(Type.Union([Id, Type.Null()])),
  company: Type.Optional(Type.Union([Id, Type.Null()])),
  year: Year,
  reportType: ReportType,
  upload: Stored,
})

export function precheckUseCases(services: WorkflowServices & { prechecks?: FilePrechecks }) {
  const { db } = services

  /** The section the file would go to, under the rules of an upload to it: only its company's holder may ask. */
  const sectionOf = async (context: UseCaseContext, input: Static<typeof PrecheckInput>): Promise<PrecheckRequest | Refused> => {
    if (!context.actor) return refused({ reason: 'login-required' })
    // Who may write no report at all is refused before any id is looked up, so nobody else learns which exist.
    if (!can(context.actor, 'write:report:own', { companyId: context.actor.companyId ?? undefined })) return refused({ reason: 'forbidden' })
    const found = await findTarget(db, { area: input.area, company: input.area ? undefined : input.company })
    if (found === undefined) return refused({ reason: 'report-target-missing' })
    if (found === null) return refused({ reason: 'target-not-found', parameter: input.area ? 'area' : 'company' })
    if (!can(context.actor, 'write:report:own', { companyId: found.companyId })) return refused({ reason: 'forbidden' })
    if (input.area && input.company && input.company !== found.companyId) return refused({ reason: 'area-of-other-company' })
    const target = { areaId: found.areaId ?? null, companyId: found.companyId }
    const report = await db.selectFrom('import_reports').select(['id', 'status', 'round']).where('stream_id', '=', reportStreamId(target, input.year, input.reportType)).executeTakeFirst()
    if (report && !REPORT_STATUSES[report.status].uploadsOpen) return refused({ reason: 'report-agreed-upload' })
    if (!report) {
      // The section's report does not exist yet: the rules that would refuse creating it refuse the check too.
      const hasAreas = await db.selectFrom('areas').select('id').where('company_id', '=', target.companyId).where('kind', '=', 'licence_area').limit(1).executeTakeFirst()
      const decided = decideReport(initialReportState(), { type: 'CreateReport', data: { reportId: 0, reportType: input.reportType, year: input.year, ...target } }, { files: [], companyHasLicenceAreas: hasAreas !== undefined, currentYear: new Date().getFullYear() })
      if (!Array.isArray(decided)) return refused(decided)
    }
    // What the upload refuses before any check (a program, bytes that are not what the name says, bytes already sent
    // to this report) is refused here in the same words.
    const wrongContent = uploadContentRefusal(input.upload.name, await storedContent(services.storageDir, input.upload.storageKey), uploadTypesOf(input.reportType))
    if (wrongContent) return refused({ reason: 'invalid-input', parameter: 'file', detail: wrongContent })
    if (report) {
      const same = await db.selectFrom('import_files').select(['name', 'created']).where('report_id', '=', report.id).where('sha256', '=', input.upload.sha256).where('status', 'in', ['processing', 'success']).orderBy('id').executeTakeFirst()
      if (same) return refused({ reason: 'duplicate-file', name: same.name, uploadedAt: new Date(same.created).toISOString() })
    }
    // A file larger than the budget is not read at all; its rows and its time are bounded while it is checked.
    const budget = services.precheckBudget
    if (budget && input.upload.size > budget.maxBytes) return refused({ reason: 'precheck-over-budget', bound: 'bytes', limit: budget.maxBytes, size: input.upload.size })
    return {
      path: storedFilePath(services.storageDir, input.upload.storageKey),
      name: input.upload.name,
      reportType: input.reportType,
      scope: { year: input.year, ...target },
      reportId: report?.id ?? null,
      // A file sent to a declined report starts its next round; otherwise it joins the current one.
      roundBefore: report ? report.round + (report.status === 'rejected' ? 1 : 0) : 1,
      budget: { maxRows: budget?.maxRows ?? Number.POSITIVE_INFINITY, deadline: budget ? AbortSignal.timeout(budget.seconds * 1000) : new AbortController().signal },
    }
  }

  /** The refusal of a check past its rows or its time. */
  const overBudget = (over: OverBudget): Refused => {
    const budget = services.precheckBudget!
    return refused(over.overBudget === 'rows' ? { reason: 'precheck-over-budget', bound: 'rows', limit: budget.maxRows } : { reason: 'precheck-over-budget', bound: 'time', limit: budget.seconds })
  }

  const checker = (): FilePrechecks | Refused => services.prechecks ?? refused({ reason: 'invalid-input', parameter: 'file', detail: 'file: проверка файлов без отправки недоступна на этом узле' })

  /** Runs `work` on the section and the stored bytes, which are removed whatever happens. */
  const withUpload = async <T>(context: UseCaseContext, input: Static<typeof PrecheckInput>, work: (request: PrecheckRequest, prechecks: FilePrechecks) => Promise<T | Refused>): Promise<T | Refused> => {
    try {
      const section = await sectionOf(context, input)
      if (section instanceof Refused) return section
      const prechecks = checker()
      return prechecks instanceof Refused ? prechecks : await work(section, prechecks)
    } finally {
      await removeStoredFile(services.storageDir, input.upload.storageKey)
    }
  }

  return {
    /** The findings of the check an upload of this file to the section would get. */
    precheckFile: useCase(PrecheckInput, (context, input) =>
      withUpload(context, input, async (request, prechecks) => {
        const result = await prechecks.check(db, request)
        if ('overBudget' in result) return overBudget(result)
        return { name: input.upload.name, ok: result.ok, rows: result.rows, count: result.findings.length, results: findingsOf(result.findings), changes: result.changes ?? null }
      }),
    ),

    /** The holder's own file as XLSX with the check's findings marked on its cells and listed on a sheet. */
    markedWorkbook: useCase(PrecheckInput, (context, input) =>
      withUpload(context, input, async (request, prechecks) => {
        const result = await prechecks.check(db, request)
        if ('overBudget' in result) return overBudget(result)
        const marked = await prechecks.marked(request, result.findings)
        if ('overBudget' in marked) return overBudget(marked)
        if (!marked.ok) return refused({ reason: 'invalid-input', parameter: 'file', detail: `file: ${marked.reason}` })
        return { name: markedName(input.upload.name), bytes: marked.bytes, ok: result.ok, count: result.findings.length }
      }),
    ),
  }
}

/** «Проверка — {file name}.xlsx». */
export function markedName(fileName: string): string {
  const base = fileName.replace(/\.[^.]{1,8}$/, '')
  return `Проверка — ${base}`.slice(0, 150) + '.xlsx'
}
