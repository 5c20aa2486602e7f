// What an uploaded file is, told from its first bytes (never from its name), and whether its name's extension may
// carry that: a text file renamed .xlsx, or a program under any name, is refused at the upload. Pure: the bytes
// are read by the command's facts. The worker's check (workers/src/files/) then looks inside the file.
import path from 'node:path'

export type ContentKind = 'empty' | 'pdf' | 'zip' | 'ole2' | 'executable' | 'text' | 'binary'

/** How many leading bytes are looked at. */
export const SNIFF_BYTES = 4096

const starts = (head: Buffer, bytes: number[] | string) => {
  const prefix = typeof bytes === 'string' ? Buffer.from(bytes, 'latin1') : Buffer.from(bytes)
  return head.length >= prefix.length && head.subarray(0, prefix.length).equals(prefix)
}

export function sniffContent(head: Buffer): ContentKind {
  if (head.length === 0) return 'empty'
  if (starts(head, '%PDF-')) return 'pdf'
  if (starts(head, [0x50, 0x4b, 0x03, 0x04]) || starts(head, [0x50, 0x4b, 0x05, 0x06])) return 'zip'
  if (starts(head, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])) return 'ole2'
  // Windows (MZ), Linux (ELF), macOS (Mach-O, both byte orders and fat), Java classes, scripts with a #! line.
  const programs = [[0x4d, 0x5a], [0x7f, 0x45, 0x4c, 0x46], [0xfe, 0xed, 0xfa, 0xce], [0xfe, 0xed, 0xfa, 0xcf], [0xce, 0xfa, 0xed, 0xfe], [0xcf, 0xfa, 0xed, 0xfe], [0xca, 0xfe, 0xba, 0xbe]]
  if (programs.some((p) => starts(head, p)) || starts(head, '#!')) return 'executable'
  // Text (UTF-8 or a single-byte Cyrillic code page) has no NUL byte.
  return head.includes(0) ? 'binary' : 'text'
}

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
