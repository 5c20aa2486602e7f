// Parses the filters of a type from a query string: each value checked against its declaration, so a bad value
// is a 400 naming the parameter (API) or is dropped (pages), and never reaches the database as garbage.
import type { CatalogueType, FilterDef } from './registry/types.ts'
import { MAX_ID, MAX_YEAR, MIN_YEAR } from '../vocabulary/params.ts'

export { MAX_ID, MAX_YEAR, MIN_YEAR }

/** A filter's parsed value, and a list's filters by name: what the list's query is built from. */
export type FilterValue = number | string | boolean | number[] | string[]
export type AppliedFilters = Record<string, FilterValue>

export class FilterError extends Error {
  constructor(
    message: string,
    readonly parameter: string,
  ) {
    super(message)
  }
}

function parseId(raw: string, parameter: string): number {
  if (!/^\d{1,10}$/.test(raw.trim())) throw new FilterError(`${parameter}: ожидается целое положительное число, получено «${raw.slice(0, 50)}»`, parameter)
  const value = Number(raw.trim())
  if (value < 1 || value > MAX_ID) throw new FilterError(`${parameter}: число вне допустимого диапазона`, parameter)
  return value
}

/** A calendar date YYYY-MM-DD that exists (no 2024-02-30). */
function parseDate(raw: string, parameter: string): string {
  const text = raw.trim()
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text)
  const date = match ? new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]))) : null
  if (!match || !date || date.toISOString().slice(0, 10) !== text || Number(match[1]) < MIN_YEAR || Number(match[1]) > MAX_YEAR) {
    throw new FilterError(`${parameter}: ожидается дата ГГГГ-ММ-ДД, получено «${raw.slice(0, 50)}»`, parameter)
  }
  return text
}

/** minLon,minLat,maxLon,maxLat in degrees, each minimum not above its maximum. */
function parseBbox(raw: string, parameter: string): number[] {
  const parts = raw.split(',').map((v) => v.trim())
  const values = parts.map(Number)
  const bad = () => new FilterError(`${parameter}: ожидается minLon,minLat,maxLon,maxLat в градусах, получено «${raw.slice(0, 80)}»`, parameter)
  if (parts.length !== 4 || parts.some((v) => v === '') || values.some((v) => !Number.isFinite(v))) throw bad()
  const [minLon, minLat, maxLon, maxLat] = values
  if (minLon < -180 || maxLon > 180 || minLat < -90 || maxLat > 90 || minLon > maxLon || minLat > maxLat) throw bad()
  return values
}

function parseList(raw: string): string[] {
  return raw.split(',').map((v) => v.trim()).filter(Boolean)
}

export function parseFilterValue(filter: FilterDef, raw: string): FilterValue | undefined {
  const p = filter.name
  switch (filter.kind) {
    case 'id':
      return raw === '' ? undefined : parseId(raw, p)
    case 'id-list': {
      const values = parseList(raw).map((v) => parseId(v, p))
      return values.length ? values : undefined
    }
    case 'year': {
      if (raw === '') return undefined
      if (!/^\d{4}$/.test(raw.trim())) throw new FilterError(`${p}: ожидается год из четырёх цифр, получено «${raw.slice(0, 50)}»`, p)
      const year = Number(raw.trim())
      if (year < MIN_YEAR || year > MAX_YEAR) throw new FilterError(`${p}: год вне диапазона ${MIN_YEAR}–${MAX_YEAR}`, p)
      return year
    }
    case 'enum': {
      if (raw === '') return undefined
      if (!filter.options?.includes(raw)) throw new FilterError(`${p}: неизвестное значение «${raw.slice(0, 50)}»`, p)
      return raw
    }
    case 'enum-list': {
      const values = parseList(raw)
      const unknown = values.filter((v) => !filter.options?.includes(v))
      if (unknown.length) throw new FilterError(`${p}: неизвестное значение ${unknown.map((v) => `«${v.slice(0, 50)}»`).join(', ')}`, p)
      return values.length ? values : undefined
    }
    case 'boolean':
    case 'isnull': {
      if (raw === '') return undefined
      const v = raw.toLowerCase()
      if (['true', '1'].includes(v)) return true
      if (['false', '0'].includes(v)) return false
      throw new FilterError(`${p}: ожидается true или false`, p)
    }
    case 'date-gte':
    case 'date-lte':
      return raw === '' ? undefined : parseDate(raw, p)
    case 'bbox':
      return raw === '' ? undefined : parseBbox(raw, p)
    case 'search':
    case 'text':
      if (raw.length > 200) throw new FilterError(`${p}: не длиннее 200 символов`, p)
      // PostgreSQL text cannot hold NUL: drop it rather than fail.
      return raw.replace(/\u0000/g, '') || undefined
  }
}

/** Strict parse for the API: the first bad value throws FilterError. */
export function parseFilters(type: CatalogueType, query: Record<string, unknown>): AppliedFilters {
  const out: AppliedFilters = {}
  for (const filter of type.filters) {
    const raw = query[filter.name]
    if (raw === undefined) continue
    if (typeof raw !== 'string') throw new FilterError(`${filter.name}: параметр указан несколько раз`, filter.name)
    const value = parseFilterValue(filter, raw)
    if (value !== undefined) out[filter.name] = value
  }
  return out
}

/**
 * Parsed filters written back as the query parameters they parse from (a list joined by commas): what a page sends
 * the list's one read, which parses them as the API's parameters are (`parseFilters`).
 */
export function queryOfFilters(filters: AppliedFilters): Record<string, string> {
  return Object.fromEntries(Object.entries(filters).map(([name, value]) => [name, Array.isArray(value) ? value.join(',') : String(value)]))
}

/** Lenient parse for pages: a bad value is dropped, the list still shows. */
export function parseFiltersLenient(type: CatalogueType, params: URLSearchParams, only?: string[]): AppliedFilters {
  const out: AppliedFilters = {}
  for (const filter of type.filters) {
    if (only && !only.includes(filter.name)) continue
    const raw = params.get(filter.name)
    if (raw === null) continue
    try {
      const value = parseFilterValue(filter, raw)
      if (value !== undefined) out[filter.name] = value
    } catch {
      // ignored on pages
    }
  }
  return out
}
