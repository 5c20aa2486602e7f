// The files a page form carries, put in storage as they arrive and taken out again when the command that was to own
// them is refused: the storage folder stays in here, so a page holds the bytes' way in and out, never a path.
import type { Readable } from 'node:stream'
import type { StoredUpload } from '../workflow/files/file-commands.server.ts'
import { cleanFileName, newStorageKey, removeStoredFile, storeFile } from '../workflow/storage/file-storage.server.ts'

export function uploadStorage(storageDir: string) {
  return {
    /** Streams one file to storage under a new key; its name is cleaned as the API's uploads' are. */
    async store(fileName: string, contentType: string, source: Readable): Promise<StoredUpload> {
      const storageKey = newStorageKey()
      const { size, sha256 } = await storeFile(storageDir, storageKey, source)
      return { storageKey, name: cleanFileName(fileName), size, sha256, contentType: contentType || 'application/octet-stream' }
    },
    /** Removes stored files no command took. */
    async discard(files: readonly StoredUpload[]): Promise<void> {
      await Promise.all(files.map((f) => removeStoredFile(storageDir, f.storageKey)))
    },
  }
}

export type UploadStorage = ReturnType<typeof uploadStorage>
