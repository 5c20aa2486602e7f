// GET /api/v1/report-templates/files/{filename}: the XLSX template files listed by /api/v1/report-templates/.
import { Type } from '@sinclair/typebox'
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { fileAnswer } from '../../api-docs/error-answers.ts'
import { notFound } from '../../plugins/errors.server.ts'
import { contentDisposition } from '../../workflow/storage/file-storage.server.ts'

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'

export const reportTemplateFilesRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/report-templates/files/:filename',
    { schema: { summary: 'Шаблон отчёта XLSX', params: Type.Object({ filename: Type.String({ maxLength: 200, pattern: '^[a-z0-9_]+\\.xlsx$' }) }), response: { 200: fileAnswer('Шаблон', XLSX) } } },
    async (request, reply) => {
      const template = app.templates.find(request.params.filename)
      if (!template) throw notFound('Шаблон не найден.')
      const bytes = await template.bytes()
      return reply
        .header('content-type', XLSX)
        .header('content-disposition', contentDisposition(template.downloadName))
        .header('cache-control', 'public, max-age=3600')
        .send(bytes)
    },
  )
}
