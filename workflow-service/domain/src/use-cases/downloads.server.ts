// A stored file as a download: where its bytes are and how to name them, or why there is none.
import { access } from 'node:fs/promises'
import { type Refused, refused } from '../workflow/refusal.ts'
import { type Download, storedFilePath } from '../workflow/storage/file-storage.server.ts'

/** The download of stored bytes, or the refusal that says they are gone from storage. */
export async function downloadOf(storageDir: string, storageKey: string, file: { name: string; size: number; contentType: string }, label: string): Promise<Download | Refused> {
  const path = storedFilePath(storageDir, storageKey)
  try {
    await access(path)
  } catch {
    return refused({ reason: 'stored-file-missing', label })
  }
  return { path, ...file }
}
