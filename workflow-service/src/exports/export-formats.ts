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

export const CONTENT_TYPES: Record<FileFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
}

export function isFileFormat(format: string | undefined): format is FileFormat {
  return format === 'csv' || format === 'xlsx'
}
