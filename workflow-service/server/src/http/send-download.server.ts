// The one way a stored file leaves as a download: its type and length, the original name (Cyrillic kept) and nosniff.
import { createReadStream } from 'node:fs'
import type { FastifyReply } from 'fastify'
import { contentDisposition } from '@portal/workflow-domain/commands.server.ts'
import type { Download } from '@portal/workflow-domain/commands.server.ts'

export function sendDownload(reply: FastifyReply, download: Download) {
  return reply
    .header('content-type', download.contentType)
    .header('content-length', String(download.size))
    .header('content-disposition', contentDisposition(download.name))
    .header('x-content-type-options', 'nosniff')
    .send(createReadStream(download.path))
}

/** A file made for this request only (a marked workbook): never cached, the same headers as a stored one. */
export function sendMadeFile(reply: FastifyReply, file: { name: string; contentType: string; bytes: Uint8Array }) {
  return reply
    .header('content-type', file.contentType)
    .header('content-disposition', contentDisposition(file.name))
    .header('cache-control', 'private, no-store')
    .header('x-content-type-options', 'nosniff')
    .send(Buffer.from(file.bytes))
}
