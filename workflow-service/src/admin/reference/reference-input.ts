// Reads a form's raw strings into an entry's values by its kind's declaration, or says which fields are wrong and why:
// every one of them at once, so a form filled field by field learns all it must fix from one answer.
import { controlCharacterAt } from '../../http/params.ts'
import type { ReferenceFieldProblem, Refusal } from '../../workflow/refusal.ts'
import { isRequired, type ReferenceField, type ReferenceKindDef, type ReferenceValues } from './reference-kinds.ts'

/** Raw input: what a form or a JSON body sends for each field (absent fields are empty). */
export type ReferenceInput = Record<string, unknown>

const DECIMAL = /^\d+(?:[.,]\d+)?(?:[eE][-+]?\d{1,3})?$/

/** One field's value, or what is wrong with it. */
function parseField(field: ReferenceField, raw: unknown): { value: ReferenceValues[string] } | { problem: ReferenceFieldProblem } {
  const text = typeof raw === 'string' ? raw.trim() : typeof raw === 'number' || typeof raw === 'boolean' ? String(raw) : ''
  const problem = (p: ReferenceFieldProblem['problem'], extra: { max?: number; hint?: string } = {}) => ({ problem: { field: field.name, label: field.label, problem: p, ...extra } })
  if (field.type === 'boolean') return { value: raw === true || text === 'on' || text === 'true' }
  if (text === '') return isRequired(field) ? problem('required') : { value: null }
  // NUL and the other control characters are refused here, not by the database's error (never a 500).
  if (controlCharacterAt(text) >= 0) return problem('pattern', { hint: 'недопустимые управляющие символы' })
  switch (field.type) {
    case 'text':
      if (text.length > field.max) return problem('too-long', { max: field.max })
      if (field.pattern && !field.pattern.regex.test(text)) return problem('pattern', { hint: field.pattern.hint })
      return { value: text }
    case 'number': {
      // Russian forms write a decimal comma; both are read. Only decimal digits: «0x10», «Infinity» and «-1» are not limits.
      const written = text.replace(/\s/g, '')
      const n = Number(written.replace(',', '.'))
      if (!DECIMAL.test(written) || !Number.isFinite(n) || n > 1e12) return problem('number')
      return { value: n }
    }
    case 'choice':
      return Object.hasOwn(field.options, text) ? { value: text } : problem('choice')
    case 'ref':
      return /^\d{1,9}$/.test(text) ? { value: Number(text) } : problem('choice')
  }
}

export function parseReferenceInput(def: ReferenceKindDef, input: ReferenceInput): { values: ReferenceValues } | { refusal: Refusal } {
  const values: ReferenceValues = {}
  const problems: ReferenceFieldProblem[] = []
  for (const field of def.fields) {
    const result = parseField(field, Object.hasOwn(input, field.name) ? input[field.name] : undefined)
    if ('problem' in result) problems.push(result.problem)
    else values[field.name] = result.value
  }
  // A value that may not be below another field's (the maximum ПДК below the ПДК), named by its label.
  for (const rule of def.notBelow ?? []) {
    const value = values[rule.field]
    const floor = values[rule.other]
    if (typeof value === 'number' && typeof floor === 'number' && value < floor) {
      const field = def.fields.find((f) => f.name === rule.field)!
      const other = def.fields.find((f) => f.name === rule.other)!
      problems.push({ field: field.name, label: field.label, problem: 'below', hint: other.label })
    }
  }
  if (problems.length === 1) return { refusal: { reason: 'reference-field', ...problems[0] } }
  if (problems.length > 1) return { refusal: { reason: 'reference-fields', problems } }
  return { values }
}
