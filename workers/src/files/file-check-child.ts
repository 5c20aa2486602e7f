// The process that reads one uploaded file: started by check-in-child.server.ts with a heap limit, it parses and
// checks the file and sends the good rows back in batches (waiting for each to be stored), then its result. A file
// that would need more memory ends this process, never the portal's.
import { checkDataFile, type CheckedRow } from './check-data-file.server.ts'
import { checkDocumentFile } from './check-document-file.server.ts'
import type { ChildReply, ChildRequest } from './check-in-child.server.ts'

const send = (message: ChildReply) => new Promise<void>((resolve, reject) => process.send!(message, undefined, {}, (error) => (error ? reject(error) : resolve())))

let acknowledge: (() => void) | null = null

async function run(request: ChildRequest): Promise<void> {
  const onRows = async (rows: CheckedRow[]) => {
    const stored = new Promise<void>((resolve) => (acknowledge = resolve))
    await send({ type: 'rows', rows })
    await stored
  }
  const result =
    request.kind === 'data'
      ? await checkDataFile(request.path, request.spec, request.context, { onRows: request.stage ? onRows : undefined, limits: request.limits })
      : await checkDocumentFile(request.path, request.name)
  await send({ type: 'done', result: { ok: result.ok, problems: result.problems, rows: 'rows' in result ? (result.rows as number) : undefined }, peakRssMb: process.resourceUsage().maxRSS / 1024 })
  process.disconnect()
}

process.on('message', (message: { type: 'check'; request: ChildRequest } | { type: 'ack' }) => {
  if (message.type === 'ack') {
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
