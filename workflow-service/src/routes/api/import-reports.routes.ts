// /api/v1/import-reports/: report lists, on-demand creation, status changes, and the Department's agree/decline/cancel.
import { createReadStream } from 'node:fs'
import { access } from 'node:fs/promises'
import { Type } from '@sinclair/typebox'
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { sendDownload } from '../../http/send-download.server.ts'
import { valueOrRefuse } from '../../use-cases/use-case.ts'
import { useCaseContextOf } from './use-case-context.server.ts'
import { Id, Text, Year, ownValue } from '../../http/params.ts'
import { readFormFields } from '../../http/form-fields.ts'
import { ImportReportAnswer, PageOf, ReportTypeValue, StatusChangeAnswer } from './workflow-schemas.ts'
import { fileAnswer } from '../../api-docs/error-answers.ts'
import { rateLimitOf } from '../../plugins/rate-limits.server.ts'
import { badRequest, notFound } from '../../plugins/errors.server.ts'
import { PagingQuery, pageWindow, toPage } from '../../http/paging.ts'
import { readMultipartForm } from '../../http/multipart-upload.server.ts'
import { assertCanReadReportsOf, assertReadsReports } from '../../workflow/read-access.ts'
import { createReport, type Decision, decideOnReport } from '../../workflow/reports/report-commands.server.ts'
import { findDecisionFile, findReport, listReports, statusChangesOf } from '../../workflow/reports/report-queries.server.ts'
import { contentDisposition, storedFilePath } from '../../workflow/storage/file-storage.server.ts'
import { findTarget as resolveNamedTarget } from '../../workflow/reports/report-targets.server.ts'
import { FormatQuery, isFileFormat } from '../../exports/export-formats.ts'
import { pagedExport } from '../../exports/paged-export.server.ts'
import { sendExport } from '../../exports/send-export.server.ts'
import { REPORT_COLUMNS, STATUS_CHANGE_COLUMNS } from '../../exports/workflow-columns.ts'
import { commandContextOf } from './workflow-context.server.ts'

const Name = Text({ minLength: 1, maxLength: 500 })

const ListQuery = Type.Object(
  {
    year: Type.Optional(Year),
    area_name: Type.Optional(Name),
    company_name: Type.Optional(Name),
    area: Type.Optional(Id),
    company: Type.Optional(Id),
    report_type: Type.Optional(ReportTypeValue),
    ...PagingQuery,
    ...FormatQuery,
  },
  { additionalProperties: false },
)

// The Department's words in either vocabulary: the action (agree/decline/cancel) or the status it leads to.
const DECISIONS: Record<string, Decision> = {
  agree: 'agree',
  agreed: 'agree',
  decline: 'decline',
  rejected: 'decline',
  cancel: 'cancel',
  consideration: 'cancel',
}

/** The decision's fields, as JSON or as the multipart form that also carries the attachments. */
const DecisionForm = Type.Object({
  status: Type.Union(Object.keys(DECISIONS).map((key) => Type.Literal(key))),
  comment: Type.Optional(Text({ maxLength: 5000, multiline: true })),
})

export const importReportsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const targetOf = async (query: { area_name?: string; company_name?: string; area?: number; company?: number }) => {
    const target = await resolveNamedTarget(app.db, query)
    if (target === undefined) throw badRequest('area_name: укажите area_name или company_name', 'area_name')
    return target
  }

  app.get('/import-reports/', { schema: { querystring: ListQuery, response: { 200: PageOf(ImportReportAnswer) } } }, async (request, reply) => {
    assertReadsReports(request.user)
    const { limit, offset } = pageWindow(request.query)
    const format = request.query.format
    const target = await targetOf(request.query)
    if (target !== null) assertCanReadReportsOf(request.user, target.companyId)
    const filter = target === null ? null : {
      year: request.query.year,
      reportType: request.query.report_type,
      ...(target.areaId !== undefined ? { areaId: target.areaId } : target.companyOnly ? { companyOnlyId: target.companyId } : { companyId: target.companyId }),
    }
    const page = (size: number, from: number) => (filter === null ? Promise.resolve({ results: [], count: 0 }) : listReports(app.db, filter, size, from))
    if (isFileFormat(format)) return sendExport(reply, { format, name: 'import-reports', sheet: 'Отчёты', ...pagedExport(REPORT_COLUMNS, page) })
    const found = await page(limit, offset)
    return toPage(request, found.results, found.count, limit, offset)
  })

  app.get('/import-reports/status_change/', { schema: { querystring: ListQuery, response: { 200: PageOf(StatusChangeAnswer) } } }, async (request, reply) => {
    assertReadsReports(request.user)
    const { limit, offset } = pageWindow(request.query)
    const format = request.query.format
    const target = await targetOf(request.query)
    if (target !== null) assertCanReadReportsOf(request.user, target.companyId)
    const changes = async () => {
      if (target === null) return []
      const reports = await listReports(
        app.db,
        {
          year: request.query.year,
          reportType: request.query.report_type,
          ...(target.areaId !== undefined ? { areaId: target.areaId } : target.companyOnly ? { companyOnlyId: target.companyId } : { companyId: target.companyId }),
        },
        1000,
        0,
      )
      return statusChangesOf(app.db, reports.results.map((r) => r.id))
    }
    if (isFileFormat(format)) {
      const all = await changes()
      return sendExport(reply, { format, name: 'status-changes', sheet: 'Решения по отчётам', ...pagedExport(STATUS_CHANGE_COLUMNS, async (size, from) => ({ results: all.slice(from, from + size), count: all.length })) })
    }
    const all = await changes()
    return toPage(request, all.slice(offset, offset + limit), all.length, limit, offset)
  })

  app.get('/import-reports/:id/', { schema: { params: Type.Object({ id: Id }), response: { 200: ImportReportAnswer } } }, async (request) => {
    assertReadsReports(request.user)
    const report = await findReport(app.db, request.params.id)
    if (!report) throw notFound('Отчёт не найден.')
    assertCanReadReportsOf(request.user, report.company.id)
    return report
  })

  app.post(
    '/import-reports/',
    {
      schema: {
        body: Type.Object(
          { year: Year, report_type: ReportTypeValue, area: Type.Optional(Type.Union([Id, Type.Null()])), company: Type.Optional(Type.Union([Id, Type.Null()])) },
          { additionalProperties: false },
        ),
        response: { 200: ImportReportAnswer, 201: ImportReportAnswer },
      },
    },
    async (request, reply) => {
      const { reportId, created } = await createReport(commandContextOf(app, request), {
        area: request.body.area,
        company: request.body.company,
        year: request.body.year,
        reportType: request.body.report_type,
      })
      const report = await findReport(app.db, reportId)
      if (!report) throw notFound('Отчёт не найден.')
      return reply.status(created ? 201 : 200).send(report)
    },
  )

  app.put('/import-reports/:id/', { schema: { params: Type.Object({ id: Id }), response: { 200: ImportReportAnswer } }, config: { form: DecisionForm, uploadBody: true, rateLimit: rateLimitOf(app.config, 'decision') } }, async (request) => {
    const context = commandContextOf(app, request)
    let fields: Record<string, unknown>
    let form: Awaited<ReturnType<typeof readMultipartForm>> | undefined
    if (request.isMultipart()) {
      // The permission is checked again by the command; this only spares the disk for users who may not decide.
      assertReadsReports(request.user)
      form = await readMultipartForm(request, { storageDir: app.config.storageDir, maxUploadMb: app.config.maxUploadMb, fileFields: ['files', 'file'], maxFiles: 20 })
      fields = form.fields
    } else {
      fields = (request.body ?? {}) as Record<string, unknown>
    }
    try {
      if (ownValue(DECISIONS, fields.status) === undefined) throw badRequest('status: ожидается agreed, rejected или consideration', 'status')
      const values = readFormFields(DecisionForm, fields)
      const decision = DECISIONS[values.status]
      // The comment's rules (required to decline, bounded) are the decision's own: the same for every door.
      await decideOnReport(context, request.params.id, {
        decision,
        comment: values.comment ?? '',
        files: (form?.files ?? []).map((f) => ({ id: f.storageKey, name: f.name, size: f.size, ...(f.sha256 ? { sha256: f.sha256 } : {}), contentType: f.contentType })),
      })
    } catch (error) {
      await form?.discard()
      throw error
    }
    const report = await findReport(app.db, request.params.id)
    if (!report) throw notFound('Отчёт не найден.')
    return report
  })

  app.get('/import-reports/decision-files/:id/', { schema: { summary: 'Скачать файл решения Департамента', params: Type.Object({ id: Type.String({ pattern: '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' }) }), response: { 200: fileAnswer('Файл, приложенный к решению') } } }, async (request, reply) =>
    sendDownload(reply, valueOrRefuse(await app.useCases.workflow.decisionFileDownload(useCaseContextOf(request), { id: request.params.id }))),
  )
}
