// The report workflow's use-cases: every read and command a page or the API offers on reports, files, responsible
// persons and history, each `(context, input)` with one TypeBox schema, answering plain data or a refusal.
import { Type } from '@sinclair/typebox'
import type { Kysely } from 'kysely'
import type { Database } from '@portal/migrations/database.ts'
import { can } from '../auth/permissions.ts'
import { listCompanies } from '../catalogue/companies.server.ts'
import { Id, MAX_ID, Text, Year } from '../http/params.ts'
import type { JobQueue } from '../ports/job-queue.ts'
import { type CommandContext, commandContextOf } from '../workflow/command-context.server.ts'
import { requestFileDeletion, type StoredUpload, uploadFile } from '../workflow/files/file-commands.server.ts'
import { findingsOf } from '../workflow/files/file-findings.ts'
import { filesForArchive, findFile, listFiles, toImportFile } from '../workflow/files/file-queries.server.ts'
import { listHistory } from '../workflow/history/history-queries.server.ts'
import { assertCanReadReportsOf, assertCanReadResponsibleOf, assertReadsReports } from '../workflow/read-access.ts'
import { findDecisionFile, findReport, listReports, type ReportFilter, statusChangesOf } from '../workflow/reports/report-queries.server.ts'
import { findTarget } from '../workflow/reports/report-targets.server.ts'
import { refuse } from '../workflow/refusal.ts'
import { createReport, type Decision, decideOnReport } from '../workflow/reports/report-commands.server.ts'
import { createResponsible, editResponsible } from '../workflow/responsibles/responsible-commands.server.ts'
import { listCompanyResponsibles, listEcomonResponsibles } from '../workflow/responsibles/responsible-queries.server.ts'
import { cleanFileName, newStorageKey, removeStoredFile, storedFilePath, storeFile } from '../workflow/storage/file-storage.server.ts'
import { access } from 'node:fs/promises'
import { reportsPageData } from './reports-page.server.ts'
import { AuditInput, auditFilterOf, auditProducer, AUDIT_HEADERS } from './audit.server.ts'
import { findReceipt } from '../workflow/receipts/receipt-queries.server.ts'
import { listAudit } from '../workflow/history/audit-queries.server.ts'
import { reviewQueue, ReviewQueueInput } from './review-queue.server.ts'
import { reportsBoard, ReportsBoardInput } from './reports-board.server.ts'
import { useCase, type UseCaseContext } from './use-case.ts'

export interface WorkflowServices {
  db: Kysely<Database>
  queue: JobQueue
  storageDir: string
  /** The name a holder's receipt of a decision shows for the Department (DEPARTMENT_NAME). */
  departmentName?: string
}

const ReportType = Type.Union([Type.Literal('final_report'), Type.Literal('program'), Type.Literal('observation_results'), Type.Literal('greenhouse_gases')])
const Status = Type.Union([Type.Literal('consideration'), Type.Literal('agreed'), Type.Literal('rejected')])
const Scope = Type.Union([Type.Literal('area'), Type.Literal('company')])
/** Only the shape: what a responsible person's field must hold (not blank, a real e-mail address…) is decide's rule. */
const Field = Text({ maxLength: 2000 })
const OptionalLongField = Type.Optional(Type.Union([Text({ maxLength: 2000, multiline: true }), Type.Null()]))
const Stored = Type.Object({
  storageKey: Type.String({ pattern: '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' }),
  name: Type.String({ maxLength: 255 }),
  size: Type.Integer({ minimum: 0 }),
  sha256: Type.Optional(Type.String({ pattern: '^[0-9a-f]{64}$' })),
  contentType: Type.String({ maxLength: 255 }),
})
/** A file the page sent whole (the API streams its files to storage before the use-case runs). */
const Attachment = Type.Object({ name: Type.String({ maxLength: 1000 }), contentType: Type.String({ maxLength: 255 }), bytes: Type.Uint8Array() })

/** The Department's words in either vocabulary: the action (agree/decline/cancel) or the status it leads to. */
export const DECISION_WORDS: Readonly<Record<string, Decision>> = {
  agree: 'agree',
  agreed: 'agree',
  decline: 'decline',
  rejected: 'decline',
  cancel: 'cancel',
  consideration: 'cancel',
}

/** Said when a file list names neither an area nor a company: the labels the user knows, not the parameters' names. */
export const NO_FILES_TARGET = 'Участок: укажите лицензионный участок или предприятие (и отчетный период)'

const Name = Text({ minLength: 1, maxLength: 500 })
const Limit = Type.Integer({ minimum: 1, maximum: 1000 })
const Offset = Type.Integer({ minimum: 0, maximum: MAX_ID })
/** The filters of the report and file lists: the area or company by id or by name, the year, the report type. */
const ListFilter = {
  year: Type.Optional(Year),
  areaName: Type.Optional(Name),
  companyName: Type.Optional(Name),
  area: Type.Optional(Id),
  company: Type.Optional(Id),
  reportType: Type.Optional(ReportType),
}

/** A stored file as a download: where its bytes are, and how to name and describe them. */
export interface Download {
  path: string
  name: string
  size: number
  contentType: string
}

const Details = {
  fullname: Field,
  position: Field,
  email: Field,
  phone: Field,
  labsName: OptionalLongField,
  labsContacts: OptionalLongField,
}

export function workflowUseCases(services: WorkflowServices) {
  const { db } = services
  const command = (context: UseCaseContext): CommandContext => commandContextOf(services, context)

  /** The responsible person as the API shows it, after a save. */
  const responsibleRow = async (scope: 'area' | 'company', id: number) => {
    const row =
      scope === 'area'
        ? await db.selectFrom('ecomon_responsibles').select(['area_id as target', 'year']).where('id', '=', id).executeTakeFirst()
        : await db.selectFrom('company_responsibles').select(['company_id as target', 'year']).where('id', '=', id).executeTakeFirst()
    if (!row) return refuse({ reason: 'responsible-not-found' })
    const list = scope === 'area' ? await listEcomonResponsibles(db, { areaId: row.target, year: row.year }) : await listCompanyResponsibles(db, { companyId: row.target, year: row.year })
    return list[0]
  }

  /** Who may read which reports of a list's target; no target named at all is a 400, a name matching nothing an empty list. */
  const reportFilterOf = async (context: UseCaseContext, input: { year?: number; areaName?: string; companyName?: string; area?: number; company?: number; reportType?: ReportFilter['reportType'] }) => {
    assertReadsReports(context.actor)
    const target = await findTarget(db, { area: input.area, area_name: input.areaName, company: input.company, company_name: input.companyName })
    if (target === undefined) return refuse({ reason: 'invalid-input', parameter: 'area_name', detail: 'area_name: укажите area_name или company_name' })
    if (target === null) return null
    assertCanReadReportsOf(context.actor, target.companyId)
    const where = target.areaId !== undefined ? { areaId: target.areaId } : target.companyOnly ? { companyOnlyId: target.companyId } : { companyId: target.companyId }
    return { year: input.year, reportType: input.reportType, ...where } satisfies ReportFilter
  }

  const fileFilterOf = async (context: UseCaseContext, input: { year?: number; areaName?: string; area?: number; company?: number; reportType?: ReportFilter['reportType'] }) => {
    assertReadsReports(context.actor)
    if (input.area === undefined && input.areaName === undefined && input.company === undefined) {
      return refuse({ reason: 'invalid-input', parameter: 'area_name', detail: NO_FILES_TARGET })
    }
    const target = await findTarget(db, { area: input.area, area_name: input.areaName, company: input.area || input.areaName ? undefined : input.company })
    if (!target) return null
    assertCanReadReportsOf(context.actor, target.companyId)
    return { name: target.name, filter: { year: input.year, areaId: target.areaId, companyId: target.companyId, reportType: input.reportType } }
  }

  /** A file of a report the user may read; a deleted one or another company's is answered as missing. */
  const readableFile = async (context: UseCaseContext, id: number) => {
    assertReadsReports(context.actor)
    const file = await findFile(db, id)
    if (!file || file.status === 'deleted') return refuse({ reason: 'file-not-found' })
    assertCanReadReportsOf(context.actor, file.company_id)
    return file
  }

  /** The download of stored bytes, or why there is none (the bytes are gone from storage). */
  const downloadOf = async (storageKey: string, file: { name: string; size: number; contentType: string }, label: string): Promise<Download> => {
    const path = storedFilePath(services.storageDir, storageKey)
    try {
      await access(path)
    } catch {
      return refuse({ reason: 'stored-file-missing', label })
    }
    return { path, ...file }
  }

  return {
    /** A page of reports of an area or company (by id or name), with their files and last decision. */
    reports: useCase(Type.Object({ ...ListFilter, limit: Limit, offset: Offset }), async (context, input) => {
      const filter = await reportFilterOf(context, input)
      return filter ? listReports(db, filter, input.limit, input.offset) : { count: 0, results: [] }
    }),

    /** The status changes of the reports of an area or company, newest first, a page of them. */
    statusChanges: useCase(Type.Object({ ...ListFilter, limit: Limit, offset: Offset }), async (context, input) => {
      const filter = await reportFilterOf(context, input)
      if (!filter) return { count: 0, results: [] }
      const reports = await listReports(db, filter, 1000, 0)
      const changes = await statusChangesOf(db, reports.results.map((r) => r.id))
      return { count: changes.length, results: changes.slice(input.offset, input.offset + input.limit) }
    }),

    /** One report with its files and last decision. */
    report: useCase(Type.Object({ id: Id }), async (context, input) => {
      assertReadsReports(context.actor)
      const report = await findReport(db, input.id)
      if (!report) return refuse({ reason: 'report-not-found' })
      assertCanReadReportsOf(context.actor, report.company.id)
      return report
    }),

    /** The change history of a company's reports (the Department), oldest first. */
    history: useCase(Type.Object({ company: Id, limit: Limit, offset: Offset }), async (context, input) => {
      if (!can(context.actor, 'read:history:any')) refuse({ reason: 'forbidden' })
      return listHistory(db, input.company, input.limit, input.offset)
    }),

    /** A page of files of an area and year, or of a company and report type. */
    files: useCase(Type.Object({ year: ListFilter.year, areaName: ListFilter.areaName, area: ListFilter.area, company: ListFilter.company, reportType: ListFilter.reportType, limit: Limit, offset: Offset }), async (context, input) => {
      const found = await fileFilterOf(context, input)
      return found ? listFiles(db, found.filter, input.limit, input.offset) : { count: 0, results: [] }
    }),

    /** The stored files of a list for its ZIP archive: the area's (or company's) name, and each file's entry and path. */
    archive: useCase(Type.Object({ year: ListFilter.year, areaName: ListFilter.areaName, area: ListFilter.area, company: ListFilter.company, reportType: ListFilter.reportType }), async (context, input) => {
      const found = await fileFilterOf(context, input)
      if (!found) return refuse({ reason: 'target-missing-for-archive' })
      const files = await filesForArchive(db, found.filter)
      return { name: found.name, files: files.map((f) => ({ id: f.id, entry: `${f.report_type}/${f.id}-${f.name}`, path: storedFilePath(services.storageDir, f.storage_key) })) }
    }),

    /** One file as the API shows it. */
    file: useCase(Type.Object({ id: Id }), async (context, input) => {
      const file = await readableFile(context, input.id)
      const row = await db.selectFrom('import_files').selectAll().where('id', '=', file.id).executeTakeFirstOrThrow()
      return toImportFile(row)
    }),

    /** The findings (errors and warnings) the check recorded on a file. */
    fileProblems: useCase(Type.Object({ id: Id }), async (context, input) => {
      const file = await readableFile(context, input.id)
      const findings = findingsOf(file.problems)
      return { id: file.id, name: file.name, status: file.status, count: findings.length, results: findings }
    }),

    /** The bytes of an uploaded file, as it was uploaded. */
    fileDownload: useCase(Type.Object({ id: Id }), async (context, input) => {
      const file = await readableFile(context, input.id)
      return downloadOf(file.storage_key, { name: file.name, size: file.size, contentType: file.content_type }, file.description)
    }),

    /** The bytes of a file attached to a decision of the Department. */
    decisionFileDownload: useCase(Type.Object({ id: Type.String({ pattern: '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' }) }), async (context, input) => {
      assertReadsReports(context.actor)
      const file = await findDecisionFile(db, input.id)
      if (!file) return refuse({ reason: 'file-not-found' })
      assertCanReadReportsOf(context.actor, file.company_id)
      return downloadOf(file.id, { name: file.name, size: file.size, contentType: file.content_type }, file.name)
    }),

    /** The reports page of a company for a year (the year falls back to the current one when it is not offered). */
    reportsPage: useCase(Type.Object({ company: Id, year: Type.Optional(Type.Integer()) }), (context, input) => reportsPageData(db, context.actor, input)),

    /** The Department's review list: companies having reports in a status, with the years of those reports. */
    reviewList: useCase(Type.Object({ status: Status, search: Type.String({ maxLength: 200 }), limit: Type.Integer({ minimum: 1, maximum: 1000 }) }), async (context, input) => {
      if (!can(context.actor, 'decide:report:any')) refuse({ reason: 'forbidden' })
      const page = await listCompanies(db, { reportStatus: input.status, search: input.search }, input.limit, 0)
      const ids = page.results.map((c) => c.id)
      const years = ids.length
        ? await db.selectFrom('import_reports').select(['company_id', 'year']).distinct().where('status', '=', input.status).where('company_id', 'in', ids).orderBy('year', 'desc').execute()
        : []
      return { count: page.count, results: page.results.map((c) => ({ id: c.id, name: c.name, years: years.filter((y) => y.company_id === c.id).map((y) => y.year) })) }
    }),

    /** The review queue: reports in a status with their submission date and age, and the count of each status. */
    reviewQueue: useCase(ReviewQueueInput, async (context, input) => {
      if (!can(context.actor, 'decide:report:any')) refuse({ reason: 'forbidden' })
      return reviewQueue(db, input)
    }),

    /** The status board of a year: a holder's own company, or (the Department) every company, filtered. */
    board: useCase(ReportsBoardInput, (context, input) => reportsBoard(db, context.actor, input)),

    /** The receipt of an upload or a decision (`{position}` of its event, or `{file}`), for readers of the company's reports. */
    receipt: useCase(Type.Object({ position: Type.Optional(Type.Integer({ minimum: 1 })), file: Type.Optional(Id) }, { additionalProperties: false }), async (context, input) => {
      // The public is sent to log in (the page) or answered 403 (the API); a reader who may not see it gets the 404.
      if (!context.actor) refuse({ reason: 'forbidden' })
      const query = input.file !== undefined ? { fileId: input.file } : input.position !== undefined ? { position: input.position } : null
      const receipt = query ? await findReceipt(db, context.actor, query, { departmentName: services.departmentName }) : undefined
      return receipt ?? refuse({ reason: 'receipt-not-found' })
    }),

    /** The Department's audit view: entries newest first, filtered by company, area, year, event, user and dates. */
    audit: useCase(Type.Composite([AuditInput, Type.Object({ limit: Type.Integer({ minimum: 1, maximum: 1000 }), offset: Type.Integer({ minimum: 0 }) })]), async (context, input) => {
      if (!can(context.actor, 'decide:report:any')) refuse({ reason: 'forbidden' })
      const { limit, offset, ...filters } = input
      const filter = auditFilterOf(filters)
      if ('invalid' in filter) return refuse({ reason: 'invalid-input', parameter: filter.invalid, detail: `${filter.invalid}: нет такой даты` })
      return listAudit(db, filter, limit, offset)
    }),

    /** What the audit view shows, as the rows of a file (CSV or XLSX): its headers and a producer reading them in batches. */
    auditExport: useCase(AuditInput, async (context, input) => {
      if (!can(context.actor, 'decide:report:any')) refuse({ reason: 'forbidden' })
      const filter = auditFilterOf(input)
      if ('invalid' in filter) return refuse({ reason: 'invalid-input', parameter: filter.invalid, detail: `${filter.invalid}: нет такой даты` })
      return { headers: AUDIT_HEADERS, produce: auditProducer(db, filter) }
    }),

    /** The responsible persons of a licence area, year by year (the Department's area tab). */
    areaResponsibles: useCase(Type.Object({ area: Id }), async (context, input) => {
      if (!can(context.actor, 'read:responsible:any')) refuse({ reason: 'forbidden' })
      return listEcomonResponsibles(db, { areaId: input.area })
    }),

    /** The responsible persons of an area (ecomon) or a company, by year: the Department, or the company's users. */
    responsibles: useCase(Type.Object({ scope: Scope, target: Id, year: Type.Optional(Year) }), async (context, input) => {
      if (input.scope === 'area') {
        const area = await db.selectFrom('areas').select(['company_id']).where('id', '=', input.target).executeTakeFirst()
        if (!area || area.company_id === null) return []
        assertCanReadResponsibleOf(context.actor, area.company_id)
        return listEcomonResponsibles(db, { areaId: input.target, year: input.year })
      }
      assertCanReadResponsibleOf(context.actor, input.target)
      return listCompanyResponsibles(db, { companyId: input.target, year: input.year })
    }),

    /** Names the responsible person of an area or company for a year; this also creates the reports they answer for. */
    createResponsible: useCase(Type.Object({ scope: Scope, target: Id, year: Year, ...Details }), async (context, input) => {
      const { scope, target, year, labsName, labsContacts, ...fields } = input
      const id = await createResponsible(command(context), { scope, targetId: target, year, details: { ...fields, labsName: labsName ?? null, labsContacts: labsContacts ?? null } })
      return responsibleRow(scope, id)
    }),

    /**
     * Edits a responsible person's details; the area (or company) and year asked for must be those on record. A
     * laboratory left out (the page's form has only the spec's four fields) stays as it was.
     */
    editResponsible: useCase(Type.Object({ scope: Scope, id: Id, target: Type.Optional(Id), year: Type.Optional(Year), ...Details }), async (context, input) => {
      const { scope, id, target, year, labsName, labsContacts, ...fields } = input
      const details = { ...fields, ...(labsName !== undefined ? { labsName } : {}), ...(labsContacts !== undefined ? { labsContacts } : {}) }
      await editResponsible(command(context), { scope, id, targetId: target, year, details })
      return responsibleRow(scope, id)
    }),

    /** Makes sure the report of an area (or company), year and type exists; `created` says whether this call made it. */
    createReport: useCase(
      Type.Object({ area: Type.Optional(Type.Union([Id, Type.Null()])), company: Type.Optional(Type.Union([Id, Type.Null()])), year: Year, reportType: ReportType }),
      async (context, input) => {
        const { reportId, created } = await createReport(command(context), input)
        const report = await findReport(db, reportId)
        if (!report) return refuse({ reason: 'report-not-found' })
        return { report, created }
      },
    ),

    /**
     * The Department agrees, declines or cancels its decision, with a comment and files. Files already stored (the
     * API's) or sent whole (a page's) become the decision's; a refused decision removes them again.
     */
    decide: useCase(
      Type.Object({
        report: Id,
        status: Type.String({ maxLength: 100 }),
        comment: Type.String({ maxLength: 100_000 }),
        files: Type.Optional(Type.Array(Stored, { maxItems: 20 })),
        attachments: Type.Optional(Type.Array(Attachment, { maxItems: 20 })),
      }),
      async (context, input) => {
        const files: StoredUpload[] = [...(input.files ?? [])]
        try {
          const decision = Object.hasOwn(DECISION_WORDS, input.status) ? DECISION_WORDS[input.status] : undefined
          if (!decision) refuse({ reason: 'invalid-input', parameter: 'status', detail: 'status: ожидается agreed, rejected или consideration' })
          // Only the Department's files reach the disk.
          if (!can(context.actor, 'decide:report:any')) refuse({ reason: 'forbidden' })
          for (const attachment of input.attachments ?? []) {
            const storageKey = newStorageKey()
            const { size, sha256 } = await storeFile(services.storageDir, storageKey, Buffer.from(attachment.bytes))
            files.push({ storageKey, name: cleanFileName(attachment.name), size, sha256, contentType: attachment.contentType || 'application/octet-stream' })
          }
          await decideOnReport(command(context), input.report, {
            decision,
            comment: input.comment,
            files: files.map((f) => ({ id: f.storageKey, name: f.name, size: f.size, ...(f.sha256 ? { sha256: f.sha256 } : {}), contentType: f.contentType })),
          })
        } catch (error) {
          await Promise.all(files.map((f) => removeStoredFile(services.storageDir, f.storageKey)))
          throw error
        }
      },
    ),

    /** An upload already stored becomes a file of its report (in processing, with its check job); refused, it is removed. */
    uploadFile: useCase(
      Type.Object({
        report: Id,
        description: Type.String({ maxLength: 1000 }),
        ecomonResponsible: Type.Union([Id, Type.Null()]),
        companyResponsible: Type.Union([Id, Type.Null()]),
        upload: Stored,
        idempotencyKey: Type.Optional(Type.String({ pattern: '^[\\x21-\\x7e]{1,200}$' })),
      }),
      async (context, input) => {
        try {
          const result = await uploadFile(command(context), {
            reportId: input.report,
            description: input.description.trim() || input.upload.name,
            ecomonResponsibleId: input.ecomonResponsible,
            companyResponsibleId: input.companyResponsible,
            upload: input.upload,
            idempotencyKey: input.idempotencyKey,
          })
          // A retry with the key of an upload already registered answers that file; these bytes are not needed.
          if (result.repeated) await removeStoredFile(services.storageDir, input.upload.storageKey)
          const file = toImportFile(await db.selectFrom('import_files').selectAll().where('id', '=', result.fileId).executeTakeFirstOrThrow())
          return { file, repeated: result.repeated }
        } catch (error) {
          await removeStoredFile(services.storageDir, input.upload.storageKey)
          throw error
        }
      },
    ),

    /** A checked file goes to deletion, with the job that removes its bytes. */
    deleteFile: useCase(Type.Object({ file: Id }), (context, input) => requestFileDeletion(command(context), input.file)),
  }
}

export type WorkflowUseCases = ReturnType<typeof workflowUseCases>
