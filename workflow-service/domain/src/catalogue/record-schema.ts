// The JSON schema of a catalogue record as the API answers it, derived from the type's declaration: it documents
// every field in the OpenAPI document and lets Fastify serialise answers with fast-json-stringify.
import { findTypeByTable } from './registry/index.ts'
import type { CatalogueType, FieldDef, RefDef } from './registry/types.ts'

export type JsonSchema = Record<string, unknown>

const labelOf = (field: FieldDef) => (field.unit ? `${field.label}, ${field.unit}` : field.label)

function refSchema(ref: RefDef, description?: string): JsonSchema {
  const target = findTypeByTable(ref.table)
  const properties: Record<string, JsonSchema> = {}
  for (const column of ref.embed.includes('id') ? ref.embed : ['id', ...ref.embed]) {
    const field = target?.fields.find((f) => f.name === column || f.column === column)
    properties[column] = column === 'id' ? { type: 'integer' } : field ? valueSchema(field) : {}
  }
  for (const nested of ref.nested ?? []) properties[nested.name] = refSchema(nested.ref)
  return { type: 'object', nullable: true, properties, additionalProperties: false, ...(description ? { description } : {}) }
}

/** One value of a field: the type the database gives back, null when empty. */
export function valueSchema(field: FieldDef): JsonSchema {
  const description = labelOf(field)
  switch (field.type) {
    case 'number':
      return { type: field.integer ? 'integer' : 'number', nullable: true, description }
    case 'boolean':
      return { type: 'boolean', nullable: true, description }
    case 'date':
      return field.dateOnly ? { type: 'string', format: 'date', nullable: true, description } : { type: 'string', format: 'date-time', nullable: true, description }
    case 'list': {
      // Lists of records (a water system's points, an observation's systems) are arrays of objects.
      const items = field.related
        ? { ...refSchema({ table: field.related.table, embed: field.related.embed }), nullable: false }
        : field.itemRefs
          ? { type: 'object', properties: Object.fromEntries(Object.entries(field.itemRefs).map(([name, ref]) => [name, refSchema(ref)])), additionalProperties: false }
          : { type: 'string' }
      return { type: 'array', items, nullable: true, description }
    }
    case 'enum':
      return { type: 'string', nullable: true, description: `${description}: ${Object.entries(field.options ?? {}).map(([k, v]) => `${k} — ${v}`).join('; ')}` }
    case 'ref':
      return field.ref ? refSchema(field.ref, description) : { description }
    default:
      return { type: 'string', nullable: true, description }
  }
}

/** A record of the type: id, its fields, and the fields nested in objects (`indicators: {...}`). */
export function recordSchema(type: CatalogueType): JsonSchema {
  const properties: Record<string, JsonSchema> = { id: { type: 'integer' } }
  const nests: Record<string, Record<string, JsonSchema>> = {}
  for (const field of type.fields) {
    if (field.nest) (nests[field.nest] ??= {})[field.name] = valueSchema(field)
    else properties[field.name] = valueSchema(field)
  }
  for (const [name, nested] of Object.entries(nests)) properties[name] = { type: 'object', properties: nested, additionalProperties: false }
  return { type: 'object', title: type.title, properties, required: ['id'], additionalProperties: false }
}

/** A page of records: `{count, next, previous, results}`. */
export function pageSchema(item: JsonSchema): JsonSchema {
  return {
    type: 'object',
    properties: {
      count: { type: 'integer', description: 'Сколько всего записей подходит под фильтры' },
      next: { type: 'string', nullable: true, description: 'Ссылка на следующую страницу' },
      previous: { type: 'string', nullable: true, description: 'Ссылка на предыдущую страницу' },
      results: { type: 'array', items: item },
    },
    required: ['count', 'next', 'previous', 'results'],
    additionalProperties: false,
  }
}
