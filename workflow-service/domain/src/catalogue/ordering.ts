// The `ordering=` parameter of the lists: `-year,name` sorts by year descending, then by name. Only a type's own
// stored fields that sort meaningfully (text, numbers, dates, yes/no, enumerations) are accepted: anything else is
// a 400 naming `ordering` and the fields that may be used.
import { FilterError } from './filters.ts'
import { storedFields } from './registry/index.ts'
import type { CatalogueType } from './registry/types.ts'

export interface OrderTerm {
  column: string
  direction: 'asc' | 'desc'
}

const SORTABLE_TYPES = new Set(['text', 'number', 'date', 'boolean', 'enum', 'link'])

/** The field names `ordering=` accepts for a type (with `id`), in declaration order. */
export function sortableFields(type: CatalogueType): string[] {
  return ['id', ...storedFields(type).filter((f) => SORTABLE_TYPES.has(f.type)).map((f) => f.name)]
}

export function parseOrdering(type: CatalogueType, raw: string | undefined): OrderTerm[] {
  if (raw === undefined || raw.trim() === '') return []
  const columns = new Map<string, string>([['id', 'id']])
  for (const field of storedFields(type)) if (SORTABLE_TYPES.has(field.type)) columns.set(field.name, field.column)
  const terms: OrderTerm[] = []
  for (const part of raw.split(',').map((p) => p.trim()).filter(Boolean)) {
    const descending = part.startsWith('-')
    const name = descending ? part.slice(1) : part
    const column = columns.get(name)
    if (!column) {
      throw new FilterError(`ordering: нельзя сортировать по «${name.slice(0, 50)}»; можно: ${[...columns.keys()].join(', ')}`, 'ordering')
    }
    if (terms.some((t) => t.column === column)) continue
    terms.push({ column, direction: descending ? 'desc' : 'asc' })
  }
  if (terms.length > 5) throw new FilterError('ordering: не больше пяти полей', 'ordering')
  return terms
}
