// The formats a list can be answered in (`format=`): the page as JSON, or every matching row as a file.
import { Type } from '@sinclair/typebox'

export const EXPORT_FORMATS = ['json', 'csv', 'xlsx'] as const
export type ListFormat = (typeof EXPORT_FORMATS)[number]
export type FileFormat = Exclude<ListFormat, 'json'>

export const FormatQuery = {
  format: Type.Optional(
    Type.Union(
      EXPORT_FORMATS.map((f) => Type.Literal(f)),
      { description: 'json (по умолчанию) — страница; csv или xlsx — все подходящие записи файлом, без limit и offset' },
    ),
  ),
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
}

export const CONTENT_TYPES: Record<FileFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
}

export function isFileFormat(format: string | undefined): format is FileFormat {
  return format === 'csv' || format === 'xlsx'
}
