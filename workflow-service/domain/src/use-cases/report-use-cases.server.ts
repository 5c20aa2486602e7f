// The report stream's use-cases: the report lists and one report, the status changes, a decision's files, and the
// commands that create a report and decide on it.
import { Type } from 'typebox'
import { Id, Year } from '../vocabulary/params.ts'
import { commandContextOf } from '../workflow/command-context.server.ts'
import type { StoredUpload } from '../workflow/files/file-commands.server.ts'
import { companyReportsReadRefusal, reportsReadRefusal } from '../workflow/read-access.ts'
import { Refused, refused } from '../workflow/refusal.ts'
import { createReport, type Decision, decideOnReport } from '../workflow/reports/report-commands.server.ts'
import { findDecisionFile, findReport, listReports, type ReportFilter, statusChangesOf } from '../workflow/reports/report-queries.server.ts'
import { findTarget } from '../workflow/reports/report-targets.server.ts'
import { removeStoredFile } from '../workflow/storage/file-storage.server.ts'
import { downloadOf } from './downloads.server.ts'
import { useCase, type UseCaseContext } from './use-case.ts'
import type { WorkflowServices } from '../ports/workflow-services.ts'
import { Limit, ListFilter, Offset, ReportType, Stored } from './workflow-inputs.ts'

/** The Department's words in either vocabulary: the action (agree/decline/cancel) or the status it leads to. */
export const DECISION_WORDS: Readonly<Record<string, Decision>> = {
  agree: 'agree',
  agreed: 'agree',
  decline: 'decline',
  rejected: 'decline',
  cancel: 'cancel',
  consideration: 'cancel',
}

export function reportUseCases(services: WorkflowServices) {
  const { db } = services

  /** Who may read which reports of a list's target; no target named at all is a 400, a name matching nothing an empty list. */
  const reportFilterOf = async (context: UseCaseContext, input: { year?: number; areaName?: string; companyName?: string; area?: number; company?: number; reportType?: ReportFilter['reportType'] }) => {
    const denied = reportsReadRefusal(context.actor)
    if (denied) return denied
    const target = await findTarget(db, { area: input.area, area_name: input.areaName, company: input.company, company_name: input.companyName })
    if (target === undefined) return refused({ reason: 'invalid-input', parameter: 'area_name', detail: 'area_name: укажите area_name или company_name' })
    if (target === null) return null
    const other = companyReportsReadRefusal(context.actor, target.companyId)
    if (other) return other
    const where = target.areaId !== undefined ? { areaId: target.areaId } : target.companyOnly ? { companyOnlyId: target.companyId } : { companyId: target.companyId }
    return { year: input.year, reportType: input.reportType, ...where } satisfies ReportFilter
  }

  return {
    /** A page of reports of an area or company (by id or name), with their files and last decision. */
    reports: useCase(Type.Object({ ...ListFilter, limit: Limit, offset: Offset }), async (context, input) => {
      const filter = await reportFilterOf(context, input)
      if (filter instanceof Refused) return filter
      return filter ? listReports(db, filter, input.limit, input.offset) : { count: 0, results: [] }
    }),

    /** The status changes of the reports of an area or company, newest first, a page of them. */
    statusChanges: useCase(Type.Object({ ...ListFilter, limit: Limit, offset: Offset }), async (context, input) => {
      const filter = await reportFilterOf(context, input)
      if (filter instanceof Refused) return filter
      if (!filter) return { count: 0, results: [] }
      const reports = await listReports(db, filter, 1000, 0)
      const changes = await statusChangesOf(db, reports.results.map((r) => r.id))
      return { count: changes.length, results: changes.slice(input.offset, input.offset + input.limit) }
    }),

    /** One report with its files and last decision. */
    report: useCase(Type.Object({ id: Id }), async (context, input) => {
      const denied = reportsReadRefusal(context.actor)
      if (denied) return denied
      const report = await findReport(db, input.id)
      if (!report) return refused({ reason: 'report-not-found' })
      return companyReportsReadRefusal(context.actor, report.company.id) ?? report
    }),

    /** The bytes of a file attached to a decision of the Department. */
    decisionFileDownload: useCase(Type.Object({ id: Type.String({ pattern: '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' }) }), async (context, input) => {
      const denied = reportsReadRefusal(context.actor)
      if (denied) return denied
      const file = await findDecisionFile(db, input.id)
      if (!file) return refused({ reason: 'file-not-found' })
      const other = companyReportsReadRefusal(context.actor, file.company_id)
      if (other) return other
      return downloadOf(services.storageDir, file.id, { name: file.name, size: file.size, contentType: file.content_type }, file.name)
    }),

    /** Makes sure the report of an area (or company), year and type exists; `created` says whether this call made it. */
    createReport: useCase(
      Type.Object({ area: Type.Optional(Type.Union([Id, Type.Null()])), company: Type.Optional(Type.Union([Id, Type.Null()])), year: Year, reportType: ReportType }),
      async (context, input) => {
        const made = await createReport(commandContextOf(services, context), input)
        if (made instanceof Refused) return made
        const { reportId, created } = made
        const report = await findReport(db, reportId)
        if (!report) return refused({ reason: 'report-not-found' })
        return { report, created }
      },
    ),

    /**
     * The Department agrees, declines or cancels its decision, with a comment and files. The files, already stored
     * by the door that received them (the API's or the page's), become the decision's; a refused decision removes
     * them again.
     */
    decide: useCase(
      Type.Object({
        report: Id,
        status: Type.String({ maxLength: 100 }),
        comment: Type.String({ maxLength: 100_000 }),
        files: Type.Optional(Type.Array(Stored, { maxItems: 20 })),
      }),
      async (context, input) => {
        const files: StoredUpload[] = input.files ?? []
        const decision = Object.hasOwn(DECISION_WORDS, input.status) ? DECISION_WORDS[input.status] : undefined
        if (!decision) {
          await Promise.all(files.map((f) => removeStoredFile(services.storageDir, f.storageKey)))
          return refused({ reason: 'invalid-input', parameter: 'status', detail: 'status: ожидается agreed, rejected или consideration' })
        }
        try {
          // Who may decide is the command's one check (decideOnReport): a refused decision removes every file it was given.
          const decided = await decideOnReport(commandContextOf(services, context), input.report, {
            decision,
            comment: input.comment,
            files: files.map((f) => ({ id: f.storageKey, name: f.name, size: f.size, sha256: f.sha256, contentType: f.contentType })),
          })
          if (decided instanceof Refused) await Promise.all(files.map((f) => removeStoredFile(services.storageDir, f.storageKey)))
          return decided
        } catch (error) {
          await Promise.all(files.map((f) => removeStoredFile(services.storageDir, f.storageKey)))
          throw error
        }
      },
    ),
  }
}
