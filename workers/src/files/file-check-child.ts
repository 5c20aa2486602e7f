// The process that reads one uploaded file: started by check-in-child.server.ts with a heap limit, it parses and
// checks the file and sends the good rows back in batches (waiting for each to be stored), then its result. A file
// that would need more memory ends this process, never the portal's.
// Each kind of request loads only its own reader when it comes (a document's check needs neither the workbook reader
// nor the catalogue registry): a process is started for every file, so what it loads is paid on every upload.
import type { CheckedRow } from './check-data-file.server.ts'
import { FileRejected, type Problem } from './file-problem.ts'
import { peakRssMb, type ChildReply, type ChildRequest, type ChildResult } from './check-in-child.server.ts'

const send = (message: ChildReply) => new Promise<void>((resolve, reject) => process.send!(message, undefined, {}, (error) => (error ? reject(error) : resolve())))

/** Batches sent but not yet stored: a few in flight keep both processes busy; more would only fill memory. */
const WINDOW = 4
let inFlight = 0
let acknowledge: (() => void) | null = null

async function run(request: ChildRequest): Promise<void> {
  const onRows = async (rows: CheckedRow[]) => {
    inFlight++
    await send({ type: 'rows', rows })
    while (inFlight >= WINDOW) await new Promise<void>((resolve) => (acknowledge = resolve))
  }
  if (request.kind === 'mark') {
    let result: ChildResult
    try {
      const { markWorkbook } = await import('./marked-workbook.server.ts')
      result = { ok: true, problems: [], bytes: await markWorkbook(request.path, request.spec, request.findings, request.limits) }
    } catch (error) {
      if (!(error instanceof FileRejected)) throw error
      result = { ok: false, problems: [error.toProblem()] }
    }
    await send({ type: 'done', result, peakRssMb: peakRssMb() })
    process.disconnect()
    return
  }
  const result =
    request.kind === 'data'
      ? await (await import('./check-data-file.server.ts')).checkDataFile(request.path, request.spec, request.context, { onRows: request.stage ? onRows : undefined, limits: request.limits, batchSize: 2000 })
      : await (await import('./check-document-file.server.ts')).checkDocumentFile(request.path, request.name)
  // Every batch stored before the result: the parent records the result only after the last row is staged.
  while (inFlight > 0) await new Promise<void>((resolve) => (acknowledge = resolve))
  await send({ type: 'done', result: { ok: result.ok, problems: result.problems, warnings: 'warnings' in result ? (result.warnings as Problem[]) : undefined, rows: 'rows' in result ? (result.rows as number) : undefined }, peakRssMb: peakRssMb() })
  process.disconnect()
}

process.on('message', (message: { type: 'check'; request: ChildRequest } | { type: 'ack' }) => {
  if (message.type === 'ack') {
    inFlight--
    const next = acknowledge
    acknowledge = null
    next?.()
    return
  }
  run(message.request).catch(async (error: Error) => {
    await send({ type: 'failed', message: error.stack ?? error.message }).catch(() => undefined)
    process.exit(1)
  })
})
