// The use-cases of the administrators' reference data: one kind's page, adding and changing an entry.
import { Type } from '@sinclair/typebox'
import { addReferenceEntry, changeReferenceEntry } from '../admin/reference/reference-commands.server.ts'
import { isReferenceKind, type ReferenceKind } from '../admin/reference/reference-kinds.ts'
import { referencePage } from '../admin/reference/reference-queries.server.ts'
import { Id } from '../http/params.ts'
import { commandContextOf } from '../workflow/command-context.server.ts'
import { refuse } from '../workflow/refusal.ts'
import { useCase } from './use-case.ts'
import type { WorkflowServices } from './workflow-use-cases.server.ts'

const Kind = Type.String({ maxLength: 50 })
/** The form's values as typed; the kind's own rules (required, numbers, choices) are decide's. */
const Values = Type.Record(Type.String({ maxLength: 100 }), Type.String({ maxLength: 10_000 }))

function kindOf(kind: string): ReferenceKind {
  if (!isReferenceKind(kind)) return refuse({ reason: 'reference-not-found' })
  return kind
}

export function referenceUseCases(services: WorkflowServices) {
  return {
    /** A kind's entries and its history of changes. Administrators only. */
    referencePage: useCase(Type.Object({ kind: Kind }), (context, input) => referencePage({ db: services.db, actor: context.actor }, { kind: kindOf(input.kind) })),
    addEntry: useCase(Type.Object({ kind: Kind, values: Values }), (context, input) => addReferenceEntry(commandContextOf(services, context), { kind: kindOf(input.kind), values: input.values })),
    changeEntry: useCase(Type.Object({ kind: Kind, id: Id, values: Values }), (context, input) =>
      changeReferenceEntry(commandContextOf(services, context), { kind: kindOf(input.kind), id: input.id, values: input.values }),
    ),
  }
}

export type ReferenceUseCases = ReturnType<typeof referenceUseCases>
