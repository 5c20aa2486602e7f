// Free space on the file store: a node whose STORAGE_DIR is nearly full says so on /readyz and /metrics before an
// upload finds out (an upload that meets a full disk is answered 507, http/storage-faults.ts).
import { statfs } from 'node:fs/promises'
import path from 'node:path'

export interface StorageSpace {
  /** Bytes an unprivileged writer can still use, or null when the folder cannot be read at all. */
  freeBytes: number | null
  /** Whether the free space is at least the declared minimum. */
  enough: boolean
}

/** The free space where storageDir lives (its nearest existing folder: the store is made on the first upload). */
export async function storageSpace(storageDir: string, minFreeBytes: number): Promise<StorageSpace> {
  for (let folder = path.resolve(storageDir); ; folder = path.dirname(folder)) {
    try {
      const stats = await statfs(folder)
      const freeBytes = Number(stats.bavail) * Number(stats.bsize)
      return { freeBytes, enough: freeBytes >= minFreeBytes }
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT' || folder === path.dirname(folder)) return { freeBytes: null, enough: false }
    }
  }
}
