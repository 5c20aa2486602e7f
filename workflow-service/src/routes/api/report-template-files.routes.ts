// GET /api/v1/report-templates/files/{filename}: the XLSX template files listed by /api/v1/report-templates/.
import { Type } from '@sinclair/typebox'
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { fileAnswer } from '../../api-docs/error-answers.ts'
import { badRequest, notFound } from '../../plugins/errors.server.ts'
import { Id } from '../../http/params.ts'
import { contentDisposition } from '../../workflow/storage/file-storage.server.ts'

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'

export const reportTemplateFilesRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/report-templates/files/:filename',
    {
      schema: {
        summary: 'Шаблон отчёта XLSX; с area или company — с кодами пунктов наблюдения участка (предприятия) в выпадающем списке',
        params: Type.Object({ filename: Type.String({ maxLength: 200, pattern: '^[a-z0-9_]+\\.xlsx$' }) }),
        querystring: Type.Object({ area: Type.Optional(Id), company: Type.Optional(Id) }, { additionalProperties: false }),
        response: { 200: fileAnswer('Шаблон', XLSX) },
      },
    },
    async (request, reply) => {
      const template = app.templates.find(request.params.filename)
      if (!template) throw notFound('Шаблон не найден.')
      const { area, company } = request.query
      if (area !== undefined && company !== undefined) throw badRequest('company: укажите area или company, не оба', 'company')
      let bytes: Buffer
      if (area !== undefined) {
        if (!(await app.db.selectFrom('areas').select('id').where('id', '=', area).executeTakeFirst())) throw notFound('Участок не найден.')
        bytes = await template.bytesFor(app.db, { areaId: area })
      } else if (company !== undefined) {
        if (!(await app.db.selectFrom('companies').select('id').where('id', '=', company).executeTakeFirst())) throw notFound('Предприятие не найдено.')
        bytes = await template.bytesFor(app.db, { companyId: company })
      } else {
        bytes = await template.bytes()
      }
      return reply
        .header('content-type', XLSX)
        .header('content-disposition', contentDisposition(template.downloadName))
        // A target's copy follows its points: fetched afresh each time.
        .header('cache-control', area !== undefined || company !== undefined ? 'no-cache' : 'public, max-age=3600')
        .send(bytes)
    },
  )
}
