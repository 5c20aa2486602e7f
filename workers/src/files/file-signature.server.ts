// Tells a file's real type from its first bytes (and, for ZIP containers, the names inside), never from its name.
import { open } from 'node:fs/promises'
import { readZipDirectory, type ZipLimits } from './zip-guard.server.ts'

export type FileKind = 'empty' | 'pdf' | 'docx' | 'xlsx' | 'zip' | 'ole2' | 'unknown'

export const KIND_TITLES: Record<FileKind, string> = {
  empty: 'пустой файл',
  pdf: 'PDF',
  docx: 'DOCX',
  xlsx: 'XLSX',
  zip: 'ZIP',
  ole2: 'DOC/XLS',
  unknown: 'неизвестный формат',
}

const PDF = Buffer.from('%PDF-')
const ZIP = Buffer.from([0x50, 0x4b, 0x03, 0x04])
const EMPTY_ZIP = Buffer.from([0x50, 0x4b, 0x05, 0x06])
const OLE2 = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])

async function readHead(path: string, length = 8): Promise<{ head: Buffer; size: number }> {
  const handle = await open(path, 'r')
  try {
    const { size } = await handle.stat()
    const head = Buffer.alloc(Math.min(length, size))
    if (head.length) await handle.read(head, 0, head.length, 0)
    return { head, size }
  } finally {
    await handle.close()
  }
}

/** The kind of the file at path. ZIP containers are opened (directory only) to tell DOCX and XLSX apart. */
export async function detectFileKind(path: string, limits?: ZipLimits): Promise<FileKind> {
  const { head, size } = await readHead(path)
  if (size === 0) return 'empty'
  if (head.subarray(0, PDF.length).equals(PDF)) return 'pdf'
  if (head.subarray(0, OLE2.length).equals(OLE2)) return 'ole2'
  if (head.subarray(0, EMPTY_ZIP.length).equals(EMPTY_ZIP)) return 'zip'
  if (head.subarray(0, ZIP.length).equals(ZIP)) {
    const names = new Set((await readZipDirectory(path, limits)).map((e) => e.name))
    if (names.has('[Content_Types].xml') && names.has('word/document.xml')) return 'docx'
    if (names.has('[Content_Types].xml') && names.has('xl/workbook.xml')) return 'xlsx'
    return 'zip'
  }
  return 'unknown'
}
