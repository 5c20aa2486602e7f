// /api/v1/companies/: the company list with kind, kind__in and search filters, and one company by id;
// /api/v1/companies/head-companies/: the head companies reference list ('---' first).
// Each route parses, calls its use-case (`use-cases/catalogue-use-cases.server.ts`) and shapes the answer.
import { Type } from 'typebox'
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import {
  IdParams, Literals, Text, REPORT_STATUS_CODES, FormatQuery, isFileFormat, valueOrRefuse,
} from '@portal/workflow-domain/views.ts'
import { orderingParameter, pageSchema, recordSchema, companies } from '@portal/workflow-domain/registry.ts'
import { sendExport } from '../../exports/send-export.server.ts'
import { BLANK } from '@portal/workflow-domain/use-cases.server.ts'
import { keepOutOfPublicCache } from '../../plugins/public-cache.plugin.server.ts'
import { PagingQuery, pageWindow, toPage } from '../../http/paging.ts'
import { useCaseContextOf } from './use-case-context.server.ts'

const CompanyKind = Type.Union([Type.Literal('lem'), Type.Literal('lem_industry'), Type.Literal('gas_emissions')])
const Company = recordSchema(companies)
const Named = Type.Object({ id: Type.Union([Type.Integer(), Type.String()]), name: Type.String() })

export const companiesRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const catalogue = app.useCases.catalogue
  app.get(
    '/companies/head-companies/',
    { schema: { summary: 'Головные компании («---» первой строкой)', querystring: Type.Object({}), response: { 200: Type.Array(Named) } } },
    async (request) => [BLANK, ...valueOrRefuse(await catalogue.headCompanies(useCaseContextOf(request), {}))],
  )

  app.get(
    '/companies/',
    {
      schema: {
        summary: 'Предприятия: список с фильтрами и статусом отчётов',
        querystring: Type.Object(
          {
            kind: Type.Optional(CompanyKind),
            kind__in: Type.Optional(Text({ maxLength: 200 })),
            search: Type.Optional(Text({ maxLength: 200 })),
            // Companies having reports in this status (the Department's review lists).
            report_status: Type.Optional(Literals(REPORT_STATUS_CODES)),
            ordering: Type.Optional(Type.Unsafe<string>(orderingParameter(companies))),
            ...PagingQuery,
            ...FormatQuery,
          },
          { additionalProperties: false },
        ),
        response: { 200: pageSchema(Company) },
      },
    },
    async (request, reply) => {
      const context = useCaseContextOf(request)
      const { kind, kind__in: kindIn, search, report_status: reportStatus, ordering } = request.query
      const filters = { kind, kindIn, search, reportStatus, ordering: ordering as string | undefined }
      // Report statuses change by workflow commands, which tell no cache (decision 1820): this list is always read.
      if (reportStatus) keepOutOfPublicCache(request)
      const format = request.query.format
      if (isFileFormat(format)) return sendExport(reply, { format, name: 'companies', sheet: companies.title, ...valueOrRefuse(await catalogue.companiesExport(context, filters)) })
      const { limit, offset } = pageWindow(request.query)
      const page = valueOrRefuse(await catalogue.companies(context, { ...filters, limit, offset }))
      return toPage(request, page.results, page.count, limit, offset)
    },
  )

  app.get(
    '/companies/:id/',
    {
      schema: {
        summary: 'Одно предприятие',
        params: IdParams,
        querystring: Type.Object({ kind: Type.Optional(CompanyKind) }, { additionalProperties: false }),
        response: { 200: Company },
      },
    },
    // §7 `kind`: a company of another kind is not the one asked for.
    async (request) => valueOrRefuse(await catalogue.company(useCaseContextOf(request), { id: request.params.id, kind: request.query.kind })),
  )
}
