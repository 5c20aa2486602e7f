// What an uploaded file may be, told from its first bytes (never from its name: sniff-content.server.ts), and whether
// its name's extension may carry that: a text file renamed .xlsx, or a program under any name, is refused at the
// upload. Pure: the bytes are read and sniffed by the command's facts. The worker's check (workers/src/files/) then
// looks inside the file.
import path from 'node:path'

export type ContentKind = 'empty' | 'pdf' | 'zip' | 'ole2' | 'executable' | 'text' | 'binary'

/** How many leading bytes are looked at. */
export const SNIFF_BYTES = 4096

/** The real kinds each accepted extension may carry (.xlsx and .docx are ZIP containers). */
const EXTENSIONS: Readonly<Record<string, readonly ContentKind[]>> = {
  '.csv': ['text'],
  '.xlsx': ['zip'],
  '.docx': ['zip'],
  '.zip': ['zip'],
  '.xls': ['ole2'],
  '.doc': ['ole2'],
  '.pdf': ['pdf'],
}

export const ACCEPTED_UPLOADS = 'CSV, XLSX, XLS, PDF, DOC, DOCX или ZIP'

/** Why the upload named `name` with this content is refused (a Russian sentence naming the file), or null. */
export function uploadContentRefusal(name: string, kind: ContentKind): string | null {
  if (kind === 'executable') return `Файл «${name}» — исполняемая программа, такие файлы не принимаются.`
  const extension = path.extname(name).toLowerCase()
  const fits = Object.hasOwn(EXTENSIONS, extension) ? EXTENSIONS[extension] : undefined
  if (!fits) return `Файл «${name}»: недопустимый тип файла, ожидается ${ACCEPTED_UPLOADS}.`
  // An empty file is the check's to report ('файл пуст').
  if (kind === 'empty' || fits.includes(kind)) return null
  return `Файл «${name}»: содержимое не соответствует расширению ${extension}.`
}
