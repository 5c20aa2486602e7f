// The use-cases of the administrators' reference data: one kind's page, adding, changing, retiring, restoring and
// deleting an entry.
import { Type } from 'typebox'
import { addReferenceEntry, changeReferenceEntry, deleteReferenceEntry, retireReferenceEntry } from '../admin/reference/reference-commands.server.ts'
import { isReferenceKind, type ReferenceKind } from '../admin/reference/reference-kinds.ts'
import { referencePage } from '../admin/reference/reference-queries.server.ts'
import { Id } from '../vocabulary/params.ts'
import { commandContextOf } from '../workflow/command-context.server.ts'
import { can } from '../auth/permissions.ts'
import { Refused, refused } from '../workflow/refusal.ts'
import { useCase, type UseCaseContext } from './use-case.ts'
import type { WorkflowServices } from '../ports/workflow-services.ts'

const Kind = Type.String({ maxLength: 50 })
/** The form's values as typed; the kind's own rules (required, numbers, choices) are decide's. */
const Values = Type.Record(Type.String({ maxLength: 100 }), Type.String({ maxLength: 10_000 }))

/**
 * The one check of who may ask (administrators), then the kind: anyone else is refused before learning which kinds
 * exist; a kind the registry does not know is a page that is not there.
 */
function kindFor(context: UseCaseContext, kind: string): ReferenceKind | Refused {
  if (!can(context.actor, 'admin:reference')) return refused({ reason: 'forbidden' })
  return isReferenceKind(kind) ? kind : refused({ reason: 'reference-not-found' })
}

export function referenceUseCases(services: WorkflowServices) {
  return {
    /** A kind's entries and its history of changes. Administrators only. */
    referencePage: useCase(Type.Object({ kind: Kind }), async (context, input) => {
      const kind = kindFor(context, input.kind)
      return kind instanceof Refused ? kind : referencePage({ db: services.db, actor: context.actor }, { kind })
    }),
    addEntry: useCase(Type.Object({ kind: Kind, values: Values }), async (context, input) => {
      const kind = kindFor(context, input.kind)
      return kind instanceof Refused ? kind : addReferenceEntry(commandContextOf(services, context), { kind, values: input.values })
    }),
    changeEntry: useCase(Type.Object({ kind: Kind, id: Id, values: Values }), async (context, input) => {
      const kind = kindFor(context, input.kind)
      return kind instanceof Refused ? kind : changeReferenceEntry(commandContextOf(services, context), { kind, id: input.id, values: input.values })
    }),
    /** Retires an entry from use or restores it (`retire: false`); twice records nothing. */
    retireEntry: useCase(Type.Object({ kind: Kind, id: Id, retire: Type.Boolean() }), async (context, input) => {
      const kind = kindFor(context, input.kind)
      return kind instanceof Refused ? kind : retireReferenceEntry(commandContextOf(services, context), { kind, id: input.id, retire: input.retire })
    }),
    /** Deletes an entry nothing refers to; one in use is refused with 409 (retire it instead). */
    deleteEntry: useCase(Type.Object({ kind: Kind, id: Id }), async (context, input) => {
      const kind = kindFor(context, input.kind)
      return kind instanceof Refused ? kind : deleteReferenceEntry(commandContextOf(services, context), { kind, id: input.id })
    }),
  }
}

export type ReferenceUseCases = ReturnType<typeof referenceUseCases>
