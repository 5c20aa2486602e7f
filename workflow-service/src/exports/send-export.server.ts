// Streams an exported table to the client as CSV (UTF-8 with BOM) or XLSX (exceljs's streaming writer): rows are
// written batch by batch as they are read, waiting for the client to take them, so memory stays flat whatever the
// number of rows. A client that goes away stops the reading.
import { once } from 'node:events'
import { PassThrough } from 'node:stream'
import ExcelJS from 'exceljs'
import type { FastifyReply } from 'fastify'
import { contentDisposition } from '../workflow/storage/file-storage.server.ts'
import { CONTENT_TYPES, type FileFormat } from './export-formats.ts'
import { type Cell, csvLine, sheetCell, UTF8_BOM } from './table-cells.ts'

/** Hands rows to the file; resolves when the client has room for more. */
export type WriteRows = (rows: Cell[][]) => Promise<void>

export interface ExportRequest {
  format: FileFormat
  /** File name without extension (may be Cyrillic). */
  name: string
  /** The sheet's name in the XLSX file (at most 31 characters). */
  sheet: string
  headers: string[]
  /** Reads the rows and hands them over in batches; rejects to abort the file. */
  produce: (write: WriteRows) => Promise<void>
}

export class ClientGone extends Error {}

/** Waits until the stream can take more, or fails when the client has gone. */
export async function roomIn(stream: PassThrough): Promise<void> {
  if (stream.destroyed) throw new ClientGone('client gone')
  if (!stream.writableNeedDrain) return
  await Promise.race([once(stream, 'drain'), once(stream, 'close').then(() => Promise.reject(new ClientGone('client gone')))])
}

export function sendExport(reply: FastifyReply, request: ExportRequest): FastifyReply {
  const body = new PassThrough()
  reply
    .header('content-type', CONTENT_TYPES[request.format])
    .header('content-disposition', contentDisposition(`${request.name}.${request.format}`))
    .header('cache-control', 'private, no-store')
    .header('x-content-type-options', 'nosniff')
  void reply.send(body)

  const run = async () => {
    if (request.format === 'csv') {
      body.write(UTF8_BOM + csvLine(request.headers))
      await request.produce(async (rows) => {
        body.write(rows.map((row) => csvLine(row)).join(''))
        await roomIn(body)
      })
      body.end()
      return
    }
    const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: body, useSharedStrings: false, useStyles: false })
    const sheet = workbook.addWorksheet(request.sheet.replace(/[\\/?*[\]:]/g, ' ').slice(0, 31) || 'Лист1')
    sheet.addRow(request.headers).commit()
    await request.produce(async (rows) => {
      for (const row of rows) sheet.addRow(row.map(sheetCell)).commit()
      await roomIn(body)
    })
    sheet.commit()
    await workbook.commit()
  }
  run().catch((error: unknown) => {
    if (!(error instanceof ClientGone)) reply.log.error({ err: error }, 'export failed')
    body.destroy(error instanceof Error ? error : new Error(String(error)))
  })
  return reply
}
