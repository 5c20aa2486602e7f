// The responsible-person stream's use-cases: who answers for an area's or a company's reports year by year, and the
// commands that name and edit them.
import { Type } from 'typebox'
import { can } from '../auth/permissions.ts'
import { Id, Year } from '../vocabulary/params.ts'
import { commandContextOf } from '../workflow/command-context.server.ts'
import { reportsReadRefusal, responsibleReadRefusal } from '../workflow/read-access.ts'
import { Refused, refused } from '../workflow/refusal.ts'
import { createResponsible, editResponsible } from '../workflow/responsibles/responsible-commands.server.ts'
import { companyOfArea, findResponsible, listCompanyResponsibles, listEcomonResponsibles } from '../workflow/responsibles/responsible-queries.server.ts'
import { useCase } from './use-case.ts'
import type { WorkflowServices } from '../ports/workflow-services.ts'
import { Details, Scope } from './workflow-inputs.ts'

export function responsibleUseCases(services: WorkflowServices) {
  const { db } = services

  /** The responsible person as the API shows it, after a save. */
  const saved = async (scope: 'area' | 'company', id: number) => (await findResponsible(db, scope, id)) ?? refused({ reason: 'responsible-not-found' })

  return {
    /** The responsible persons of a licence area, year by year (the Department's area tab). */
    areaResponsibles: useCase(Type.Object({ area: Id }), async (context, input) => {
      if (!can(context.actor, 'read:responsible:any')) return refused({ reason: 'forbidden' })
      return listEcomonResponsibles(db, { areaId: input.area })
    }),

    /** The responsible persons of an area (ecomon) or a company, by year: the Department, or the company's users. */
    responsibles: useCase(Type.Object({ scope: Scope, target: Id, year: Type.Optional(Year) }), async (context, input) => {
      // Who reads no company's reports at all is refused before an area that is not there answers an empty list.
      const denied = reportsReadRefusal(context.actor)
      if (denied) return denied
      if (input.scope === 'area') {
        const companyId = await companyOfArea(db, input.target)
        if (companyId === undefined || companyId === null) return []
        return responsibleReadRefusal(context.actor, companyId) ?? listEcomonResponsibles(db, { areaId: input.target, year: input.year })
      }
      return responsibleReadRefusal(context.actor, input.target) ?? listCompanyResponsibles(db, { companyId: input.target, year: input.year })
    }),

    /** Names the responsible person of an area or company for a year; this also creates the reports they answer for. */
    createResponsible: useCase(Type.Object({ scope: Scope, target: Id, year: Year, ...Details }), async (context, input) => {
      const { scope, target, year, labsName, labsContacts, ...fields } = input
      const id = await createResponsible(commandContextOf(services, context), { scope, targetId: target, year, details: { ...fields, labsName: labsName ?? null, labsContacts: labsContacts ?? null } })
      return id instanceof Refused ? id : saved(scope, id)
    }),

    /**
     * Edits a responsible person's details; the area (or company) and year asked for must be those on record. A
     * laboratory left out (the page's form has only the spec's four fields) stays as it was.
     */
    editResponsible: useCase(Type.Object({ scope: Scope, id: Id, target: Type.Optional(Id), year: Type.Optional(Year), ...Details }), async (context, input) => {
      const { scope, id, target, year, labsName, labsContacts, ...fields } = input
      const details = { ...fields, ...(labsName !== undefined ? { labsName } : {}), ...(labsContacts !== undefined ? { labsContacts } : {}) }
      const edited = await editResponsible(commandContextOf(services, context), { scope, id, targetId: target, year, details })
      return edited instanceof Refused ? edited : saved(scope, id)
    }),
  }
}
