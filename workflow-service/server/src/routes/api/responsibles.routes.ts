// /api/v1/ecomon-responsibles/ and /api/v1/company-responsibles/: the responsible person of an area or company by year.
import { Type } from 'typebox'
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import type { FastifyRequest } from 'fastify'
import { Id, Text as SafeText, Year, valueOrRefuse } from '@portal/workflow-domain/views.ts'
import { PageOf, ResponsibleAnswer } from './workflow-schemas.ts'
import { useCaseContextOf } from './use-case-context.server.ts'

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
  const workflow = app.useCases.workflow
  const list = async (request: FastifyRequest, input: { scope: 'area' | 'company'; target: number; year?: number }) => {
    const results = valueOrRefuse(await workflow.responsibles(useCaseContextOf(request), input))
    return { count: results.length, next: null, previous: null, results }
  }

  app.get(
    '/ecomon-responsibles/',
    { schema: { summary: 'Ответственные лица участка за год', querystring: Type.Object({ area: Id, year: Type.Optional(Year) }, { additionalProperties: false }), response: { 200: PageOf(ResponsibleAnswer) } } },
    (request) => list(request, { scope: 'area', target: request.query.area, year: request.query.year }),
  )

  app.get(
    '/company-responsibles/',
    { schema: { summary: 'Ответственные лица предприятия за год', querystring: Type.Object({ company: Id, year: Type.Optional(Year) }, { additionalProperties: false }), response: { 200: PageOf(ResponsibleAnswer) } } },
    (request) => list(request, { scope: 'company', target: request.query.company, year: request.query.year }),
  )

  app.post(
    '/ecomon-responsibles/',
    { schema: { summary: 'Назначить ответственное лицо участка', body: Type.Object({ area: Id, year: Year, ...Details }, { additionalProperties: false }), response: { 201: ResponsibleAnswer } } },
    async (request, reply) => {
      const saved = valueOrRefuse(await workflow.createResponsible(useCaseContextOf(request), { scope: 'area', target: request.body.area, year: request.body.year, ...details(request.body) }))
      return reply.status(201).send(saved)
    },
  )

  app.post(
    '/company-responsibles/',
    { schema: { summary: 'Назначить ответственное лицо предприятия', body: Type.Object({ company: Id, year: Year, ...Details }, { additionalProperties: false }), response: { 201: ResponsibleAnswer } } },
    async (request, reply) => {
      const saved = valueOrRefuse(await workflow.createResponsible(useCaseContextOf(request), { scope: 'company', target: request.body.company, year: request.body.year, ...details(request.body) }))
      return reply.status(201).send(saved)
    },
  )

  app.put(
    '/ecomon-responsibles/:id/',
    {
      schema: {
        summary: 'Изменить ответственное лицо участка',
        params: Type.Object({ id: Id }),
        body: Type.Object({ id: Type.Optional(Id), area: Type.Optional(Id), year: Type.Optional(Year), ...Details }, { additionalProperties: false }),
        response: { 200: ResponsibleAnswer },
      },
    },
    async (request) => {
      const { area, year } = request.body
      return valueOrRefuse(await workflow.editResponsible(useCaseContextOf(request), { scope: 'area', id: request.params.id, target: area, year, ...details(request.body) }))
    },
  )

  app.put(
    '/company-responsibles/:id/',
    {
      schema: {
        summary: 'Изменить ответственное лицо предприятия',
        params: Type.Object({ id: Id }),
        body: Type.Object({ id: Type.Optional(Id), company: Type.Optional(Id), year: Type.Optional(Year), ...Details }, { additionalProperties: false }),
        response: { 200: ResponsibleAnswer },
      },
    },
    async (request) => {
      const { company, year } = request.body
      return valueOrRefuse(await workflow.editResponsible(useCaseContextOf(request), { scope: 'company', id: request.params.id, target: company, year, ...details(request.body) }))
    },
  )
}
