// The reference data the administrators manage, declared once: each kind's table, its fields and the rules of their
// values. The pages, the input parser and the projection all read these declarations.
import { AREA_KINDS, COMPANY_KINDS } from '../../catalogue/registry/labels.ts'
import { FIRST_REPORT_YEAR, REPORT_TYPES } from '../../workflow/reports/report-types.ts'
import type { ReferenceTable } from '../../workflow/event-table.ts'

export type ReferenceKind = 'substance' | 'unit' | 'point-kind' | 'company' | 'area' | 'due-date'

export type ReferenceField =
  | { name: string; label: string; type: 'text'; required?: boolean; max: number; pattern?: { regex: RegExp; hint: string }; fixed?: boolean }
  | { name: string; label: string; type: 'number'; required?: boolean }
  | { name: string; label: string; type: 'choice'; required?: boolean; options: Record<string, string> }
  | { name: string; label: string; type: 'boolean' }
  /** A calendar day, written ГГГГ-ММ-ДД or ДД.ММ.ГГГГ, kept ГГГГ-ММ-ДД. */
  | { name: string; label: string; type: 'date'; required?: boolean }
  /** A year, four digits within the bounds. */
  | { name: string; label: string; type: 'year'; required?: boolean; min: number; max: number }
  /** An id of another reference table, picked from its list. */
  | { name: string; label: string; type: 'ref'; required?: boolean; table: 'units' | 'companies' }

export interface ReferenceKindDef {
  kind: ReferenceKind
  /** The table the projection keeps. */
  table: ReferenceTable
  /** Its tab and heading. */
  title: string
  /** One entry, in the genitive where a heading says "Изменение …". */
  one: string
  fields: ReferenceField[]
  /** Fields whose values together may appear once in the table. */
  unique: string[]
  /** Fields whose value may not be below another field's (server side, named by their labels). */
  notBelow?: Array<{ field: string; other: string }>
  /** Date fields that may not fall before the first day of a year field's year (server side, named by their labels). */
  notBeforeYear?: Array<{ field: string; year: string }>
  /** How an entry is named in the history when it has no `name` field. */
  nameOf?: (values: ReferenceValues) => string
}

export const REFERENCE_KINDS: Record<ReferenceKind, ReferenceKindDef> = {
  substance: {
    kind: 'substance',
    table: 'substances',
    title: 'Вещества и ПДК',
    one: 'вещества',
    fields: [
      { name: 'name', label: 'Наименование', type: 'text', required: true, max: 200 },
      { name: 'unit_id', label: 'Единица измерения', type: 'ref', required: true, table: 'units' },
      { name: 'mpc', label: 'ПДК', type: 'number' },
      { name: 'mpc_max', label: 'ПДК максимальная разовая', type: 'number' },
      // Whose limit it is: the document and its table (decision 3415).
      { name: 'source', label: 'Источник норматива', type: 'text', max: 500 },
    ],
    unique: ['name', 'unit_id'],
    notBelow: [{ field: 'mpc_max', other: 'mpc' }],
  },
  unit: {
    kind: 'unit',
    table: 'units',
    title: 'Единицы измерения',
    one: 'единицы измерения',
    fields: [{ name: 'name', label: 'Обозначение', type: 'text', required: true, max: 50 }],
    unique: ['name'],
  },
  'point-kind': {
    kind: 'point-kind',
    table: 'point_kinds',
    title: 'Виды пунктов',
    one: 'вида пунктов',
    fields: [
      // Points refer to their kind by this code, so it is set once and never changed.
      { name: 'code', label: 'Код', type: 'text', required: true, max: 60, fixed: true, pattern: { regex: /^[a-z][a-z0-9_]*$/, hint: 'латинские строчные буквы, цифры и «_»' } },
      { name: 'name', label: 'Наименование', type: 'text', required: true, max: 200 },
    ],
    unique: ['code'],
  },
  company: {
    kind: 'company',
    table: 'companies',
    title: 'Предприятия',
    one: 'предприятия',
    fields: [
      { name: 'name', label: 'Наименование', type: 'text', required: true, max: 500 },
      { name: 'kind', label: 'Вид', type: 'choice', required: true, options: COMPANY_KINDS },
      { name: 'inn', label: 'ИНН', type: 'text', max: 12, pattern: { regex: /^(\d{10}|\d{12})$/, hint: '10 или 12 цифр' } },
      { name: 'ogrn', label: 'ОГРН', type: 'text', max: 15, pattern: { regex: /^(\d{13}|\d{15})$/, hint: '13 или 15 цифр' } },
      { name: 'license_holder', label: 'Недропользователь', type: 'boolean' },
    ],
    unique: ['name'],
  },
  area: {
    kind: 'area',
    table: 'areas',
    title: 'Участки и полигоны',
    one: 'участка',
    fields: [
      { name: 'name', label: 'Наименование', type: 'text', required: true, max: 500 },
      { name: 'kind', label: 'Вид', type: 'choice', required: true, options: AREA_KINDS },
      { name: 'company_id', label: 'Предприятие', type: 'ref', table: 'companies' },
      { name: 'license', label: 'Лицензия', type: 'text', max: 100 },
    ],
    unique: [],
  },
  'due-date': {
    kind: 'due-date',
    table: 'report_due_dates',
    title: 'Сроки сдачи отчётов',
    one: 'срока сдачи',
    fields: [
      { name: 'report_type', label: 'Вид отчёта', type: 'choice', required: true, options: Object.fromEntries(Object.entries(REPORT_TYPES).map(([code, t]) => [code, t.title])) },
      { name: 'year', label: 'Отчётный год', type: 'year', required: true, min: FIRST_REPORT_YEAR, max: 2100 },
      { name: 'due_date', label: 'Срок сдачи', type: 'date', required: true },
    ],
    unique: ['report_type', 'year'],
    notBeforeYear: [{ field: 'due_date', year: 'year' }],
    nameOf: (values) => `${REPORT_TYPES[values.report_type as keyof typeof REPORT_TYPES]?.title ?? values.report_type}, ${values.year} год`,
  },
}

/** Whether the declaration makes a field required: the one rule the form's flags and the server's parser both read. */
export const isRequired = (field: ReferenceField): boolean => 'required' in field && field.required === true

export const REFERENCE_KIND_LIST = Object.values(REFERENCE_KINDS)

export function isReferenceKind(value: string): value is ReferenceKind {
  return Object.hasOwn(REFERENCE_KINDS, value)
}

/** The values of one entry, by field name: text, number, boolean or null. */
export type ReferenceValues = Record<string, string | number | boolean | null>

export const referenceStreamId = (kind: ReferenceKind, id: number) => `reference-${kind}-${id}`
