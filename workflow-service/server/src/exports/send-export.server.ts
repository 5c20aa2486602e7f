// Streams an exported table to the client as CSV (UTF-8 with BOM, in the dialect the request asks for) or XLSX
// (exceljs's streaming writer: typed numbers and dates, column widths, the header row frozen): rows are written batch
// by batch as they are read, waiting for the client to take them, so memory stays flat whatever the number of rows.
// A client that goes away stops the reading.
import { once } from 'node:events'
import { PassThrough } from 'node:stream'
import ExcelJS from 'exceljs'
import type { FastifyReply } from 'fastify'
import { contentDisposition } from '@portal/workflow-domain/commands.server.ts'
import { csvLines } from './csv-writer.ts'
import {
  CONTENT_TYPES, csvDialectOf, type FileFormat, type Cell, sheetColumnWidth, sheetValue,
} from '@portal/workflow-domain/views.ts'
import { spendExportRows } from './export-budget.server.ts'
import type { WriteRows } from '@portal/workflow-domain/views.ts'


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
      const dialect = csvDialectOf(reply.request.query)
      body.write(csvLines([request.headers], dialect, { bom: true }))
      await request.produce(async (rows) => {
        spendExportRows(reply, rows.length)
        body.write(csvLines(rows, dialect))
        await roomIn(body)
      })
      body.end()
      return
    }
    const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: body, useSharedStrings: false, useStyles: true })
    const sheet = workbook.addWorksheet(request.sheet.replace(/[\\/?*[\]:]/g, ' ').slice(0, 31) || 'Лист1', { views: [{ state: 'frozen', xSplit: 0, ySplit: 1 }] })
    // The widths go before the first row is written: they are measured on the header and the first batch.
    let started = false
    const start = (rows: Cell[][]) => {
      sheet.columns = request.headers.map((header, i) => ({ width: sheetColumnWidth(header, rows.map((row) => row[i] ?? null)) }))
      const head = sheet.addRow(request.headers)
      head.font = { bold: true }
      head.commit()
      started = true
    }
    await request.produce(async (rows) => {
      spendExportRows(reply, rows.length)
      if (!started) start(rows)
      for (const row of rows) {
        const values = row.map(sheetValue)
        const written = sheet.addRow(values.map((v) => v.value))
        values.forEach((v, i) => {
          if (v.numFmt) written.getCell(i + 1).numFmt = v.numFmt
        })
        written.commit()
      }
      await roomIn(body)
    })
    if (!started) start([])
    sheet.commit()
    await workbook.commit()
  }
  run().catch((error: unknown) => {
    if (!(error instanceof ClientGone)) reply.log.error({ err: error }, 'export failed')
    body.destroy(error instanceof Error ? error : new Error(String(error)))
  })
  return reply
}
