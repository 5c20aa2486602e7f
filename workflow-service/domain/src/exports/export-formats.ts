// The formats a list can be answered in (`format=`): the page as JSON, or every matching row as a file.
import { Type } from 'typebox'
import { CSV_DIALECTS, type CsvDialect, DEFAULT_CSV_DIALECT } from './table-cells.ts'

export const EXPORT_FORMATS = ['json', 'csv', 'xlsx'] as const
export type ListFormat = (typeof EXPORT_FORMATS)[number]
export type FileFormat = Exclude<ListFormat, 'json'>

/** `dialect=` of `format=csv` (decision 2640): for people in a Russian Excel, or RFC 4180 for programs. */
const DialectQuery = {
  dialect: Type.Optional(
    Type.Union(
      (Object.keys(CSV_DIALECTS) as CsvDialect[]).map((d) => Type.Literal(d)),
      {
        description:
          'только с format=csv: excel (по умолчанию) — для Excel на русском: разделитель «;», десятичная запятая, ' +
          'слова вместо кодов («Да», «Нет», названия видов), даты дд.мм.гггг; rfc4180 — для программ: разделитель «,», ' +
          'десятичная точка, коды и true/false, даты ISO 8601, как в json. Оба в UTF-8 с BOM',
      },
    ),
  ),
}

export const FormatQuery = {
  format: Type.Optional(
    Type.Union(
      EXPORT_FORMATS.map((f) => Type.Literal(f)),
      { description: 'json (по умолчанию) — страница; csv или xlsx — все подходящие записи файлом, без limit и offset' },
    ),
  ),
  ...DialectQuery,
}

/** The format of a list of records with coordinates for GIS (decision 2430). */
export const GEO_FORMAT = 'geojson'
export const GEOJSON_CONTENT_TYPE = 'application/geo+json'

/** `format=` of a list whose records lie somewhere: the file formats and GeoJSON. */
export const GeoFormatQuery = {
  format: Type.Optional(
    Type.Union([...EXPORT_FORMATS, GEO_FORMAT].map((f) => Type.Literal(f)), {
      description:
        'json (по умолчанию) — страница; csv или xlsx — все подходящие записи файлом, без limit и offset; ' +
        'geojson — все подходящие записи с координатами как FeatureCollection (RFC 7946, WGS 84, долгота и широта), ' +
        'свойства — поля записи, как в json; записи без координат не входят',
    }),
  ),
  ...DialectQuery,
}

export const CONTENT_TYPES: Record<FileFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
}

export function isFileFormat(format: string | undefined): format is FileFormat {
  return format === 'csv' || format === 'xlsx'
}

/** The CSV dialect a request asks for (its schema has checked the value): people's unless it names another. */
export function csvDialectOf(query: unknown): CsvDialect {
  const asked = (query as { dialect?: unknown } | null)?.dialect
  return typeof asked === 'string' && Object.hasOwn(CSV_DIALECTS, asked) ? (asked as CsvDialect) : DEFAULT_CSV_DIALECT
}
