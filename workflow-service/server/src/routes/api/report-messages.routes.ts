// /api/v1/import-reports/{id}/messages/: the conversation on a report (decision 3711), read and written through the
// same use-cases as the report's page. A message's files come as a multipart form, as a decision's do.
import { Type } from 'typebox'
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { sendDownload } from '../../http/send-download.server.ts'
import { passOrRefuse, valueOrRefuse, Id, refused } from '@portal/workflow-domain/views.ts'
import { useCaseContextOf } from './use-case-context.server.ts'
import { fileAnswer } from '../../api-docs/error-answers.ts'
import { rateLimitOf } from '../../plugins/rate-limits.server.ts'
import { readMultipartForm } from '../../http/multipart-upload.server.ts'
import { idempotencyKeyOf } from '../../http/idempotency-key.ts'
import { reportsReadRefusal, MESSAGE_FILES_MAX } from '@portal/workflow-domain/use-cases.server.ts'

const DateTime = Type.Unsafe<Date | string>({ type: 'string', format: 'date-time' })

export const MessageAnswer = Type.Object({
  id: Type.Integer({ description: 'Номер события сообщения в журнале' }),
  side: Type.Union([Type.Literal('department'), Type.Literal('holder')], { description: 'Кто написал: Департамент или пользователь предприятия' }),
  text: Type.String(),
  created: DateTime,
  author: Type.String(),
  files: Type.Array(Type.Object({ id: Type.String(), name: Type.String(), size: Type.Integer(), file: Type.String() })),
})

export const reportMessagesRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const workflow = app.useCases.workflow

  app.get(
    '/import-reports/:id/messages/',
    { schema: { summary: 'Переписка по отчёту: сообщения Департамента и предприятия', params: Type.Object({ id: Id }), response: { 200: Type.Object({ results: Type.Array(MessageAnswer) }) } } },
    async (request) => ({ results: valueOrRefuse(await workflow.reportMessages(useCaseContextOf(request), { report: request.params.id })).messages }),
  )

  app.post(
    '/import-reports/:id/messages/',
    {
      schema: { summary: 'Написать сообщение по отчёту (JSON или multipart с файлами)', params: Type.Object({ id: Id }), response: { 200: MessageAnswer, 201: MessageAnswer } },
      config: { uploadBody: true, rateLimit: rateLimitOf(app.config, 'decision') },
    },
    async (request, reply) => {
      const context = useCaseContextOf(request)
      const key = idempotencyKeyOf(request.headers['idempotency-key'])
      let fields: Record<string, unknown>
      let form: Awaited<ReturnType<typeof readMultipartForm>> | undefined
      if (request.isMultipart()) {
        // Spares the disk for who may write in no report's conversation; the use-case checks this report's company.
        passOrRefuse(reportsReadRefusal(request.user) ? refused({ reason: 'report-not-found' }) : null)
        form = await readMultipartForm(request, { storageDir: app.config.storageDir, maxUploadMb: app.config.maxUploadMb, fileFields: ['files', 'file'], maxFiles: MESSAGE_FILES_MAX })
        fields = form.fields
      } else {
        fields = (request.body ?? {}) as Record<string, unknown>
      }
      try {
        const posted = valueOrRefuse(
          await workflow.postMessage(context, {
            report: request.params.id,
            text: typeof fields.text === 'string' ? fields.text : '',
            files: (form?.files ?? []).map((f) => ({ storageKey: f.storageKey, name: f.name, size: f.size, sha256: f.sha256, contentType: f.contentType })),
            ...(key !== undefined ? { key } : {}),
          }),
        )
        return reply.status(posted.created ? 201 : 200).send(posted.message)
      } catch (error) {
        await form?.discard()
        throw error
      }
    },
  )

  app.get(
    '/import-reports/message-files/:id/',
    { schema: { summary: 'Скачать файл сообщения по отчёту', params: Type.Object({ id: Type.String({ pattern: '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' }) }), response: { 200: fileAnswer('Файл, приложенный к сообщению') } } },
    async (request, reply) => sendDownload(reply, valueOrRefuse(await workflow.messageFileDownload(useCaseContextOf(request), { id: request.params.id }))),
  )
}
