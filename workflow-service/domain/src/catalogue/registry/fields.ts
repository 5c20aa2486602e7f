// Short constructors for field and filter declarations, and the references shared by many types.
import type { FieldDef, FilterDef, RefDef } from './types.ts'

type Extra = Partial<Omit<FieldDef, 'name' | 'label' | 'type'>>

export const text = (name: string, label: string, extra: Extra = {}): FieldDef => ({ name, label, type: 'text', ...extra })
export const num = (name: string, label: string, unit?: string, extra: Extra = {}): FieldDef => ({ name, label, type: 'number', ...(unit ? { unit } : {}), ...extra })
export const int = (name: string, label: string, unit?: string, extra: Extra = {}): FieldDef => ({ name, label, type: 'number', integer: true, ...(unit ? { unit } : {}), ...extra })
export const date = (name: string, label: string, extra: Extra = {}): FieldDef => ({ name, label, type: 'date', ...extra })
export const link = (name: string, label: string, extra: Extra = {}): FieldDef => ({ name, label, type: 'link', ...extra })
export const list = (name: string, label: string, extra: Extra = {}): FieldDef => ({ name, label, type: 'list', ...extra })
export const bool = (name: string, label: string, extra: Extra = {}): FieldDef => ({ name, label, type: 'boolean', ...extra })
export const enumeration = (name: string, label: string, options: Record<string, string>, extra: Extra = {}): FieldDef => ({ name, label, type: 'enum', options, ...extra })
export const ref = (name: string, label: string, target: RefDef, extra: Extra = {}): FieldDef => ({ name, label, type: 'ref', ref: target, ...extra })

/** Puts every field into one detail card group. */
export function group(title: string, fields: FieldDef[]): FieldDef[] {
  return fields.map((f) => ({ group: title, ...f }))
}

/** The same unit for a run of number fields. */
export function numbers(unit: string | undefined, pairs: Array<[string, string]>, extra: Extra = {}): FieldDef[] {
  return pairs.map(([name, label]) => num(name, label, unit, extra))
}

export const yearField = (extra: Extra = {}): FieldDef => int('year', 'Год', undefined, { required: true, seed: { min: 2010, max: 2025 }, ...extra })
export const sampledField = (): FieldDef => date('sampled', 'Дата отбора проб')

export const AREA_REF: RefDef = { table: 'areas', embed: ['id', 'name', 'kind'], type: 'areas' }
const COMPANY_REF: RefDef = { table: 'companies', embed: ['id', 'name', 'kind'], type: 'companies' }
const POINT_REF: RefDef = {
  table: 'measures_points',
  embed: ['id', 'name', 'nomenclature', 'kind'],
  type: 'measures-points',
  nested: [{ name: 'area', column: 'area_id', ref: { table: 'areas', embed: ['id', 'name', 'kind'], type: 'areas' } }],
}
export const WATER_SYSTEM_REF: RefDef = { table: 'water_systems', embed: ['id', 'name'], type: 'water-systems' }

export const areaField = (extra: Extra = {}) => ref('area', 'Участок', AREA_REF, extra)
export const companyField = (extra: Extra = {}) => ref('company', 'Предприятие', COMPANY_REF, extra)
export const pointField = (extra: Extra = {}) => ref('measures_point', 'Пункт наблюдения', POINT_REF, { required: true, ...extra })

export const idFilter = (name: string, column = `${name}_id`): FilterDef => ({ name, kind: 'id', column })
export const yearFilter = (): FilterDef => ({ name: 'year', kind: 'year', column: 'year', label: 'Отчетный период' })
export const searchFilter = (column = 'name', label = 'Искать по названию'): FilterDef => ({ name: 'search', kind: 'search', column, label })
/** `area`: records of the points of one area (§7: an indicator list is asked for by its point or by its area). */
export const pointAreaFilter = (): FilterDef => ({ name: 'area', kind: 'id', column: 'area_id', through: { table: 'measures_points', fk: 'measures_point_id' } })

/** Marks `total` as the sum of `parts` (default: every other field of the run) in the demo data. */
export function withTotal(fields: FieldDef[], total: string, parts?: readonly string[]): FieldDef[] {
  const summed = parts ?? fields.filter((f) => f.name !== total && f.type === 'number').map((f) => f.name)
  return fields.map((f) => (f.name === total ? { ...f, seed: { ...f.seed, sumOf: summed } } : f))
}
