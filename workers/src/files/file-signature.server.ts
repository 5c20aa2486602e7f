// Tells a file's real type from its first bytes (the upload's sniffer, file-type) and, for ZIP containers, the names
// inside, never from its name.
import { open } from 'node:fs/promises'
import { SNIFF_BYTES } from '@portal/workflow-domain/views.ts'
import { sniffContent } from '@portal/workflow-domain/ports.ts'
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

async function readHead(path: string): Promise<Buffer> {
  const handle = await open(path, 'r')
  try {
    const head = Buffer.alloc(SNIFF_BYTES)
    const { bytesRead } = await handle.read(head, 0, SNIFF_BYTES, 0)
    return head.subarray(0, bytesRead)
  } finally {
    await handle.close()
  }
}

/** The kind of the file at path. ZIP containers are opened (directory only) to tell DOCX and XLSX apart. */
export async function detectFileKind(path: string, limits?: ZipLimits): Promise<FileKind> {
  const kind = await sniffContent(await readHead(path))
  if (kind === 'empty' || kind === 'pdf' || kind === 'ole2') return kind
  if (kind !== 'zip') return 'unknown'
  // Our own rule, not file-type's guess from the first entries: the directory's names, read within the ZIP limits.
  const names = new Set((await readZipDirectory(path, limits)).map((e) => e.name))
  if (names.has('[Content_Types].xml') && names.has('word/document.xml')) return 'docx'
  if (names.has('[Content_Types].xml') && names.has('xl/workbook.xml')) return 'xlsx'
  return 'zip'
}
