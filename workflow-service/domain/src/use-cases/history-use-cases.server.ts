// The workflow's records: a company's change history, the Department's audit (a page or a file) and the receipt of
// an upload or a decision.
import { Type } from 'typebox'
import { can } from '../auth/permissions.ts'
import { Id } from '../vocabulary/params.ts'
import { auditChoices, listAudit } from '../workflow/history/audit-queries.server.ts'
import { listHistory } from '../workflow/history/history-queries.server.ts'
import { findReceipt } from '../all-streams/receipts/receipt-queries.server.ts'
import { refused } from '../workflow/refusal.ts'
import { AsOfInput, companyAsOf, SubstanceAsOfInput, substanceAsOfDay } from './as-of.server.ts'
import { substanceChoices } from '../admin/reference/reference-queries.server.ts'
import { AUDIT_HEADERS, AuditInput, auditFilterOf, auditProducer } from './audit.server.ts'
import { useCase } from './use-case.ts'
import type { WorkflowServices } from '../ports/workflow-services.ts'
import { Limit, Offset } from './workflow-inputs.ts'

export function historyUseCases(services: WorkflowServices) {
  const { db } = services
  return {
    /** The change history of a company's reports (the Department), oldest first. */
    history: useCase(Type.Object({ company: Id, limit: Limit, offset: Offset }), async (context, input) => {
      if (!can(context.actor, 'read:history:any')) return refused({ reason: 'forbidden' })
      return listHistory(db, input.company, input.limit, input.offset)
    }),

    /** The receipt of an upload or a decision (`{position}` of its event, or `{file}`), for readers of the company's reports. */
    receipt: useCase(Type.Object({ position: Type.Optional(Type.Integer({ minimum: 1 })), file: Type.Optional(Id) }, { additionalProperties: false }), async (context, input) => {
      // The public is sent to log in (the page) or answered 403 (the API); a reader who may not see it gets the 404.
      if (!context.actor) return refused({ reason: 'forbidden' })
      const query = input.file !== undefined ? { fileId: input.file } : input.position !== undefined ? { position: input.position } : null
      const receipt = query ? await findReceipt(db, context.actor, query, { departmentName: services.departmentName }) : undefined
      return receipt ?? refused({ reason: 'receipt-not-found' })
    }),

    /** The Department's audit view: entries newest first, filtered by company, area, year, event, user and dates. */
    audit: useCase(Type.Object({ ...AuditInput.properties, limit: Type.Integer({ minimum: 1, maximum: 1000 }), offset: Type.Integer({ minimum: 0 }) }), async (context, input) => {
      if (!can(context.actor, 'decide:report:any')) return refused({ reason: 'forbidden' })
      const { limit, offset, ...filters } = input
      const filter = auditFilterOf(filters)
      if ('invalid' in filter) return refused({ reason: 'invalid-input', parameter: filter.invalid, detail: filter.detail })
      return listAudit(db, filter, limit, offset)
    }),

    /** The companies and areas the audit's filters offer by name: those with reports, each area under its company. */
    auditChoices: useCase(Type.Object({}), async (context) => {
      if (!can(context.actor, 'decide:report:any')) return refused({ reason: 'forbidden' })
      return auditChoices(db)
    }),

    /** A company's reports as they stood at the end of a day, and what changed between two days (the Department), from the log alone. */
    asOf: useCase(AsOfInput, async (context, input) => {
      if (!can(context.actor, 'decide:report:any')) return refused({ reason: 'forbidden' })
      return companyAsOf(db, input)
    }),

    /** A substance's entry as it stood at the end of a day (the limit a reading was judged by), and its changes between two days (the Department). */
    substanceAsOf: useCase(SubstanceAsOfInput, async (context, input) => {
      if (!can(context.actor, 'decide:report:any')) return refused({ reason: 'forbidden' })
      return substanceAsOfDay(db, input)
    }),

    /** The substances the as-of view offers by name. */
    asOfSubstances: useCase(Type.Object({}), async (context) => {
      if (!can(context.actor, 'decide:report:any')) return refused({ reason: 'forbidden' })
      return substanceChoices(db)
    }),

    /** What the audit view shows, as the rows of a file (CSV or XLSX): its headers and a producer reading them in batches. */
    auditExport: useCase(AuditInput, async (context, input) => {
      if (!can(context.actor, 'decide:report:any')) return refused({ reason: 'forbidden' })
      const filter = auditFilterOf(input)
      if ('invalid' in filter) return refused({ reason: 'invalid-input', parameter: filter.invalid, detail: filter.detail })
      return { headers: AUDIT_HEADERS, produce: auditProducer(db, filter) }
    }),
  }
}
