// /api/v1/import-files/: file lists, uploads (streamed to storage), deletion, problems, downloads and the streamed ZIP.
import { createReadStream } from 'node:fs'
import { access } from 'node:fs/promises'
import { Type } from '@sinclair/typebox'
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { sendDownload } from '../../http/send-download.server.ts'
import { valueOrRefuse } from '../../use-cases/use-case.ts'
import { useCaseContextOf } from './use-case-context.server.ts'
import { Id, MAX_ID, Text, Year } from '../../http/params.ts'
import { readFormFields } from '../../http/form-fields.ts'
import type { ReportType } from '@portal/migrations/database.ts'
import { REPORT_TYPES } from '../../workflow/reports/report-types.ts'
import { ImportFileAnswer, PageOf, ProblemsAnswer, ReportTypeValue } from './workflow-schemas.ts'
import { ZipArchive } from 'archiver'
import { fileAnswer, noContent } from '../../api-docs/error-answers.ts'
import { badRequest, notFound } from '../../plugins/errors.server.ts'
import { rateLimitOf } from '../../plugins/rate-limits.server.ts'
import { PagingQuery, pageWindow, toPage } from '../../http/paging.ts'
import { readMultipartForm } from '../../http/multipart-upload.server.ts'
import { requestFileDeletion, uploadFile } from '../../workflow/files/file-commands.server.ts'
import { ERROR_REPORT_HEADERS, errorReportName, errorReportRow, findingsOf } from '../../workflow/files/file-findings.ts'
import { FormatQuery, isFileFormat } from '../../exports/export-formats.ts'
import { sendExport } from '../../exports/send-export.server.ts'
import { filesForArchive, findFile, listFiles, toImportFile } from '../../workflow/files/file-queries.server.ts'
import { assertCanReadReportsOf, assertReadsReports } from '../../workflow/read-access.ts'
import { contentDisposition, storedFilePath } from '../../workflow/storage/file-storage.server.ts'
import { findTarget as resolveNamedTarget } from '../../workflow/reports/report-targets.server.ts'
import { commandContextOf } from './workflow-context.server.ts'
import { pagedExport } from '../../exports/paged-export.server.ts'
import { FILE_COLUMNS } from '../../exports/workflow-columns.ts'

const Name = Text({ minLength: 1, maxLength: 500 })

const FilesQuery = {
  year: Type.Optional(Year),
  area_name: Type.Optional(Name),
  area: Type.Optional(Id),
  company: Type.Optional(Id),
  report_type: Type.Optional(ReportTypeValue),
}

/** The text fields of an upload (the file itself is the part `file`). */
const UploadForm = Type.Object({
  report: Id,
  description: Type.Optional(Text({ maxLength: 1000, multiline: true })),
  ecomon_responsible: Type.Optional(Id),
  company_responsible: Type.Optional(Id),
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

/** The Idempotency-Key header of an upload: 1 to 200 visible ASCII characters (a UUID, say), or absent. */
function idempotencyKeyOf(raw: string | string[] | undefined): string | undefined {
  if (raw === undefined) return undefined
  if (typeof raw !== 'string' || !/^[\x21-\x7e]{1,200}$/.test(raw)) throw badRequest('Idempotency-Key: от 1 до 200 видимых символов ASCII', 'Idempotency-Key')
  return raw
}

/** Said when neither an area nor a company is named: the labels the user knows, not the parameters' names. */
export const NO_TARGET = 'Участок: укажите лицензионный участок или предприятие (и отчетный период)'

export const importFilesRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const filterOf = async (query: { year?: number; area_name?: string; area?: number; company?: number; report_type?: ReportType }) => {
    if (query.area === undefined && query.area_name === undefined && query.company === undefined) {
      throw badRequest(NO_TARGET, 'area_name')
    }
    const target = await resolveNamedTarget(app.db, { area: query.area, area_name: query.area_name, company: query.area || query.area_name ? undefined : query.company })
    if (!target) return null
    return { target, filter: { year: query.year, areaId: target.areaId, companyId: target.companyId, reportType: query.report_type } }
  }

  const findFileAnswer = async (id: number) => {
    const file = await app.db.selectFrom('import_files').selectAll().where('id', '=', id).executeTakeFirst()
    if (!file) throw notFound('Файл не найден.')
    return toImportFile(file)
  }

  app.get('/import-files/', { schema: { querystring: Type.Object({ ...FilesQuery, ...PagingQuery, ...FormatQuery }, { additionalProperties: false }), response: { 200: PageOf(ImportFileAnswer) } } }, async (request, reply) => {
    assertReadsReports(request.user)
    const { limit, offset } = pageWindow(request.query)
    const found = await filterOf(request.query)
    if (found) assertCanReadReportsOf(request.user, found.target.companyId)
    const page = (size: number, from: number) => (found ? listFiles(app.db, found.filter, size, from) : Promise.resolve({ results: [], count: 0 }))
    const format = request.query.format
    if (isFileFormat(format)) return sendExport(reply, { format, name: 'import-files', sheet: 'Файлы отчётов', ...pagedExport(FILE_COLUMNS, page) })
    const result = await page(limit, offset)
    return toPage(request, result.results, result.count, limit, offset)
  })

  app.get('/import-files/zip/', { schema: { summary: 'Файлы отчётов одним ZIP-архивом', querystring: Type.Object(FilesQuery, { additionalProperties: false }), response: { 200: fileAnswer('ZIP-архив файлов', 'application/zip') } } }, async (request, reply) => {
    assertReadsReports(request.user)
    const found = await filterOf(request.query)
    if (!found) throw notFound('Участок или предприятие не найдены.')
    assertCanReadReportsOf(request.user, found.target.companyId)
    const files = await filesForArchive(app.db, found.filter)
    const archive = new ZipArchive({ zlib: { level: 6 } })
    archive.on('warning', (error) => request.log.warn({ err: error }, 'zip warning'))
    archive.on('error', (error) => request.log.error({ err: error }, 'zip failed'))
    // The archive is named in Russian: the report type's title, the area's (or company's) name, the year.
    const label = [request.query.report_type ? REPORT_TYPES[request.query.report_type].title : 'Файлы отчётов', found.target.name, request.query.year].filter(Boolean).join(' — ')
    reply.header('content-type', 'application/zip').header('content-disposition', contentDisposition(`${label}.zip`))
    void reply.send(archive)
    for (const file of files) {
      const path = storedFilePath(app.config.storageDir, file.storage_key)
      try {
        await access(path)
      } catch {
        // A file whose bytes are gone is left out rather than breaking the whole archive.
        request.log.warn({ fileId: file.id }, 'stored file missing, left out of the zip')
        continue
      }
      archive.append(createReadStream(path), { name: `${file.report_type}/${file.id}-${file.name}` })
    }
    void archive.finalize()
    return reply
  })

  app.post('/import-files/', { schema: { response: { 201: ImportFileAnswer } }, config: { form: UploadForm, uploadBody: true, rateLimit: rateLimitOf(app.config, 'upload') } }, async (request, reply) => {
    assertReadsReports(request.user)
    const form = await readMultipartForm(request, { storageDir: app.config.storageDir, maxUploadMb: app.config.maxUploadMb, fileFields: ['file'], maxFiles: 1 })
    try {
      readFormFields(UploadForm, form.fields)
      const upload = form.files[0]
      if (!upload) throw badRequest('file: выберите файл', 'file')
      const description = (form.fields.description ?? '').trim()
      if (description.length > 1000) throw badRequest('description: не длиннее 1000 символов', 'description')
      const { fileId, repeated } = await uploadFile(commandContextOf(app, request), {
        reportId: idField(form.fields, 'report', true)!,
        description: description || upload.name,
        ecomonResponsibleId: idField(form.fields, 'ecomon_responsible', false),
        companyResponsibleId: idField(form.fields, 'company_responsible', false),
        upload,
        idempotencyKey: idempotencyKeyOf(request.headers['idempotency-key']),
      })
      // A retry: the first upload registered the file, these bytes are not needed.
      if (repeated) await form.discard()
      const file = await findFileAnswer(fileId)
      return reply.status(201).send(file)
    } catch (error) {
      await form.discard()
      throw error
    }
  })

  app.get('/import-files/:id/', { schema: { params: Type.Object({ id: Id }), response: { 200: ImportFileAnswer } } }, async (request) => {
    assertReadsReports(request.user)
    const file = await findFile(app.db, request.params.id)
    if (!file || file.status === 'deleted') throw notFound('Файл не найден.')
    assertCanReadReportsOf(request.user, file.company_id)
    return findFileAnswer(file.id)
  })

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
      assertReadsReports(request.user)
      const file = await findFile(app.db, request.params.id)
      if (!file || file.status === 'deleted') throw notFound('Файл не найден.')
      assertCanReadReportsOf(request.user, file.company_id)
      const findings = findingsOf(file.problems)
      const format = request.query.format
      if (isFileFormat(format)) {
        return sendExport(reply, {
          format,
          name: errorReportName(file.name),
          sheet: 'Замечания',
          headers: [...ERROR_REPORT_HEADERS],
          produce: (write) => write(findings.map(errorReportRow)),
        })
      }
      return { id: file.id, status: file.status, count: findings.length, results: findings }
    },
  )

  app.get('/import-files/:id/download/', { schema: { summary: 'Скачать загруженный файл', params: Type.Object({ id: Id }), response: { 200: fileAnswer('Файл в том виде, в каком его загрузили') } } }, async (request, reply) =>
    sendDownload(reply, valueOrRefuse(await app.useCases.workflow.fileDownload(useCaseContextOf(request), { id: request.params.id }))),
  )

  app.delete('/import-files/:id', { schema: { summary: 'Удалить файл отчёта', params: Type.Object({ id: Id }), response: { 204: noContent('Удаление принято') } } }, async (request, reply) => {
    await requestFileDeletion(commandContextOf(app, request), request.params.id)
    return reply.status(204).send()
  })
}
