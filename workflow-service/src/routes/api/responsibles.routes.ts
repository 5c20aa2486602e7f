// /api/v1/ecomon-responsibles/ and /api/v1/company-responsibles/: the responsible person of an area or company by year.
import { Type } from '@sinclair/typebox'
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { Id, Text as SafeText, Year } from '../../http/params.ts'
import { PageOf, ResponsibleAnswer } from './workflow-schemas.ts'
import { notFound } from '../../plugins/errors.server.ts'
import { assertCanReadResponsibleOf, assertReadsReports } from '../../workflow/read-access.ts'
import { createResponsible, editResponsible, type ResponsibleScope } from '../../workflow/responsibles/responsible-commands.server.ts'
import { listCompanyResponsibles, listEcomonResponsibles } from '../../workflow/responsibles/responsible-queries.server.ts'
import { commandContextOf } from './workflow-context.server.ts'

// Only the shape here (text without control characters, bounded): what a field must hold (not blank, a real e-mail
// address…) is the command's rule, so the API and the pages refuse the same input with the same answer.
const Text = SafeText({ maxLength: 2000 })
const Details = {
  fullname: Text,
  position: Text,
  email: Text,
  phone: Text,
  labs_name: Type.Optional(Type.Union([SafeText({ maxLength: 2000, multiline: true }), Type.Null()])),
  labs_contacts: Type.Optional(Type.Union([SafeText({ maxLength: 2000, multiline: true }), Type.Null()])),
}

type DetailsBody = { fullname: string; position: string; email: string; phone: string; labs_name?: string | null; labs_contacts?: string | null }
const details = (b: DetailsBody) => ({
  fullname: b.fullname,
  position: b.position,
  email: b.email,
  phone: b.phone,
  labsName: b.labs_name ?? null,
  labsContacts: b.labs_contacts ?? null,
})

export const responsiblesRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const find = async (scope: ResponsibleScope, id: number) => {
    const row =
      scope === 'area'
        ? await app.db.selectFrom('ecomon_responsibles').select(['area_id as target', 'year']).where('id', '=', id).executeTakeFirst()
        : await app.db.selectFrom('company_responsibles').select(['company_id as target', 'year']).where('id', '=', id).executeTakeFirst()
    if (!row) throw notFound('Ответственное лицо не найдено.')
    const list = scope === 'area' ? await listEcomonResponsibles(app.db, { areaId: row.target, year: row.year }) : await listCompanyResponsibles(app.db, { companyId: row.target, year: row.year })
    return list[0]
  }

  app.get(
    '/ecomon-responsibles/',
    { schema: { querystring: Type.Object({ area: Id, year: Type.Optional(Year) }, { additionalProperties: false }), response: { 200: PageOf(ResponsibleAnswer) } } },
    async (request) => {
      assertReadsReports(request.user)
      const area = await app.db.selectFrom('areas').select(['company_id']).where('id', '=', request.query.area).executeTakeFirst()
      if (!area || area.company_id === null) return { count: 0, next: null, previous: null, results: [] }
      assertCanReadResponsibleOf(request.user, area.company_id)
      const results = await listEcomonResponsibles(app.db, { areaId: request.query.area, year: request.query.year })
      return { count: results.length, next: null, previous: null, results }
    },
  )

  app.get(
    '/company-responsibles/',
    { schema: { querystring: Type.Object({ company: Id, year: Type.Optional(Year) }, { additionalProperties: false }), response: { 200: PageOf(ResponsibleAnswer) } } },
    async (request) => {
      assertReadsReports(request.user)
      assertCanReadResponsibleOf(request.user, request.query.company)
      const results = await listCompanyResponsibles(app.db, { companyId: request.query.company, year: request.query.year })
      return { count: results.length, next: null, previous: null, results }
    },
  )

  app.post(
    '/ecomon-responsibles/',
    { schema: { body: Type.Object({ area: Id, year: Year, ...Details }, { additionalProperties: false }), response: { 201: ResponsibleAnswer } } },
    async (request, reply) => {
      const id = await createResponsible(commandContextOf(app, request), { scope: 'area', targetId: request.body.area, year: request.body.year, details: details(request.body) })
      return reply.status(201).send(await find('area', id))
    },
  )

  app.post(
    '/company-responsibles/',
    { schema: { body: Type.Object({ company: Id, year: Year, ...Details }, { additionalProperties: false }), response: { 201: ResponsibleAnswer } } },
    async (request, reply) => {
      const id = await createResponsible(commandContextOf(app, request), { scope: 'company', targetId: request.body.company, year: request.body.year, details: details(request.body) })
      return reply.status(201).send(await find('company', id))
    },
  )

  app.put(
    '/ecomon-responsibles/:id/',
    {
      schema: {
        params: Type.Object({ id: Id }),
        body: Type.Object({ id: Type.Optional(Id), area: Type.Optional(Id), year: Type.Optional(Year), ...Details }, { additionalProperties: false }),
        response: { 200: ResponsibleAnswer },
      },
    },
    async (request) => {
      const { area, year } = request.body
      await editResponsible(commandContextOf(app, request), { scope: 'area', id: request.params.id, targetId: area, year, details: details(request.body) })
      return find('area', request.params.id)
    },
  )

  app.put(
    '/company-responsibles/:id/',
    {
      schema: {
        params: Type.Object({ id: Id }),
        body: Type.Object({ id: Type.Optional(Id), company: Type.Optional(Id), year: Type.Optional(Year), ...Details }, { additionalProperties: false }),
        response: { 200: ResponsibleAnswer },
      },
    },
    async (request) => {
      const { company, year } = request.body
      await editResponsible(commandContextOf(app, request), { scope: 'company', id: request.params.id, targetId: company, year, details: details(request.body) })
      return find('company', request.params.id)
    },
  )
}
