// Reads a ZIP container with yauzl (a well-kept reader, no hand parsing of its records) and inflates every entry
// once, bounded: ZIP bombs, corrupt archives and entries whose paths leave the archive stop here. yauzl refuses an
// absolute path (`/etc/cron.d/x`, `C:/x`, `\\server\x` once its backslashes are read as slashes) or a `..` segment
// before it hands the entry over; checks the inflated size against the declared one; and supports ZIP64.
import { crc32 } from 'node:zlib'
import type { Readable } from 'node:stream'
import yauzl from 'yauzl'
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

export const XLSX_LIMITS: ZipLimits = { maxEntries: FILE_LIMITS.maxZipEntries, maxTotalBytes: FILE_LIMITS.maxUnzippedBytes, maxRatio: 250 }

export interface ZipEntry {
  name: string
  method: number
  crc: number
  compressedSize: number
  size: number
  encrypted: boolean
}

/** A file on disk, or the bytes of an archive inside another. */
export type ZipSource = string | Buffer

const corrupt = (detail: string) => new FileRejected(`файл повреждён: ${detail}`)

/** What yauzl says, in the words of a person who uploaded the file. */
function rejectionOf(error: unknown, entry?: ZipEntry): FileRejected {
  if (error instanceof FileRejected) return error
  const message = error instanceof Error ? error.message : String(error)
  const path = /^(?:absolute path|invalid relative path|invalid characters in fileName): (.*)$/s.exec(message)
  if (path) return new FileRejected(`архив содержит путь за пределы архива «${path[1]}»: такие архивы не принимаются`)
  if (/too many bytes in the stream/.test(message) && entry) return new FileRejected(`элемент «${entry.name}» распаковывается больше заявленного размера (ZIP-бомба?)`)
  if (/not enough bytes in the stream/.test(message) && entry) return corrupt(`элемент «${entry.name}» короче заявленного размера`)
  if (/end of central directory record signature not found/.test(message)) return corrupt('нет оглавления архива')
  if (entry) return corrupt(`элемент «${entry.name}» не распаковывается`)
  return corrupt('оглавление архива нарушено')
}

function openZip(source: ZipSource): Promise<yauzl.ZipFile> {
  const options: yauzl.Options = { lazyEntries: true, autoClose: false, decodeStrings: true, validateEntrySizes: true, strictFileNames: false }
  return (typeof source === 'string' ? yauzl.openPromise(source, options) : yauzl.fromBufferPromise(source, options)).catch((error) => {
    throw rejectionOf(error)
  })
}

/** Each entry of an open archive in order, its directory record read only when the previous one is done with. */
async function* entriesOf(zip: yauzl.ZipFile): AsyncGenerator<yauzl.Entry> {
  for (;;) {
    const next = await new Promise<yauzl.Entry | null>((resolve, reject) => {
      const onEntry = (entry: yauzl.Entry) => {
        zip.off('error', onError).off('end', onEnd)
        resolve(entry)
      }
      const onEnd = () => {
        zip.off('error', onError).off('entry', onEntry)
        resolve(null)
      }
      const onError = (error: Error) => {
        zip.off('entry', onEntry).off('end', onEnd)
        reject(rejectionOf(error))
      }
      zip.once('entry', onEntry).once('end', onEnd).once('error', onError)
      zip.readEntry()
    })
    if (!next) return
    yield next
  }
}

const entryOf = (e: yauzl.Entry): ZipEntry => ({
  name: e.fileName,
  method: e.compressionMethod,
  crc: e.crc32,
  compressedSize: e.compressedSize,
  size: e.uncompressedSize,
  encrypted: e.isEncrypted(),
})

/** The entries named by the central directory, with the limits on count, total size, ratio and method applied. */
export async function readZipDirectory(source: ZipSource, limits: ZipLimits = XLSX_LIMITS): Promise<ZipEntry[]> {
  const zip = await openZip(source)
  try {
    if (zip.entryCount > limits.maxEntries) throw new FileRejected(LIMIT_MESSAGES.zipEntries(zip.entryCount, limits.maxEntries))
    const entries: ZipEntry[] = []
    let total = 0
    for await (const raw of entriesOf(zip)) {
      const entry = entryOf(raw)
      total += entry.size
      if (total > limits.maxTotalBytes) throw new FileRejected(LIMIT_MESSAGES.unzipped(limits.maxTotalBytes))
      if (entry.size > 1024 ** 2 && entry.size > entry.compressedSize * limits.maxRatio) {
        throw new FileRejected(`элемент «${entry.name}» сжат в ${Math.round(entry.size / Math.max(1, entry.compressedSize))} раз (ZIP-бомба?)`)
      }
      // Nothing encrypted can be looked into: it could hold anything.
      if (entry.encrypted) throw new FileRejected(`элемент «${entry.name}» зашифрован: его содержимое нельзя проверить`)
      if (entry.method !== 0 && entry.method !== 8) throw new FileRejected(`элемент «${entry.name}» сжат неподдерживаемым методом ${entry.method}`)
      entries.push(entry)
    }
    return entries
  } finally {
    zip.close()
  }
}

/** Sees the inflated bytes of the entries it wants; `end` runs once an entry is whole and checked. Either may throw to end the check. */
export type EntryInspector = (entry: ZipEntry) => { see?: (chunk: Buffer) => void; end?: () => void | Promise<void> } | null

/**
 * Inflates every entry once, counting bytes and checking each CRC: an entry that expands beyond what the
 * directory declares (a lying bomb) or whose data does not match its checksum ends the check.
 */
export async function verifyZipEntries(source: ZipSource, entries: ZipEntry[], signal?: AbortSignal, inspect?: EntryInspector): Promise<void> {
  const zip = await openZip(source)
  try {
    let index = 0
    for await (const raw of entriesOf(zip)) {
      signal?.throwIfAborted()
      const entry = entries[index++]
      // The directory read again must be the one the limits were applied to.
      if (!entry || entry.name !== raw.fileName || entry.size !== raw.uncompressedSize) throw corrupt('оглавление архива изменилось')
      const inspector = inspect?.(entry) ?? null
      if (entry.size > 0 || entry.compressedSize > 0) await verifyEntry(zip, raw, entry, inspector?.see)
      await inspector?.end?.()
    }
    if (index !== entries.length) throw corrupt('оглавление архива изменилось')
  } finally {
    zip.close()
  }
}

async function verifyEntry(zip: yauzl.ZipFile, raw: yauzl.Entry, entry: ZipEntry, see?: (chunk: Buffer) => void): Promise<void> {
  let stream: Readable
  try {
    stream = await zip.openReadStreamPromise(raw)
  } catch (error) {
    throw rejectionOf(error, entry)
  }
  let crc = 0
  try {
    for await (const chunk of stream) {
      crc = crc32(chunk as Buffer, crc)
      see?.(chunk as Buffer)
    }
  } catch (error) {
    stream.destroy()
    throw rejectionOf(error, entry)
  }
  if (crc >>> 0 !== entry.crc >>> 0) throw corrupt(`элемент «${entry.name}» не совпадает с контрольной суммой`)
}
