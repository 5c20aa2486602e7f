// Reads a form's raw strings into an entry's values by its kind's declaration, or says which fields are wrong and why:
// every one of them at once, so a form filled field by field learns all it must fix from one answer.
import { controlCharacterAt } from '../../vocabulary/params.ts'
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
    case 'year': {
      const n = Number(text)
      return /^\d{4}$/.test(text) && n >= field.min && n <= field.max ? { value: n } : problem('year', { hint: `${field.min} до ${field.max}` })
    }
    case 'date': {
      // The form's own ГГГГ-ММ-ДД, or ДД.ММ.ГГГГ as people write it; a day the calendar has not (30.02) is refused.
      const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text)
      const ru = /^(\d{1,2})\.(\d{1,2})\.(\d{4})$/.exec(text)
      const [y, m, d] = iso ? [iso[1], iso[2], iso[3]].map(Number) : ru ? [ru[3], ru[2], ru[1]].map(Number) : [0, 0, 0]
      const day = new Date(Date.UTC(y, m - 1, d))
      if (y < 1000 || day.getUTCFullYear() !== y || day.getUTCMonth() !== m - 1 || day.getUTCDate() !== d) return problem('date')
      return { value: day.toISOString().slice(0, 10) }
    }
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
  // A due date before its reporting year began (the year's report cannot be due before the year).
  for (const rule of def.notBeforeYear ?? []) {
    const day = values[rule.field]
    const year = values[rule.year]
    if (typeof day === 'string' && typeof year === 'number' && day < `${year}-01-01`) {
      const field = def.fields.find((f) => f.name === rule.field)!
      problems.push({ field: field.name, label: field.label, problem: 'before-year', hint: `${year}` })
    }
  }
  if (problems.length === 1) return { refusal: { reason: 'reference-field', ...problems[0] } }
  if (problems.length > 1) return { refusal: { reason: 'reference-fields', problems } }
  return { values }
}
