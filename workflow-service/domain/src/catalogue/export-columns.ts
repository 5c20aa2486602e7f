// The columns of a catalogue type's exported table: the record's id, then every field in declaration order under
// its Russian label (with its unit); references by their name, lists joined, enumerations as their code with the
// word the pages show (the dialect of the file picks one), dates and numbers typed.
import { type Cell, dayCell, momentCell, wordCell } from '../exports/table-cells.ts'
import { itemText } from './format.ts'
import type { CatalogueType, FieldDef } from './registry/types.ts'

export interface ExportColumns {
  headers: string[]
  cells: (record: Record<string, unknown>) => Cell[]
}

function cellOf(field: FieldDef, value: unknown): Cell {
  if (value === null || value === undefined) return null
  switch (field.type) {
    case 'ref': {
      const ref = value as { id?: number; name?: string; nomenclature?: string }
      return ref.name ?? ref.nomenclature ?? (ref.id !== undefined ? ref.id : null)
    }
    case 'list':
      return Array.isArray(value) ? value.map(itemText).join('; ') : String(value)
    case 'number':
      return typeof value === 'number' ? value : Number(value)
    case 'boolean':
      return Boolean(value)
    case 'date':
      return field.dateOnly ? dayCell(value as Date | string) : momentCell(value as Date | string)
    case 'enum':
      return wordCell(String(value), field.options?.[String(value)])
    default:
      return String(value)
  }
}

export function exportColumns(type: CatalogueType): ExportColumns {
  const fields = type.fields
  return {
    headers: ['ID', ...fields.map((f) => (f.unit ? `${f.label}, ${f.unit}` : f.label))],
    cells: (record) => [
      record.id as number,
      ...fields.map((f) => cellOf(f, f.nest ? (record[f.nest] as Record<string, unknown> | undefined)?.[f.name] : record[f.name])),
    ],
  }
}
