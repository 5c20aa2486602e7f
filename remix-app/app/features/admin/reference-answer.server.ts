// The answer of the reference data page's action, shaped for the form: what was saved (to show under «Сохранено»), or
// every field the server refused with its own message, or one message that belongs to no field. Whatever the
// use-case answers becomes one of these, so a post never ends without a word (decision 2687).
import { REFERENCE_KINDS, type ReferenceKind, type ReferenceValues } from '@portal/workflow-domain/registry.ts'
import type { Outcome } from '@portal/workflow-domain/views.ts'
import { refusalInWords } from '../../utils/refusal-words.ts'

export type ReferenceIntent = 'add' | 'change' | 'retire' | 'restore' | 'delete'

export interface ReferenceAnswer {
  intent: ReferenceIntent
  status: number
  /** What was done, in words (with `saved` after a form's save). */
  ok: string | null
  /** The entry's values as saved, by field name. */
  saved: ReferenceValues | null
  /** Each refused field of the form with its message, in the form's order. */
  errors: Array<{ field: string; message: string }>
  /** A refusal that belongs to no field (the entry is gone, someone saved at the same moment, deletion refused). */
  error: string | null
  /** What was typed, kept in the form after a refusal. */
  values: Record<string, string> | null
  /** New on every save: the form starts again from what was saved. */
  token: string | null
}

type Saved = { id: number; values: ReferenceValues } | { changed: boolean; values?: ReferenceValues } | { deleted: true }

function okWords(intent: ReferenceIntent, value: Saved): string {
  const changed = !('changed' in value) || value.changed
  switch (intent) {
    case 'add':
      return 'Запись добавлена.'
    case 'change':
      return changed ? 'Изменения сохранены.' : 'Изменений нет: запись не менялась.'
    case 'retire':
      return changed ? 'Запись выведена из употребления: она остаётся в прежних данных и не предлагается для новых.' : 'Запись уже выведена из употребления.'
    case 'restore':
      return changed ? 'Запись возвращена в употребление.' : 'Запись уже в употреблении.'
    case 'delete':
      return 'Запись удалена.'
  }
}

function refused(kind: ReferenceKind, intent: ReferenceIntent, status: number, problems: Array<{ field: string | undefined; message: string }>, values: Record<string, string>): ReferenceAnswer {
  const names = new Set(REFERENCE_KINDS[kind].fields.map((f) => f.name))
  const form = intent === 'add' || intent === 'change'
  // A field's message goes beside its field; only a form has fields to put it beside.
  const errors = form ? problems.flatMap((p) => (p.field && names.has(p.field) ? [{ field: p.field, message: p.message }] : [])) : []
  const rest = problems.filter((p) => !errors.some((e) => e.field === p.field && e.message === p.message))
  return {
    intent,
    status,
    ok: null,
    saved: null,
    errors,
    error: rest.length > 0 ? rest.map((p) => p.message).join('; ') : null,
    values: form ? values : null,
    token: null,
  }
}

export const referenceAnswer = {
  /** The answer of a use-case's outcome. */
  of(kind: ReferenceKind, intent: ReferenceIntent, outcome: Outcome<Saved>, values: Record<string, string>): ReferenceAnswer {
    if (!outcome.ok) {
      const labels = Object.fromEntries(REFERENCE_KINDS[kind].fields.map((f) => [f.name, f.label]))
      const words = refusalInWords(outcome.refusal, labels)
      const problems = words.fields ? words.fields.map((f) => ({ field: f.parameter, message: f.detail })) : [{ field: words.parameter, message: words.detail }]
      return refused(kind, intent, words.status, problems, values)
    }
    const value = outcome.value
    return {
      intent,
      status: 200,
      ok: okWords(intent, value),
      saved: 'values' in value && value.values ? value.values : null,
      errors: [],
      error: null,
      values: null,
      token: 'values' in value ? `${Date.now()}` : null,
    }
  },
  /** A form refused before any use-case (control characters in a field). */
  refusedForm(kind: ReferenceKind, intent: ReferenceIntent, refusal: { field: string; message: string }, values: Record<string, string>): ReferenceAnswer {
    return refused(kind, intent, 400, [{ field: refusal.field, message: refusal.message }], values)
  },
}
