// How catalogue values are shown: dates in the region's time zone, coordinates in degrees, minutes and seconds,
// booleans as Да/Нет, lists joined by commas, links by their file name, enumerations by their Russian label.
import type { FieldDef } from './registry/types.ts'
import { formatNumber as formatRussianNumber, plural, type PluralForms } from '../text/russian-format.ts'
import { formatDate, formatDateTime } from '../text/region-dates.ts'

/** 66.53° → 66°31′48,0″ с.ш. (decimal comma, as Russian writes it). */
export function toDms(decimal: number, axis: 'lat' | 'lon'): string {
  const hemisphere = axis === 'lat' ? (decimal < 0 ? 'ю.ш.' : 'с.ш.') : decimal < 0 ? 'з.д.' : 'в.д.'
  let total = Math.round(Math.abs(decimal) * 3600 * 10) / 10
  const degrees = Math.floor(total / 3600)
  total -= degrees * 3600
  const minutes = Math.floor(total / 60)
  const seconds = Math.round((total - minutes * 60) * 10) / 10
  return `${degrees}°${String(minutes).padStart(2, '0')}′${formatRussianNumber(seconds, { decimals: 1, minimumIntegerDigits: 2 })}″ ${hemisphere}`
}

/** The file name after the last slash of a link. */
export function fileNameOf(href: string): string {
  const clean = href.split(/[?#]/)[0]
  const name = clean.slice(clean.lastIndexOf('/') + 1)
  try {
    return decodeURIComponent(name) || href
  } catch {
    return name || href
  }
}

/** A value with the field's precision: decimal comma, thousands apart from five digits on. */
export function formatNumber(value: number, decimals?: number): string {
  return formatRussianNumber(value, decimals === undefined ? {} : { decimals })
}

/** Units that are counted nouns agree with the number ('3 вида', '21 вид'); the registry names them in the many form. */
const COUNTED_UNITS: Record<string, PluralForms> = {
  видов: ['вид', 'вида', 'видов'],
  единиц: ['единица', 'единицы', 'единиц'],
  участков: ['участок', 'участка', 'участков'],
  пунктов: ['пункт', 'пункта', 'пунктов'],
  точек: ['точка', 'точки', 'точек'],
}

/** The unit after a number: a counted noun in the form agreeing with it, any other unit (т, мг/дм³, %) as declared. */
export function unitAfter(n: number, unit: string): string {
  const forms = COUNTED_UNITS[unit]
  return forms ? plural(n, forms) : unit
}

/** A value is empty when it is null, undefined, blank text or an empty list; 0 and false are values. */
export function isEmptyValue(value: unknown): boolean {
  if (value === null || value === undefined) return true
  if (typeof value === 'string') return value.trim() === ''
  if (Array.isArray(value)) return value.length === 0
  return false
}

export interface ShownValue {
  text: string
  href?: string
  /** Slug and id of a referenced record, for a link to its card. */
  record?: { type: string; id: number }
}

/** One item of a list: text as it is; a record by its code and name (`ПН-3-01 Точка 1`), or by its area's name. */
export function itemText(item: unknown): string {
  if (!item || typeof item !== 'object') return String(item)
  const record = item as { nomenclature?: string; name?: string; area?: { name?: string } }
  const text = [record.nomenclature, record.name].filter(Boolean).join(' ')
  return text || record.area?.name || ''
}

/** The text of one value on a card or a list row, by the field's declared value type. */
export function showValue(field: FieldDef, value: unknown): ShownValue | null {
  if (isEmptyValue(value)) return null
  switch (field.type) {
    case 'boolean':
      return { text: value ? 'Да' : 'Нет' }
    case 'enum':
      return { text: field.options?.[String(value)] ?? String(value) }
    case 'list':
      return { text: (Array.isArray(value) ? value : [value]).map(itemText).join(', ') }
    case 'link':
      return { text: fileNameOf(String(value)), href: String(value) }
    case 'date':
      return { text: field.dateOnly ? formatDate(value as string) : formatDateTime(value as string) }
    case 'number': {
      const n = typeof value === 'number' ? value : Number(value)
      // The value's own digits, as the API gives it (0,126 is not «0,1»; 2 is not «2,00»), with a decimal comma.
      const text = Number.isFinite(n) ? formatNumber(n) : String(value)
      return { text: field.unit ? `${text} ${Number.isFinite(n) ? unitAfter(n, field.unit) : field.unit}` : text }
    }
    case 'ref': {
      const record = value as { id?: number; name?: string }
      if (!record || typeof record !== 'object') return null
      const text = record.name ?? (record.id !== undefined ? `№ ${record.id}` : '')
      if (!text) return null
      return field.ref?.type && record.id !== undefined ? { text, record: { type: field.ref.type, id: record.id } } : { text }
    }
    default:
      return { text: String(value) }
  }
}

/** Fills `{field}` placeholders of a heading template from a record (nested `{area.name}` too). */
export function fillTemplate(template: string, record: Record<string, unknown>): string {
  return template
    .replace(/\{([\w.]+)\}/g, (_, path: string) => {
      let value: unknown = record
      for (const key of path.split('.')) value = value && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined
      return isEmptyValue(value) ? '' : String(value)
    })
    .replace(/\s+/g, ' ')
    .trim()
    // A placeholder left empty at the end leaves no dangling colon or comma behind.
    .replace(/\s*[:,]$/, '')
}
