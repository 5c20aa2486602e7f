// GET /api/v1/report-templates/files/{filename}: the XLSX template files listed by /api/v1/report-templates/.
// The route parses, calls its use-case (`use-cases/report-template-use-cases.server.ts`) and shapes the download.
import { Type } from 'typebox'
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { fileAnswer } from '../../api-docs/error-answers.ts'
import { TemplateFileQuery } from '@portal/workflow-domain/use-cases.server.ts'
import { valueOrRefuse } from '@portal/workflow-domain/views.ts'
import { contentDisposition } from '@portal/workflow-domain/commands.server.ts'
import { useCaseContextOf } from './use-case-context.server.ts'

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'

export const reportTemplateFilesRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/report-templates/files/:filename',
    {
      schema: {
        summary:
          'Шаблон отчёта XLSX; с area или company — с кодами пунктов наблюдения участка (предприятия) в выпадающем списке; year — год отчёта в примере; ' +
          'prefill=last-year (только недропользователю своего участка или предприятия) — строки с пунктами и показателями прошлого года и их средними значениями в боковом столбце',
        params: Type.Object({ filename: Type.String({ maxLength: 200, pattern: '^[a-z0-9_]+\\.xlsx$' }) }),
        querystring: Type.Object(TemplateFileQuery, { additionalProperties: false }),
        response: { 200: fileAnswer('Шаблон', XLSX) },
      },
    },
    async (request, reply) => {
      const { filename } = request.params
      const file = valueOrRefuse(await app.useCases.templates.templateFile(useCaseContextOf(request), { filename, ...request.query }))
      return reply
        .header('content-type', XLSX)
        .header('content-disposition', contentDisposition(file.downloadName))
        // A target's copy follows its points: fetched afresh each time. (A pre-filled copy needs a session, whose
        // answers the auth plugin marks `private, no-store`.)
        .header('cache-control', file.forTarget ? 'no-cache' : 'public, max-age=3600')
        .send(file.bytes)
    },
  )
}
