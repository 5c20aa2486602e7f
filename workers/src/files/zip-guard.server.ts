// Reads a ZIP container's directory and inflates every entry once, bounded: ZIP bombs and corrupt archives stop here.
import { createReadStream } from 'node:fs'
import { open } from 'node:fs/promises'
import { createInflateRaw, crc32 } from 'node:zlib'
import { FileRejected } from './file-problem.ts'
import { FILE_LIMITS, LIMIT_MESSAGES } from './file-limits.ts'

export interface ZipLimits {
  /** Most entries an archive may hold. */
  maxEntries: number
  /** Most bytes all entries may expand to, together. */
  maxTotalBytes: number
  /** Largest expansion ratio of one entry over 1 MB (real XLSX stay far below; bombs go to thousands). */
  maxRatio: number
}

const XLSX_LIMITS: ZipLimits = { maxEntries: FILE_LIMITS.maxZipEntries, maxTotalBytes: FILE_LIMITS.maxUnzippedBytes, maxRatio: 250 }

export interface ZipEntry {
  name: string
  method: number
  crc: number
  compressedSize: number
  size: number
  localHeaderOffset: number
}

const EOCD = 0x06054b50
const CENTRAL = 0x02014b50
const LOCAL = 0x04034b50

const corrupt = (detail: string) => new FileRejected(`файл повреждён: ${detail}`)

/** The entries named by the central directory, with the limits on count, total size and ratio applied. */
export async function readZipDirectory(path: string, limits: ZipLimits = XLSX_LIMITS): Promise<ZipEntry[]> {
  const handle = await open(path, 'r')
  try {
    const { size } = await handle.stat()
    if (size < 22) throw corrupt('нет оглавления архива')
    const tailSize = Math.min(size, 22 + 0xffff)
    const tail = Buffer.alloc(tailSize)
    await handle.read(tail, 0, tailSize, size - tailSize)
    let at = -1
    for (let i = tailSize - 22; i >= 0; i--) {
      if (tail.readUInt32LE(i) === EOCD) {
        at = i
        break
      }
    }
    if (at < 0) throw corrupt('нет оглавления архива')
    const count = tail.readUInt16LE(at + 10)
    const directorySize = tail.readUInt32LE(at + 12)
    const directoryOffset = tail.readUInt32LE(at + 16)
    if (count === 0xffff || directorySize === 0xffffffff || directoryOffset === 0xffffffff) {
      throw new FileRejected('архив формата ZIP64 не поддерживается')
    }
    if (count > limits.maxEntries) throw new FileRejected(LIMIT_MESSAGES.zipEntries(count, limits.maxEntries))
    if (directoryOffset + directorySize > size) throw corrupt('оглавление архива за пределами файла')
    const directory = Buffer.alloc(directorySize)
    await handle.read(directory, 0, directorySize, directoryOffset)
    const entries: ZipEntry[] = []
    let total = 0
    let p = 0
    for (let i = 0; i < count; i++) {
      if (p + 46 > directory.length || directory.readUInt32LE(p) !== CENTRAL) throw corrupt('оглавление архива нарушено')
      const nameLength = directory.readUInt16LE(p + 28)
      const entry: ZipEntry = {
        method: directory.readUInt16LE(p + 10),
        crc: directory.readUInt32LE(p + 16),
        compressedSize: directory.readUInt32LE(p + 20),
        size: directory.readUInt32LE(p + 24),
        localHeaderOffset: directory.readUInt32LE(p + 42),
        name: directory.toString('utf8', p + 46, p + 46 + nameLength),
      }
      p += 46 + nameLength + directory.readUInt16LE(p + 30) + directory.readUInt16LE(p + 32)
      total += entry.size
      if (total > limits.maxTotalBytes) {
        throw new FileRejected(LIMIT_MESSAGES.unzipped(limits.maxTotalBytes))
      }
      if (entry.size > 1024 ** 2 && entry.size > entry.compressedSize * limits.maxRatio) {
        throw new FileRejected(`элемент «${entry.name}» сжат в ${Math.round(entry.size / Math.max(1, entry.compressedSize))} раз (ZIP-бомба?)`)
      }
      if (entry.method !== 0 && entry.method !== 8) throw new FileRejected(`элемент «${entry.name}» сжат неподдерживаемым методом ${entry.method}`)
      entries.push(entry)
    }
    return entries
  } finally {
    await handle.close()
  }
}

/**
 * Inflates every entry once, counting bytes and checking each CRC: an entry that expands beyond what the
 * directory declares (a lying bomb) or whose data does not match its checksum ends the check.
 */
/** Sees the inflated bytes of the entries it wants (the shared strings, to count them); may throw to end the check. */
export type EntryInspector = (entry: ZipEntry) => ((chunk: Buffer) => void) | null

export async function verifyZipEntries(path: string, entries: ZipEntry[], signal?: AbortSignal, inspect?: EntryInspector): Promise<void> {
  const handle = await open(path, 'r')
  const header = Buffer.alloc(30)
  try {
    for (const entry of entries) {
      signal?.throwIfAborted()
      await handle.read(header, 0, 30, entry.localHeaderOffset)
      if (header.readUInt32LE(0) !== LOCAL) throw corrupt(`нет заголовка элемента «${entry.name}»`)
      const start = entry.localHeaderOffset + 30 + header.readUInt16LE(26) + header.readUInt16LE(28)
      if (entry.compressedSize === 0) {
        if (entry.size !== 0) throw corrupt(`элемент «${entry.name}» пуст`)
        continue
      }
      await verifyEntry(path, entry, start, inspect?.(entry) ?? null)
    }
  } finally {
    await handle.close()
  }
}

function verifyEntry(path: string, entry: ZipEntry, start: number, see: ((chunk: Buffer) => void) | null): Promise<void> {
  return new Promise((resolve, reject) => {
    const source = createReadStream(path, { start, end: start + entry.compressedSize - 1, highWaterMark: 256 * 1024 })
    const inflate = entry.method === 8 ? createInflateRaw() : null
    let produced = 0
    let crc = 0
    let settled = false
    const fail = (error: Error) => {
      if (settled) return
      settled = true
      source.destroy()
      inflate?.destroy()
      reject(error)
    }
    const onData = (chunk: Buffer) => {
      produced += chunk.length
      if (produced > entry.size) {
        fail(new FileRejected(`элемент «${entry.name}» распаковывается больше заявленного размера (ZIP-бомба?)`))
        return
      }
      crc = crc32(chunk, crc)
      if (see) {
        try {
          see(chunk)
        } catch (error) {
          fail(error as Error)
        }
      }
    }
    const onEnd = () => {
      if (settled) return
      if (produced !== entry.size || crc >>> 0 !== entry.crc >>> 0) {
        fail(corrupt(`элемент «${entry.name}» не совпадает с контрольной суммой`))
        return
      }
      settled = true
      resolve()
    }
    source.on('error', (e) => fail(e))
    if (inflate) {
      inflate.on('error', () => fail(corrupt(`элемент «${entry.name}» не распаковывается`)))
      inflate.on('data', onData)
      inflate.on('end', onEnd)
      source.pipe(inflate)
    } else {
      source.on('data', (chunk) => onData(chunk as Buffer))
      source.on('end', onEnd)
    }
  })
}
