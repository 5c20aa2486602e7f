// /api/v1/notifications/: the logged-in user's notifications of report status changes, and marking them read.
import { Type } from 'typebox'
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { PagingQuery, pageWindow, toPage } from '../../http/paging.ts'
import { Id, FormatQuery, isFileFormat, valueOrRefuse, momentCell } from '@portal/workflow-domain/views.ts'
import { type Column, firstPageRead, pagedExport } from '../../exports/paged-export.server.ts'
import { useCaseContextOf } from './use-case-context.server.ts'
import { sendExport } from '../../exports/send-export.server.ts'

const DateTime = Type.Unsafe<Date | string>({ type: 'string', format: 'date-time' })
const Notification = Type.Object({
  id: Type.Integer(),
  kind: Type.String({ description: 'file_checked, file_failed, report_agreed, report_rejected, report_cancelled, report_message; the Department: department_file_checked, department_resubmitted, department_message, department_exceedances, overdue_digest; the holder, of a due date: due_reminder' }),
  title: Type.String(),
  body: Type.String(),
  link: Type.Union([Type.String(), Type.Null()]),
  created: DateTime,
  read: Type.Union([DateTime, Type.Null()]),
  events: Type.Integer({ description: 'how many events of its report a grouped notification (the Department’s) stands for; 1 otherwise' }),
})

type NotificationRow = { id: number; kind: string; title: string; body: string; link: string | null; created: Date | string; read: Date | string | null }
const NOTIFICATION_COLUMNS: Array<Column<NotificationRow>> = [
  { header: 'ID', cell: (r) => r.id },
  { header: 'Когда', cell: (r) => momentCell(r.created) },
  { header: 'Заголовок', cell: (r) => r.title },
  { header: 'Текст', cell: (r) => r.body },
  { header: 'Ссылка', cell: (r) => r.link },
  { header: 'Прочитано', cell: (r) => momentCell(r.read) },
]

export const notificationsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { notifications } = app.useCases
  app.get(
    '/notifications/',
    {
      schema: {
        summary: 'Мои уведомления: новые первыми, с числом непрочитанных',
        querystring: Type.Object({ ...PagingQuery, ...FormatQuery }, { additionalProperties: false }),
        response: {
          200: Type.Object({ count: Type.Integer(), unread: Type.Integer(), next: Type.Union([Type.String(), Type.Null()]), previous: Type.Union([Type.String(), Type.Null()]), results: Type.Array(Notification) }),
        },
      },
    },
    async (request, reply) => {
      const context = useCaseContextOf(request)
      const page = async (limit: number, offset: number) => valueOrRefuse(await notifications.notifications(context, { limit, offset }))
      if (isFileFormat(request.query.format)) {
        const pages = await firstPageRead(page)
        reply.header('cache-control', 'private, no-store')
        return sendExport(reply, { format: request.query.format, name: 'notifications', sheet: 'Уведомления', ...pagedExport(NOTIFICATION_COLUMNS, pages) })
      }
      const { limit, offset } = pageWindow(request.query)
      const found = await page(limit, offset)
      reply.header('cache-control', 'private, no-store')
      return { ...toPage(request, found.results, found.count, limit, offset), unread: found.unread }
    },
  )

  app.post(
    '/notifications/read/',
    {
      schema: {
        summary: 'Отметить уведомления прочитанными (все, если ids не указаны)',
        body: Type.Object({ ids: Type.Optional(Type.Array(Id, { maxItems: 1000 })) }, { additionalProperties: false }),
        response: { 200: Type.Object({ marked: Type.Integer() }) },
      },
    },
    async (request) => ({ marked: valueOrRefuse(await notifications.markRead(useCaseContextOf(request), { ids: request.body.ids })) }),
  )
}
