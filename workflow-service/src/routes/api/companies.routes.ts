// /api/v1/companies/: the company list with kind, kind__in and search filters, and one company by id;
// /api/v1/companies/head-companies/: the head companies reference list ('---' first).
import { Type } from '@sinclair/typebox'
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { IdParams, Text } from '../../http/params.ts'
import { findCompany, listCompanies } from '../../catalogue/companies.server.ts'
import { companiesExport } from '../../catalogue/export-records.server.ts'
import { orderingParameter } from '../../catalogue/filter-schema.ts'
import { FormatQuery, isFileFormat } from '../../exports/export-formats.ts'
import { sendExport } from '../../exports/send-export.server.ts'
import { FilterError } from '../../catalogue/filters.ts'
import { parseOrdering } from '../../catalogue/ordering.ts'
import { pageSchema, recordSchema } from '../../catalogue/record-schema.ts'
import { companies } from '../../catalogue/registry/core.ts'
import { BLANK, headCompanies } from '../../catalogue/references.server.ts'
import { keepOutOfPublicCache } from '../../plugins/public-cache.plugin.server.ts'
import { badRequest, notFound } from '../../plugins/errors.server.ts'
import { PagingQuery, pageWindow, toPage } from '../../http/paging.ts'

const CompanyKind = Type.Union([Type.Literal('lem'), Type.Literal('lem_industry'), Type.Literal('gas_emissions')])
const COMPANY_KINDS = ['lem', 'lem_industry', 'gas_emissions'] as const

export function parseKindList<T extends string>(raw: string | undefined, allowed: readonly T[], parameter: string): T[] | undefined {
  if (raw === undefined || raw === '') return undefined
  const values = raw.split(',').map((v) => v.trim()).filter(Boolean)
  const unknown = values.filter((v) => !allowed.includes(v as T))
  if (unknown.length > 0) throw badRequest(`${parameter}: неизвестное значение ${unknown.join(', ')}`, parameter)
  return values as T[]
}

const Company = recordSchema(companies)
const Named = Type.Object({ id: Type.Union([Type.Integer(), Type.String()]), name: Type.String() })

function orderingOf(raw: string | undefined) {
  try {
    return parseOrdering(companies, raw)
  } catch (error) {
    if (error instanceof FilterError) throw badRequest(error.message, error.parameter)
    throw error
  }
}

export const companiesRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/companies/head-companies/',
    { schema: { summary: 'Головные компании («---» первой строкой)', querystring: Type.Object({}), response: { 200: Type.Array(Named) } } },
    async () => [BLANK, ...(await headCompanies(app.db))],
  )

  app.get(
    '/companies/',
    {
      schema: {
        querystring: Type.Object(
          {
            kind: Type.Optional(CompanyKind),
            kind__in: Type.Optional(Text({ maxLength: 200 })),
            search: Type.Optional(Text({ maxLength: 200 })),
            // Companies having reports in this status (the Department's review lists).
            report_status: Type.Optional(Type.Union([Type.Literal('consideration'), Type.Literal('agreed'), Type.Literal('rejected')])),
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
      const { limit, offset } = pageWindow(request.query)
      const kindIn = parseKindList(request.query.kind__in, COMPANY_KINDS, 'kind__in')
      const filters = { kind: request.query.kind, kindIn, search: request.query.search, reportStatus: request.query.report_status }
      // Report statuses change by workflow commands, which tell no cache (decision 1820): this list is always read.
      if (filters.reportStatus) keepOutOfPublicCache(request)
      const ordering = orderingOf(request.query.ordering as string | undefined)
      const format = request.query.format
      if (isFileFormat(format)) return sendExport(reply, { format, name: 'companies', sheet: companies.title, ...companiesExport(app.db, filters, ordering) })
      const page = await listCompanies(app.db, filters, limit, offset, ordering)
      return toPage(request, page.results, page.count, limit, offset)
    },
  )

  app.get(
    '/companies/:id/',
    {
      schema: {
        params: IdParams,
        querystring: Type.Object({ kind: Type.Optional(CompanyKind) }, { additionalProperties: false }),
        response: { 200: Company },
      },
    },
    async (request) => {
      const company = await findCompany(app.db, request.params.id)
      // §7 `kind`: a company of another kind is not the one asked for.
      if (!company || (request.query.kind !== undefined && company.kind !== request.query.kind)) throw notFound('Предприятие не найдено.')
      return company
    },
  )
}
