// GET /api/v1/report-templates/files/{filename}: the XLSX template files listed by /api/v1/report-templates/.
// The route parses, calls its use-case (`use-cases/report-template-use-cases.server.ts`) and shapes the download.
import { Type } from '@sinclair/typebox'
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { fileAnswer } from '../../api-docs/error-answers.ts'
import { Id, Year } from '../../http/params.ts'
import { valueOrRefuse } from '../../use-cases/use-case.ts'
import { contentDisposition } from '../../workflow/storage/file-storage.server.ts'
import { useCaseContextOf } from './use-case-context.server.ts'

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'

export const reportTemplateFilesRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/report-templates/files/:filename',
    {
      schema: {
        summary: 'Шаблон отчёта XLSX; с area или company — с кодами пунктов наблюдения участка (предприятия) в выпадающем списке; year — год отчёта в примере',
        params: Type.Object({ filename: Type.String({ maxLength: 200, pattern: '^[a-z0-9_]+\\.xlsx$' }) }),
        querystring: Type.Object({ area: Type.Optional(Id), company: Type.Optional(Id), year: Type.Optional(Year) }, { additionalProperties: false }),
        response: { 200: fileAnswer('Шаблон', XLSX) },
      },
    },
    async (request, reply) => {
      const { filename } = request.params
      const file = valueOrRefuse(await app.useCases.templates.templateFile(useCaseContextOf(request), { filename, ...request.query }))
      return reply
        .header('content-type', XLSX)
        .header('content-disposition', contentDisposition(file.downloadName))
        // A target's copy follows its points: fetched afresh each time.
        .header('cache-control', file.forTarget ? 'no-cache' : 'public, max-age=3600')
        .send(file.bytes)
    },
  )
}
