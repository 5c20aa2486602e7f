// What stored bytes are, from their first bytes: a fact of the commands that take files (an upload, a decision's
// attachments), which file-content.ts judges.
import { open } from 'node:fs/promises'
import { storedFilePath } from '../storage/file-storage.server.ts'
import { type ContentKind, SNIFF_BYTES } from './file-content.ts'
import { sniffContent } from './sniff-content.server.ts'

export async function storedContent(storageDir: string, storageKey: string): Promise<ContentKind> {
  const handle = await open(storedFilePath(storageDir, storageKey), 'r')
  try {
    const head = Buffer.alloc(SNIFF_BYTES)
    const { bytesRead } = await handle.read(head, 0, SNIFF_BYTES, 0)
    return sniffContent(head.subarray(0, bytesRead))
  } finally {
    await handle.close()
  }
}
