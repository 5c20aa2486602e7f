// The bounds of a file check, in one place: what a file may hold before its check ends with a message naming the
// bound, so no file (honest or crafted) can make a checking process grow without limit.
import { CHARACTERS_GENITIVE, formatNumber, plural, type PluralForms } from '@portal/workflow-domain/views.ts'

export interface FileLimits {
  /** Data rows after the header (Excel's own sheet holds 1 048 576 rows, the header included). */
  maxRows: number
  /** Cells a row may have: a template has about ten columns. */
  maxColumns: number
  /** Characters in one cell (Excel's own limit). */
  maxCellChars: number
  /** Entries of an XLSX's shared-strings table (the reader keeps them all in memory). */
  maxSharedStrings: number
  /** Bytes the shared-strings part expands to. */
  maxSharedStringsBytes: number
  /** Bytes any other part kept whole in memory (styles, workbook) expands to. */
  maxCachedPartBytes: number
  /** Entries of a ZIP container. */
  maxZipEntries: number
  /** Bytes all entries of a ZIP container expand to, together. */
  maxUnzippedBytes: number
  /** Heap of the process that checks one file, in MB: past it the check ends as an error, the portal goes on. */
  checkHeapMb: number
  /** Heap of the process that writes a checked book back with its marks (the whole book is in memory), in MB. */
  markHeapMb: number
}

export const FILE_LIMITS: FileLimits = {
  maxRows: 1_048_575,
  maxColumns: 100,
  maxCellChars: 32_767,
  maxSharedStrings: 200_000,
  maxSharedStringsBytes: 32 * 1024 ** 2,
  maxCachedPartBytes: 16 * 1024 ** 2,
  maxZipEntries: 2000,
  maxUnzippedBytes: 2 * 1024 ** 3,
  checkHeapMb: 160,
  markHeapMb: 320,
}

const MB = 1024 ** 2
/** A bound and its noun, agreeing as Russian needs ('более 1 строки', 'более 5 строк'). */
const count = (n: number, forms: PluralForms) => `${formatNumber(n)} ${plural(n, forms)}`

/** The Russian messages, each naming its bound. */
export const LIMIT_MESSAGES = {
  rows: (max: number) => `в файле более ${count(max, ['строки', 'строк', 'строк'])} данных: разделите его на несколько файлов`,
  columns: (max: number) => `в строке более ${count(max, ['столбца', 'столбцов', 'столбцов'])}`,
  cellChars: (max: number) => `в ячейке более ${count(max, CHARACTERS_GENITIVE)}`,
  sharedStrings: (max: number) => `в книге более ${count(max, ['различного текстового значения', 'различных текстовых значений', 'различных текстовых значений'])} (таблица общих строк)`,
  sharedStringsBytes: (max: number) => `таблица общих строк книги больше ${Math.round(max / MB)} МБ`,
  cachedPart: (name: string, max: number) => `часть книги «${name}» больше ${Math.round(max / MB)} МБ`,
  zipEntries: (entries: number, max: number) => `в архиве ${count(entries, ['элемент', 'элемента', 'элементов'])}, допустимо не более ${formatNumber(max)}`,
  unzipped: (max: number) => `архив распаковывается более чем в ${Math.round(max / MB)} МБ (ZIP-бомба?)`,
  memory: (mb: number) => `проверка файла превысила предел памяти (${mb} МБ): разделите файл на несколько частей`,
}
