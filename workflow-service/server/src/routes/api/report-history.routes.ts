// /api/v1/report-history/: the change history of a company's reports (Department only), sorted by created;
// /api/v1/report-audit/: the Department's audit of every company's reports, filtered, as a page or a file;
// /api/v1/report-as-of/: a company's reports as they stood at the end of a day, and the changes of a window (the
// Department's as-of page, as JSON, through the same use-case).
import { type TSchema, Type } from 'typebox'
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { HistoryEntryAnswer, PageOf } from './workflow-schemas.ts'
import { Id, FormatQuery, isFileFormat, valueOrRefuse } from '@portal/workflow-domain/views.ts'
import { PagingQuery, pageWindow, toPage } from '../../http/paging.ts'
import { firstPageRead, pagedExport } from '../../exports/paged-export.server.ts'
import { sendExport } from '../../exports/send-export.server.ts'
import { HISTORY_COLUMNS } from './workflow-columns.ts'
import { AsOfInput, AuditInput } from '@portal/workflow-domain/use-cases.server.ts'
import { useCaseContextOf } from './use-case-context.server.ts'

const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()])

const AuditEntryAnswer = Type.Object({
  number: Type.Integer({ description: 'Номер записи журнала (и квитанции)' }),
  created: Type.Unsafe<Date | string>({ type: 'string', format: 'date-time' }),
  event: Type.String(),
  companyId: Type.Integer(),
  companyName: Type.String(),
  areaName: Nullable(Type.String()),
  year: Type.Integer(),
  reportType: Type.String(),
  username: Type.String(),
  person: Type.String({ description: 'ФИО пользователя (логин, если ФИО не указано)' }),
  role: Type.String(),
  clientAddress: Nullable(Type.String()),
  comment: Nullable(Type.String()),
  files: Type.Array(Type.Object({ name: Type.String(), size: Nullable(Type.Integer()), sha256: Nullable(Type.String()), url: Type.String() })),
  round: Nullable(Type.Integer()),
  hasReceipt: Type.Boolean(),
})

const DateTime = Type.Unsafe<Date | string>({ type: 'string', format: 'date-time' })

/** The as-of answer (`use-cases/as-of.server.ts` CompanyAsOf): every field named, so the serializer drops none. */
const AsOfAnswer = Type.Object({
  company: Type.Object({ id: Type.Integer(), name: Type.String() }),
  areaNames: Type.Record(Type.String(), Type.String(), { description: 'Названия участков отчётов по номеру (сегодняшние)' }),
  date: Type.String(),
  from: Type.String(),
  to: Type.String(),
  moment: DateTime,
  events: Type.Integer({ description: 'Событий журнала к этому моменту' }),
  reports: Type.Array(
    Type.Object({
      id: Type.Integer(),
      streamId: Type.String(),
      reportType: Type.String(),
      year: Type.Integer(),
      areaId: Nullable(Type.Integer()),
      companyId: Type.Integer(),
      status: Type.String(),
      round: Type.Integer(),
      updated: DateTime,
      files: Type.Array(
        Type.Object({
          id: Type.Integer(),
          name: Type.String(),
          description: Type.String(),
          status: Type.String(),
          problems: Type.Array(Type.Object({ reason: Type.String() }, { additionalProperties: true })),
          created: DateTime,
          creatorUsername: Type.String(),
        }),
      ),
      responsible: Nullable(Type.Object({ fullname: Type.String(), position: Type.String(), email: Type.String(), phone: Type.String() })),
      lastDecision: Nullable(Type.Object({ event: Type.String(), comment: Type.String(), created: DateTime, creatorUsername: Type.String(), files: Type.Array(Type.String()) })),
    }),
  ),
  changes: Type.Array(
    Type.Object({
      position: Type.Integer(),
      at: DateTime,
      type: Type.String(),
      label: Type.String(),
      username: Type.String(),
      role: Type.String(),
      streamId: Type.String(),
      reportId: Nullable(Type.Integer()),
      fileName: Nullable(Type.String()),
      comment: Nullable(Type.String()),
    }),
  ),
  people: Type.Record(Type.String(), Type.String(), { description: 'ФИО пользователя по логину, для каждого названного логина (логин, если ФИО не указано)' }),
})

export const reportHistoryRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/report-history/',
    {
      schema: {
        summary: 'История изменений отчётов предприятия за год',
        querystring: Type.Object({ company: Id, ...PagingQuery, ...FormatQuery }, { additionalProperties: false }),
        response: { 200: PageOf(HistoryEntryAnswer) },
      },
    },
    async (request, reply) => {
      const context = useCaseContextOf(request)
      const page = async (limit: number, offset: number) => valueOrRefuse(await app.useCases.workflow.history(context, { company: request.query.company, limit, offset }))
      const format = request.query.format
      if (isFileFormat(format)) {
        return sendExport(reply, { format, name: 'report-history', sheet: 'История изменений', ...pagedExport(HISTORY_COLUMNS, await firstPageRead(page)) })
      }
      const { limit, offset } = pageWindow(request.query)
      const found = await page(limit, offset)
      return toPage(request, found.results, found.count, limit, offset)
    },
  )

  app.get(
    '/report-as-of/',
    {
      schema: {
        summary: 'Отчёты предприятия на дату (Департамент): состояние на конец дня date и изменения с from по to, из журнала событий',
        querystring: AsOfInput,
        response: { 200: AsOfAnswer },
      },
    },
    async (request) => valueOrRefuse(await app.useCases.workflow.asOf(useCaseContextOf(request), request.query)),
  )

  app.get(
    '/report-audit/',
    {
      schema: {
        summary: 'Журнал отчётности (Департамент): записи новые сначала; format=csv или xlsx — все записи фильтра файлом',
        querystring: Type.Object({ ...AuditInput.properties, ...PagingQuery, ...FormatQuery }, { additionalProperties: false }),
        response: { 200: PageOf(AuditEntryAnswer) },
      },
    },
    async (request, reply) => {
      const { limit: _limit, offset: _offset, format, ...filters } = request.query
      const context = useCaseContextOf(request)
      if (isFileFormat(format)) {
        const file = valueOrRefuse(await app.useCases.workflow.auditExport(context, filters))
        return sendExport(reply, { format, name: 'Журнал отчётности', sheet: 'Журнал', headers: file.headers, produce: file.produce })
      }
      const { limit, offset } = pageWindow(request.query)
      const page = valueOrRefuse(await app.useCases.workflow.audit(context, { ...filters, limit, offset }))
      return toPage(request, page.results, page.count, limit, offset)
    },
  )
}
