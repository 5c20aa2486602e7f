// Reads a form's raw strings into an entry's values by its kind's declaration, or says which field is wrong and why.
import type { Refusal } from '../../workflow/refusal.ts'
import type { ReferenceKindDef, ReferenceValues } from './reference-kinds.ts'

/** Raw input: what a form or a JSON body sends for each field (absent fields are empty). */
export type ReferenceInput = Record<string, unknown>

export function parseReferenceInput(def: ReferenceKindDef, input: ReferenceInput): { values: ReferenceValues } | { refusal: Refusal } {
  const values: ReferenceValues = {}
  for (const field of def.fields) {
    const raw = input[field.name]
    const text = typeof raw === 'string' ? raw.trim() : typeof raw === 'number' || typeof raw === 'boolean' ? String(raw) : ''
    const problem = (p: 'required' | 'too-long' | 'number' | 'choice' | 'pattern', extra: { max?: number; hint?: string } = {}) => ({
      refusal: { reason: 'reference-field', field: field.name, label: field.label, problem: p, ...extra } as Refusal,
    })
    if (field.type === 'boolean') {
      values[field.name] = raw === true || text === 'on' || text === 'true'
      continue
    }
    if (text === '') {
      if ('required' in field && field.required) return problem('required')
      values[field.name] = null
      continue
    }
    switch (field.type) {
      case 'text':
        if (text.length > field.max) return problem('too-long', { max: field.max })
        if (field.pattern && !field.pattern.regex.test(text)) return problem('pattern', { hint: field.pattern.hint })
        values[field.name] = text
        break
      case 'number': {
        // Russian forms write a decimal comma; both are read.
        const n = Number(text.replace(',', '.').replace(/\s/g, ''))
        if (!Number.isFinite(n) || n < 0 || n > 1e12) return problem('number')
        values[field.name] = n
        break
      }
      case 'choice':
        if (!Object.hasOwn(field.options, text)) return problem('choice')
        values[field.name] = text
        break
      case 'ref': {
        if (!/^\d{1,9}$/.test(text)) return problem('choice')
        values[field.name] = Number(text)
        break
      }
    }
  }
  return { values }
}
