// The query parameters of a catalogue list as JSON schema: each declared filter with what it takes, `ordering`.
// Values stay strings here: `parseFilters` checks them and answers a 400 naming the parameter.
import { ONE_LINE_PATTERN } from '../vocabulary/params.ts'
import { sortableFields } from './ordering.ts'
import type { CatalogueType, FilterDef } from './registry/types.ts'

const DESCRIPTIONS: Record<FilterDef['kind'], string> = {
  id: 'Идентификатор',
  'id-list': 'Идентификаторы через запятую',
  year: 'Год, четыре цифры',
  enum: 'Одно из значений',
  'enum-list': 'Значения через запятую',
  search: 'Часть названия, без учёта регистра',
  boolean: 'true или false',
  isnull: 'true — значение не задано, false — задано',
  text: 'Текст',
  'date-gte': 'Не раньше этой даты, ГГГГ-ММ-ДД',
  'date-lte': 'Не позже этой даты, ГГГГ-ММ-ДД',
  bbox: 'Прямоугольник minLon,minLat,maxLon,maxLat в градусах',
}

export function filterParameter(filter: FilterDef) {
  const values = filter.options?.length ? `: ${filter.options.join(', ')}` : ''
  return { type: 'string', maxLength: 2000, pattern: ONE_LINE_PATTERN, description: `${filter.label ? `${filter.label}. ` : ''}${DESCRIPTIONS[filter.kind]}${values}` } as const
}

export function orderingParameter(type: CatalogueType) {
  return {
    type: 'string',
    maxLength: 200,
    description: `Сортировка: поля через запятую, «-» перед полем — по убыванию. Поля: ${sortableFields(type).join(', ')}`,
  } as const
}
