// /api/v1/import-files/: file lists, uploads (streamed to storage), deletion, problems, downloads and the streamed ZIP.
// Each route parses, calls its use-case (`use-cases/file-use-cases.server.ts`) and shapes the answer.
import { idempotencyKeyOf } from '../../http/idempotency-key.ts'
import { createReadStream } from 'node:fs'
import { access } from 'node:fs/promises'
import { Type } from 'typebox'
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { sendDownload, sendMadeFile } from '../../http/send-download.server.ts'
import {
  type Outcome, passOrRefuse, valueOrRefuse, Id, MAX_ID, Text, Year, REPORT_TYPES, badRequest, ERROR_REPORT_HEADERS,
  errorReportName, errorReportRow, CONTENT_TYPES, FormatQuery, isFileFormat,
} from '@portal/workflow-domain/views.ts'
import { useCaseContextOf } from './use-case-context.server.ts'
import { readFormFields } from '../../http/form-fields.ts'
import type { ReportType } from '@portal/migrations/database.ts'
import { ImportFileAnswer, PageOf, PrecheckAnswer, ProblemsAnswer, ReportTypeValue } from './workflow-schemas.ts'
import { ZipArchive } from 'archiver'
import { fileAnswer, noContent } from '../../api-docs/error-answers.ts'
import { precheckAddressCap, rateLimitOf, rateLimitPerAccount } from '../../plugins/rate-limits.server.ts'
import { PagingQuery, pageWindow, toPage } from '../../http/paging.ts'
import { readMultipartForm } from '../../http/multipart-upload.server.ts'
import { sendExport } from '../../exports/send-export.server.ts'
import { reportsReadRefusal } from '@portal/workflow-domain/use-cases.server.ts'
import { contentDisposition } from '@portal/workflow-domain/commands.server.ts'
import { firstPageRead, pagedExport } from '../../exports/paged-export.server.ts'
import { FILE_COLUMNS } from './workflow-columns.ts'

const Name = Text({ minLength: 1, maxLength: 500 })

const FilesQuery = {
  year: Type.Optional(Year),
  area_name: Type.Optional(Name),
  area: Type.Optional(Id),
  company: Type.Optional(Id),
  report_type: Type.Optional(ReportTypeValue),
}

/**
 * The text fields of an upload (the file itself is the part `file`): the report by id, or its section (area or
 * company, year, report type), whose report is made with the upload when it has none yet.
 */
const UploadForm = Type.Object({
  report: Type.Optional(Id),
  area: Type.Optional(Id),
  company: Type.Optional(Id),
  year: Type.Optional(Year),
  report_type: Type.Optional(ReportTypeValue),
  description: Type.Optional(Text({ maxLength: 1000, multiline: true })),
  ecomon_responsible: Type.Optional(Id),
  company_responsible: Type.Optional(Id),
})

/** The text fields of a check before sending: the section (area or company, year, report type); the file is `file`. */
const PrecheckForm = Type.Object({
  area: Type.Optional(Id),
  company: Type.Optional(Id),
  year: Year,
  report_type: ReportTypeValue,
})

/** A whole positive number from a multipart text field, or a 400 naming it. */
function idField(fields: Record<string, string>, name: string, required: boolean): number | null {
  const raw = fields[name]?.trim()
  if (raw === undefined || raw === '' || raw === 'null' || raw === 'undefined') {
    if (required) throw badRequest(`${name}: обязательное поле`, name)
    return null
  }
  const value = Number(raw)
  if (!Number.isInteger(value) || value < 1 || value > MAX_ID) throw badRequest(`${name}: ожидается целое число`, name)
  return value
}

/** Reads a body to its end without keeping a byte, so the connection can carry the answer and the next request. */
function dropBody(body: NodeJS.ReadableStream & { readableEnded?: boolean; destroyed?: boolean }): Promise<void> {
  if (body.readableEnded || body.destroyed) return Promise.resolve()
  return new Promise((resolve) => {
    body.on('end', resolve).on('error', () => resolve()).on('close', resolve)
    body.resume()
  })
}

export const importFilesRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const workflow = app.useCases.workflow
  const filterOf = (query: { year?: number; area_name?: string; area?: number; company?: number; report_type?: ReportType }) => ({
    year: query.year,
    areaName: query.area_name,
    area: query.area,
    company: query.company,
    reportType: query.report_type,
  })

  app.get('/import-files/', { schema: { summary: 'Файлы отчётов: список с фильтрами; format=csv или xlsx — файлом', querystring: Type.Object({ ...FilesQuery, ...PagingQuery, ...FormatQuery }, { additionalProperties: false }), response: { 200: PageOf(ImportFileAnswer) } } }, async (request, reply) => {
    const context = useCaseContextOf(request)
    const page = async (limit: number, offset: number) => valueOrRefuse(await workflow.files(context, { ...filterOf(request.query), limit, offset }))
    const format = request.query.format
    if (isFileFormat(format)) return sendExport(reply, { format, name: 'import-files', sheet: 'Файлы отчётов', ...pagedExport(FILE_COLUMNS, await firstPageRead(page)) })
    const { limit, offset } = pageWindow(request.query)
    const found = await page(limit, offset)
    return toPage(request, found.results, found.count, limit, offset)
  })

  app.get('/import-files/zip/', { schema: { summary: 'Файлы отчётов одним ZIP-архивом', querystring: Type.Object(FilesQuery, { additionalProperties: false }), response: { 200: fileAnswer('ZIP-архив файлов', 'application/zip') } } }, async (request, reply) => {
    const found = valueOrRefuse(await workflow.archive(useCaseContextOf(request), filterOf(request.query)))
    const archive = new ZipArchive({ zlib: { level: 6 } })
    archive.on('warning', (error) => request.log.warn({ err: error }, 'zip warning'))
    archive.on('error', (error) => request.log.error({ err: error }, 'zip failed'))
    // The archive is named in Russian: the report type's title, the area's (or company's) name, the year.
    const label = [request.query.report_type ? REPORT_TYPES[request.query.report_type].title : 'Файлы отчётов', found.name, request.query.year].filter(Boolean).join(' — ')
    reply.header('content-type', 'application/zip').header('content-disposition', contentDisposition(`${label}.zip`))
    void reply.send(archive)
    for (const file of found.files) {
      try {
        await access(file.path)
      } catch {
        // A file whose bytes are gone is left out rather than breaking the whole archive.
        request.log.warn({ fileId: file.id }, 'stored file missing, left out of the zip')
        continue
      }
      archive.append(createReadStream(file.path), { name: file.entry })
    }
    void archive.finalize()
    return reply
  })

  app.post('/import-files/', { schema: { summary: 'Загрузить файл отчёта', response: { 201: ImportFileAnswer } }, config: { form: UploadForm, uploadBody: true, rateLimit: rateLimitOf(app.config, 'upload') } }, async (request, reply) => {
    // The permission is checked again by the command; this only spares the disk for users who may not read reports.
    passOrRefuse(reportsReadRefusal(request.user))
    // A retry of an upload already registered is answered before its body is stored (decision 3502): the first
    // answer again, even when the disk is full now; the body it sent again is read and dropped.
    const idempotencyKey = idempotencyKeyOf(request.headers['idempotency-key'])
    if (idempotencyKey !== undefined) {
      const earlier = valueOrRefuse(await workflow.earlierUpload(useCaseContextOf(request), { idempotencyKey }))
      if (earlier) {
        await dropBody(request.raw)
        return reply.status(201).send(earlier)
      }
    }
    const form = await readMultipartForm(request, { storageDir: app.config.storageDir, maxUploadMb: app.config.maxUploadMb, fileFields: ['file'], maxFiles: 1 })
    try {
      const fields = readFormFields(UploadForm, form.fields)
      const upload = form.files[0]
      if (!upload) throw badRequest('file: выберите файл', 'file')
      const description = (form.fields.description ?? '').trim()
      if (description.length > 1000) throw badRequest('description: не длиннее 1000 символов', 'description')
      // The use-case removes the stored bytes when it refuses, or when a retry repeats an upload already registered.
      const { file } = valueOrRefuse(
        await workflow.uploadToSection(useCaseContextOf(request), {
          report: fields.report,
          area: fields.area,
          company: fields.company,
          year: fields.year,
          reportType: fields.report_type,
          description,
          ecomonResponsible: idField(form.fields, 'ecomon_responsible', false),
          companyResponsible: idField(form.fields, 'company_responsible', false),
          upload: { storageKey: upload.storageKey, name: upload.name, size: upload.size, sha256: upload.sha256, contentType: upload.contentType },
          idempotencyKey,
        }),
      )
      return reply.status(201).send(file)
    } catch (error) {
      await form.discard()
      throw error
    }
  })

  // «Проверить без отправки»: the upload's check of a file for a section, nothing registered, the bytes removed before
  // the answer; `format=xlsx` answers the holder's own book with the findings marked. Counted per account, as uploads
  // are counted per address, with a cap per address over its accounts.
  const addressCap = precheckAddressCap(app)
  app.post(
    '/import-files/precheck/',
    {
      schema: {
        summary: 'Проверить файл без отправки (format=xlsx — файл с отмеченными ячейками)',
        querystring: Type.Object({ format: Type.Optional(Type.Literal('xlsx')) }, { additionalProperties: false }),
        response: { 200: PrecheckAnswer },
      },
      config: { form: PrecheckForm, uploadBody: true, rateLimit: rateLimitPerAccount(app.config, 'precheck') },
    },
    async (request, reply) => {
      // The cap of the address's accounts, before any byte of the file is read.
      await addressCap(request, reply)
      passOrRefuse(reportsReadRefusal(request.user))
      const form = await readMultipartForm(request, { storageDir: app.config.storageDir, maxUploadMb: app.config.maxUploadMb, fileFields: ['file'], maxFiles: 1 })
      let input
      try {
        const fields = readFormFields(PrecheckForm, form.fields)
        const upload = form.files[0]
        if (!upload) throw badRequest('file: выберите файл', 'file')
        input = { area: fields.area ?? null, company: fields.company ?? null, year: fields.year, reportType: fields.report_type, upload: { storageKey: upload.storageKey, name: upload.name, size: upload.size, sha256: upload.sha256, contentType: upload.contentType } }
      } catch (error) {
        await form.discard()
        throw error
      }
      // The use-case removes the stored bytes whatever it answers.
      // A check past its budget (config precheckBudget) is answered 413 and logged once (the page logs the same).
      const noted = <T>(outcome: Outcome<T>): Outcome<T> => {
        if (!outcome.ok && outcome.refusal.reason === 'precheck-over-budget') request.log.warn({ precheck: outcome.refusal }, 'check before sending past its budget: the holder is told to send the file')
        return outcome
      }
      if (request.query.format === 'xlsx') {
        const marked = valueOrRefuse(noted(await workflow.markedWorkbook(useCaseContextOf(request), input)))
        return sendMadeFile(reply, { name: marked.name, contentType: CONTENT_TYPES.xlsx, bytes: marked.bytes })
      }
      return valueOrRefuse(noted(await workflow.precheckFile(useCaseContextOf(request), input)))
    },
  )

  app.get('/import-files/:id/', { schema: { summary: 'Один файл отчёта и результат его проверки', params: Type.Object({ id: Id }), response: { 200: ImportFileAnswer } } }, async (request) =>
    valueOrRefuse(await workflow.file(useCaseContextOf(request), { id: request.params.id })),
  )

  app.get(
    '/import-files/:id/problems/',
    {
      schema: {
        summary: 'Замечания проверки файла (ошибки и предупреждения); format=csv или xlsx — отчёт об ошибках файлом',
        params: Type.Object({ id: Id }),
        querystring: Type.Object(FormatQuery, { additionalProperties: false }),
        // The file (format=csv|xlsx) is a stream, sent as it is; the JSON answer is described.
        response: { 200: ProblemsAnswer },
      },
    },
    async (request, reply) => {
      const problems = valueOrRefuse(await workflow.fileProblems(useCaseContextOf(request), { id: request.params.id }))
      const format = request.query.format
      if (isFileFormat(format)) {
        return sendExport(reply, {
          format,
          name: errorReportName(problems.name),
          sheet: 'Замечания',
          headers: [...ERROR_REPORT_HEADERS],
          produce: (write) => write(problems.results.map(errorReportRow)),
        })
      }
      return { id: problems.id, status: problems.status, count: problems.count, results: problems.results }
    },
  )

  app.get('/import-files/:id/download/', { schema: { summary: 'Скачать загруженный файл', params: Type.Object({ id: Id }), response: { 200: fileAnswer('Файл в том виде, в каком его загрузили') } } }, async (request, reply) =>
    sendDownload(reply, valueOrRefuse(await workflow.fileDownload(useCaseContextOf(request), { id: request.params.id }))),
  )

  app.delete('/import-files/:id', { schema: { summary: 'Удалить файл отчёта', params: Type.Object({ id: Id }), response: { 204: noContent('Удаление принято') } } }, async (request, reply) => {
    valueOrRefuse(await workflow.deleteFile(useCaseContextOf(request), { file: request.params.id }))
    return reply.status(204).send()
  })
}
