// /api/v1/import-reports/: report lists, on-demand creation, status changes, and the Department's agree/decline/cancel.
// Each route parses, calls its use-case (`use-cases/report-use-cases.server.ts`) and shapes the answer.
import { Type } from 'typebox'
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { sendDownload } from '../../http/send-download.server.ts'
import {
  passOrRefuse, valueOrRefuse, Id, Literals, Text, Year, ownValue, badRequest, FormatQuery, isFileFormat,
} from '@portal/workflow-domain/views.ts'
import { DECISION_WORDS, reportsReadRefusal } from '@portal/workflow-domain/use-cases.server.ts'
import { useCaseContextOf } from './use-case-context.server.ts'
import { readFormFields } from '../../http/form-fields.ts'
import type { ReportType } from '@portal/migrations/database.ts'
import { ImportReportAnswer, PageOf, ReportTypeValue, StatusChangeAnswer } from './workflow-schemas.ts'
import { fileAnswer } from '../../api-docs/error-answers.ts'
import { rateLimitOf } from '../../plugins/rate-limits.server.ts'
import { PagingQuery, pageWindow, toPage } from '../../http/paging.ts'
import { readMultipartForm } from '../../http/multipart-upload.server.ts'
import { firstPageRead, pagedExport } from '../../exports/paged-export.server.ts'
import { sendExport } from '../../exports/send-export.server.ts'
import { REPORT_COLUMNS, STATUS_CHANGE_COLUMNS } from './workflow-columns.ts'

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

/** The decision's fields, as JSON or as the multipart form that also carries the attachments. */
const DecisionForm = Type.Object({
  status: Literals(Object.keys(DECISION_WORDS)),
  comment: Type.Optional(Text({ maxLength: 5000, multiline: true })),
})

export const importReportsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const workflow = app.useCases.workflow
  const filterOf = (query: { year?: number; area_name?: string; company_name?: string; area?: number; company?: number; report_type?: ReportType }) => ({
    year: query.year,
    areaName: query.area_name,
    companyName: query.company_name,
    area: query.area,
    company: query.company,
    reportType: query.report_type,
  })

  app.get('/import-reports/', { schema: { summary: 'Отчёты недропользователей: список с фильтрами; format=csv или xlsx — файлом', querystring: ListQuery, response: { 200: PageOf(ImportReportAnswer) } } }, async (request, reply) => {
    const context = useCaseContextOf(request)
    const page = async (limit: number, offset: number) => valueOrRefuse(await workflow.reports(context, { ...filterOf(request.query), limit, offset }))
    const format = request.query.format
    if (isFileFormat(format)) return sendExport(reply, { format, name: 'import-reports', sheet: 'Отчёты', ...pagedExport(REPORT_COLUMNS, await firstPageRead(page)) })
    const { limit, offset } = pageWindow(request.query)
    const found = await page(limit, offset)
    return toPage(request, found.results, found.count, limit, offset)
  })

  app.get('/import-reports/status_change/', { schema: { summary: 'Изменения статусов отчётов', querystring: ListQuery, response: { 200: PageOf(StatusChangeAnswer) } } }, async (request, reply) => {
    const context = useCaseContextOf(request)
    const page = async (limit: number, offset: number) => valueOrRefuse(await workflow.statusChanges(context, { ...filterOf(request.query), limit, offset }))
    const format = request.query.format
    if (isFileFormat(format)) return sendExport(reply, { format, name: 'status-changes', sheet: 'Решения по отчётам', ...pagedExport(STATUS_CHANGE_COLUMNS, await firstPageRead(page)) })
    const { limit, offset } = pageWindow(request.query)
    const found = await page(limit, offset)
    return toPage(request, found.results, found.count, limit, offset)
  })

  app.get('/import-reports/:id/', { schema: { summary: 'Один отчёт', params: Type.Object({ id: Id }), response: { 200: ImportReportAnswer } } }, async (request) =>
    valueOrRefuse(await workflow.report(useCaseContextOf(request), { id: request.params.id })),
  )

  app.post(
    '/import-reports/',
    {
      schema: {
        summary: 'Создать отчёт раздела за год',
        body: Type.Object(
          { year: Year, report_type: ReportTypeValue, area: Type.Optional(Type.Union([Id, Type.Null()])), company: Type.Optional(Type.Union([Id, Type.Null()])) },
          { additionalProperties: false },
        ),
        response: { 200: ImportReportAnswer, 201: ImportReportAnswer },
      },
    },
    async (request, reply) => {
      const { report, created } = valueOrRefuse(
        await workflow.createReport(useCaseContextOf(request), { area: request.body.area, company: request.body.company, year: request.body.year, reportType: request.body.report_type }),
      )
      return reply.status(created ? 201 : 200).send(report)
    },
  )

  app.put('/import-reports/:id/', { schema: { summary: 'Решение Департамента по отчёту: согласовать, отклонить или отменить решение', params: Type.Object({ id: Id }), response: { 200: ImportReportAnswer } }, config: { form: DecisionForm, uploadBody: true, rateLimit: rateLimitOf(app.config, 'decision') } }, async (request) => {
    const context = useCaseContextOf(request)
    let fields: Record<string, unknown>
    let form: Awaited<ReturnType<typeof readMultipartForm>> | undefined
    if (request.isMultipart()) {
      // The permission is checked again by the use-case; this only spares the disk for users who may not decide.
      passOrRefuse(reportsReadRefusal(request.user))
      form = await readMultipartForm(request, { storageDir: app.config.storageDir, maxUploadMb: app.config.maxUploadMb, fileFields: ['files', 'file'], maxFiles: 20 })
      fields = form.fields
    } else {
      fields = (request.body ?? {}) as Record<string, unknown>
    }
    try {
      if (ownValue(DECISION_WORDS, fields.status) === undefined) throw badRequest('status: ожидается agreed, rejected или consideration', 'status')
      const values = readFormFields(DecisionForm, fields)
      // The comment's rules (required to decline, bounded) are the decision's own: the same for every door. A refused
      // decision removes the files it was given.
      valueOrRefuse(
        await workflow.decide(context, {
          report: request.params.id,
          status: values.status,
          comment: values.comment ?? '',
          files: (form?.files ?? []).map((f) => ({ storageKey: f.storageKey, name: f.name, size: f.size, sha256: f.sha256, contentType: f.contentType })),
        }),
      )
    } catch (error) {
      await form?.discard()
      throw error
    }
    return valueOrRefuse(await workflow.report(context, { id: request.params.id }))
  })

  app.get('/import-reports/decision-files/:id/', { schema: { summary: 'Скачать файл решения Департамента', params: Type.Object({ id: Type.String({ pattern: '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' }) }), response: { 200: fileAnswer('Файл, приложенный к решению') } } }, async (request, reply) =>
    sendDownload(reply, valueOrRefuse(await workflow.decisionFileDownload(useCaseContextOf(request), { id: request.params.id }))),
  )
}
