// Files on disk under config.storageDir, named by a generated uuid only: no name a user sends ever reaches a path.
import { createHash, randomUUID } from 'node:crypto'
import { createWriteStream } from 'node:fs'
import { chmod, mkdir, open, rename, rm } from 'node:fs/promises'
import path from 'node:path'
import type { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'

/** A stored file as it leaves as a download: where its bytes are and how to name them. */
export interface Download {
  path: string
  name: string
  size: number
  contentType: string
}

const STORAGE_KEY = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/

export const newStorageKey = (): string => randomUUID()

/** The absolute path of a stored file; a key that is not a uuid is refused, so no path leaves the folder. */
export function storedFilePath(storageDir: string, storageKey: string): string {
  if (!STORAGE_KEY.test(storageKey)) throw new Error(`not a storage key: ${storageKey}`)
  return path.join(path.resolve(storageDir), storageKey.slice(0, 2), storageKey)
}

/** Files at rest are the portal user's alone (issue 22 item 13): readable and writable by it, nobody else. */
export const PRIVATE_FILE_MODE = 0o600
export const PRIVATE_FOLDER_MODE = 0o700

/**
 * Makes a folder (and the folders on its way below `root`) 0700. `mkdir`'s mode only applies to folders it creates
 * and is cut by the umask; a folder an earlier version left 0755 is tightened too. The storage root itself may be a
 * mounted volume that another user owns: tightening it is tried, and left as it is when the system refuses.
 */
export async function privateFolder(root: string, folder: string): Promise<string | undefined> {
  const made = await mkdir(folder, { recursive: true, mode: PRIVATE_FOLDER_MODE })
  const top = path.resolve(root)
  for (let current = path.resolve(folder); ; current = path.dirname(current)) {
    if (current === top) {
      await chmod(current, PRIVATE_FOLDER_MODE).catch(() => {})
      break
    }
    if (!current.startsWith(top + path.sep)) break
    await chmod(current, PRIVATE_FOLDER_MODE)
  }
  return made
}

/**
 * How stored bytes are made durable: the file's data and then the folder entry that names it reach the disk before
 * storeFile returns, so an upload acknowledged (its event committed, its 201 sent) keeps its bytes across a power
 * loss. A seam: a test observes the order of the writes through it (useStorageSync).
 */
export interface StorageSync {
  syncFile(file: string): Promise<void>
  syncFolder(folder: string): Promise<void>
}

async function fsyncPath(target: string): Promise<void> {
  // A file or a folder opened for reading can be fsynced on Linux; that is all a folder can be opened for.
  const handle = await open(target, 'r')
  try {
    await handle.sync()
  } finally {
    await handle.close()
  }
}

const diskSync: StorageSync = { syncFile: fsyncPath, syncFolder: fsyncPath }
let storageSync: StorageSync = diskSync

/** Replaces how stored files are synced (a test's observer); without an argument, back to the disk's fsync. */
export function useStorageSync(next?: StorageSync): void {
  storageSync = next ?? diskSync
}

/**
 * Streams a file to storage (never whole in memory); it appears under its key only once complete. Answers its size and
 * the SHA-256 of the bytes as they arrived (hex), computed on the way to disk: the fingerprint a receipt states for
 * what was received, and by which an upload's repeat in its report is found.
 */
export async function storeFile(storageDir: string, storageKey: string, source: Readable | Buffer, options: { durable?: boolean } = {}): Promise<{ size: number; sha256: string }> {
  const durable = options.durable ?? true
  const target = storedFilePath(storageDir, storageKey)
  const made = await privateFolder(storageDir, path.dirname(target))
  // A shard folder made now is itself an entry of the store's root, which must reach the disk too.
  if (made && durable) await storageSync.syncFolder(path.dirname(path.dirname(target)))
  const partial = `${target}.part`
  const hash = createHash('sha256')
  let size = 0
  try {
    if (Buffer.isBuffer(source)) {
      const out = createWriteStream(partial, { mode: PRIVATE_FILE_MODE })
      await new Promise<void>((resolve, reject) => out.end(source, () => resolve()).on('error', reject))
      size = source.length
      hash.update(source)
    } else {
      source.on('data', (chunk: Buffer) => {
        size += chunk.length
        hash.update(chunk)
      })
      await pipeline(source, createWriteStream(partial, { mode: PRIVATE_FILE_MODE }))
    }
    // The mode given at creation is cut by the umask only, never widened; set it exactly.
    await chmod(partial, PRIVATE_FILE_MODE)
    // The bytes reach the disk before the name does, and the name before the caller commits the file's event.
    if (durable) await storageSync.syncFile(partial)
    await rename(partial, target)
    if (durable) await storageSync.syncFolder(path.dirname(target))
  } catch (error) {
    await rm(partial, { force: true })
    throw error
  }
  return { size, sha256: hash.digest('hex') }
}

export async function removeStoredFile(storageDir: string, storageKey: string): Promise<void> {
  await rm(storedFilePath(storageDir, storageKey), { force: true })
}

/**
 * Control characters (C0, DEL, C1), bidi controls (a right-to-left override makes «отчёт\u202Efdp.exe» show as
 * «отчётexe.pdf») and zero-width characters: none belongs in a file name a person reads.
 */
const UNSHOWN = /[\u0000-\u001f\u007f-\u009f\u061c\u200b-\u200f\u202a-\u202e\u2060-\u2069\ufeff]/g

/** A name a user sent, cut to its last path segment and without unshown characters: kept only as a label. */
export function cleanFileName(name: string | undefined): string {
  const base = (name ?? '').split(/[\\/]/).pop() ?? ''
  const clean = base.replace(UNSHOWN, '').trim().slice(0, 255)
  return clean || 'file'
}
