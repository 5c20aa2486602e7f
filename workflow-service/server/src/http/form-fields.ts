// Checks the text fields of a form (multipart or JSON read by hand) against the route's declared form schema, with
// the same rules as the schemas of the API: bounded ids, own enum members only, no control characters, lengths.
import type { Static, TObject, TSchema } from 'typebox'
import {
  badRequest, controlCharacterAt, MULTILINE_PATTERN, CHARACTERS_GENITIVE, plural,
} from '@portal/workflow-domain/views.ts'

type Json = Record<string, unknown>

const ABSENT = new Set(['', 'null', 'undefined'])

function variants(schema: Json): Json[] {
  return ((schema.anyOf ?? schema.oneOf) as Json[] | undefined) ?? [schema]
}

function checkOne(name: string, schema: TSchema, raw: string): unknown {
  const options = variants(schema as Json).filter((v) => v.type !== 'null')
  const integer = options.find((v) => v.type === 'integer')
  if (integer) {
    const value = Number(raw.trim())
    if (!/^\d{1,10}$/.test(raw.trim())) throw badRequest(`${name}: ожидается целое число`, name)
    if (value < Number(integer.minimum ?? 0) || value > Number(integer.maximum ?? Number.MAX_SAFE_INTEGER)) {
      throw badRequest(`${name}: число вне допустимого диапазона`, name)
    }
    return value
  }
  const members = options.filter((v) => v.const !== undefined).map((v) => v.const)
  if (members.length > 0) {
    // A value is a member when it is one of the declared constants: never an inherited property name.
    if (!members.includes(raw)) throw badRequest(`${name}: недопустимое значение`, name)
    return raw
  }
  const text = options.find((v) => v.type === 'string') ?? {}
  const multiline = text.pattern === MULTILINE_PATTERN
  if (controlCharacterAt(raw, multiline) >= 0) throw badRequest(`${name}: недопустимые управляющие символы`, name)
  if (text.maxLength !== undefined && raw.length > Number(text.maxLength)) throw badRequest(`${name}: не длиннее ${String(text.maxLength)} ${plural(Number(text.maxLength), CHARACTERS_GENITIVE)}`, name)
  if (text.minLength !== undefined && raw.trim().length < Number(text.minLength)) throw badRequest(`${name}: не может быть пустым`, name)
  return raw
}

/** The declared fields of a form, checked and typed; a field left empty is absent. Undeclared fields are ignored. */
export function readFormFields<T extends TObject>(schema: T, fields: Record<string, unknown>): Static<T> {
  const out: Record<string, unknown> = {}
  const required = new Set(schema.required ?? [])
  for (const [name, fieldSchema] of Object.entries(schema.properties)) {
    const value = Object.hasOwn(fields, name) ? fields[name] : undefined
    const raw = value === undefined || value === null ? '' : String(value)
    if (ABSENT.has(raw.trim())) {
      if (required.has(name)) throw badRequest(`${name}: обязательное поле`, name)
      continue
    }
    out[name] = checkOne(name, fieldSchema, raw)
  }
  return out as Static<T>
}
