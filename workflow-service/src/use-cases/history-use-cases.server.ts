// The workflow's records: a company's change history, the Department's audit (a page or a file) and the receipt of
// an upload or a decision.
import { Type } from '@sinclair/typebox'
import { can } from '../auth/permissions.ts'
import { Id } from '../http/params.ts'
import { listAudit } from '../workflow/history/audit-queries.server.ts'
import { listHistory } from '../workflow/history/history-queries.server.ts'
import { findReceipt } from '../workflow/receipts/receipt-queries.server.ts'
import { refuse } from '../workflow/refusal.ts'
import { AsOfInput, companyAsOf } from './as-of.server.ts'
import { AUDIT_HEADERS, AuditInput, auditFilterOf, auditProducer } from './audit.server.ts'
import { useCase } from './use-case.ts'
import type { WorkflowServices } from './workflow-use-cases.server.ts'
import { Limit, Offset } from './workflow-inputs.ts'

export function historyUseCases(services: WorkflowServices) {
  const { db } = services
  return {
    /** The change history of a company's reports (the Department), oldest first. */
    history: useCase(Type.Object({ company: Id, limit: Limit, offset: Offset }), async (context, input) => {
      if (!can(context.actor, 'read:history:any')) refuse({ reason: 'forbidden' })
      return listHistory(db, input.company, input.limit, input.offset)
    }),

    /** The receipt of an upload or a decision (`{position}` of its event, or `{file}`), for readers of the company's reports. */
    receipt: useCase(Type.Object({ position: Type.Optional(Type.Integer({ minimum: 1 })), file: Type.Optional(Id) }, { additionalProperties: false }), async (context, input) => {
      // The public is sent to log in (the page) or answered 403 (the API); a reader who may not see it gets the 404.
      if (!context.actor) refuse({ reason: 'forbidden' })
      const query = input.file !== undefined ? { fileId: input.file } : input.position !== undefined ? { position: input.position } : null
      const receipt = query ? await findReceipt(db, context.actor, query, { departmentName: services.departmentName }) : undefined
      return receipt ?? refuse({ reason: 'receipt-not-found' })
    }),

    /** The Department's audit view: entries newest first, filtered by company, area, year, event, user and dates. */
    audit: useCase(Type.Composite([AuditInput, Type.Object({ limit: Type.Integer({ minimum: 1, maximum: 1000 }), offset: Type.Integer({ minimum: 0 }) })]), async (context, input) => {
      if (!can(context.actor, 'decide:report:any')) refuse({ reason: 'forbidden' })
      const { limit, offset, ...filters } = input
      const filter = auditFilterOf(filters)
      if ('invalid' in filter) return refuse({ reason: 'invalid-input', parameter: filter.invalid, detail: `${filter.invalid}: нет такой даты` })
      return listAudit(db, filter, limit, offset)
    }),

    /** A company's reports as they stood at the end of a day, and what changed between two days (the Department), from the log alone. */
    asOf: useCase(AsOfInput, async (context, input) => {
      if (!can(context.actor, 'decide:report:any')) refuse({ reason: 'forbidden' })
      return companyAsOf(db, input)
    }),

    /** What the audit view shows, as the rows of a file (CSV or XLSX): its headers and a producer reading them in batches. */
    auditExport: useCase(AuditInput, async (context, input) => {
      if (!can(context.actor, 'decide:report:any')) refuse({ reason: 'forbidden' })
      const filter = auditFilterOf(input)
      if ('invalid' in filter) return refuse({ reason: 'invalid-input', parameter: filter.invalid, detail: `${filter.invalid}: нет такой даты` })
      return { headers: AUDIT_HEADERS, produce: auditProducer(db, filter) }
    }),
  }
}
