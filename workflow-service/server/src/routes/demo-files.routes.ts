// GET /files/demo/{type}/{file}: the files demo records link to (act, protocol, photos, maps), streamed from storage.
import { createReadStream } from 'node:fs'
import { stat } from 'node:fs/promises'
import { Type } from 'typebox'
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { DEMO_FILE_PATTERN, DEMO_TYPE_PATTERN, demoFilePath } from '../seed/demo-files.server.ts'
import { notFound } from '@portal/workflow-domain/views.ts'
import { contentDisposition } from '@portal/workflow-domain/commands.server.ts'

const CONTENT_TYPES: Record<string, string> = { pdf: 'application/pdf', jpg: 'image/jpeg' }

export const demoFilesRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/files/demo/:type/:file',
    {
      schema: {
        params: Type.Object({
          type: Type.String({ pattern: DEMO_TYPE_PATTERN }),
          file: Type.String({ pattern: DEMO_FILE_PATTERN }),
        }),
      },
    },
    async (request, reply) => {
      const target = demoFilePath(app.config.storageDir, request.params.type, request.params.file)
      const info = target ? await stat(target).catch(() => null) : null
      if (!target || !info?.isFile()) throw notFound('Файл не найден.')
      const extension = request.params.file.split('.').pop() ?? ''
      return reply
        .header('content-type', CONTENT_TYPES[extension] ?? 'application/octet-stream')
        .header('content-length', info.size)
        .header('content-disposition', contentDisposition(request.params.file))
        .send(createReadStream(target))
    },
  )
}
