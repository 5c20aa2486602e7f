// What an uploaded file may be, told from its first bytes (never from its name: sniff-content.server.ts), and whether
// its name's extension may carry that: a text file renamed .xlsx, or a program under any name, is refused at the
// upload. Pure: the bytes are read and sniffed by the command's facts. The worker's check (workers/src/files/) then
// looks inside the file.
import path from 'node:path'
import type { AcceptedTypes } from '../../catalogue/registry/uploads.ts'

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

/**
 * Every type an upload may be, for a place that takes them all (the Department's attachments). A report section's own
 * types come from the upload registry (`uploadTypesOf`: the picker's list).
 */

export const ANY_UPLOAD: AcceptedTypes = { extensions: Object.keys(EXTENSIONS), words: ACCEPTED_UPLOADS }

/** The refusal of a file whose type the place does not take, in the words the browser uses for the same file. */
export const wrongTypeRefusal = (name: string, acceptedWords: string) => `Файл «${name}»: недопустимый тип файла, ожидается ${acceptedWords}.`

/** The extension of a file name as the rules compare it: lower case with its dot, '' for none (as «.csv» alone). */
export function extensionOf(name: string): string {
  return path.extname(name).toLowerCase()
}

/**
 * Why the upload named `name` with this content is refused (a Russian sentence naming the file), or null. `accepted`:
 * the types the place takes; the name's extension must be one of them (whatever the bytes), and the bytes must be
 * what that extension carries.
 */
export function uploadContentRefusal(name: string, kind: ContentKind, accepted: AcceptedTypes = ANY_UPLOAD): string | null {
  if (kind === 'executable') return `Файл «${name}» — исполняемая программа, такие файлы не принимаются.`
  const extension = extensionOf(name)
  const fits = accepted.extensions.includes(extension) && Object.hasOwn(EXTENSIONS, extension) ? EXTENSIONS[extension] : undefined
  if (!fits) return wrongTypeRefusal(name, accepted.words)
  // An empty file is the check's to report ('файл пуст').
  if (kind === 'empty' || fits.includes(kind)) return null
  return `Файл «${name}»: содержимое не соответствует расширению ${extension}.`
}
