// Runs the check of one uploaded file in a child process with a heap limit: the parsing never happens in the web
// process (which runs the workers under `npm start`), and a file that needs more memory than the limit ends as an
// error naming the bound while the portal goes on.
import { fork } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import type { CheckedRow } from './check-data-file.server.ts'
import type { RowContext } from './check-row.ts'
import { FILE_LIMITS, LIMIT_MESSAGES, type FileLimits } from './file-limits.ts'
import type { Problem } from './file-problem.ts'
import type { ImportSpec } from '@portal/workflow-domain/registry.ts'

export type ChildRequest =
  | { kind: 'data'; path: string; spec: ImportSpec; context: RowContext; stage: boolean; limits?: FileLimits }
  | { kind: 'document'; path: string; name: string }
  /** The checked book written back with its findings marked (a check before sending). */
  | { kind: 'mark'; path: string; spec: ImportSpec; findings: Problem[]; limits?: FileLimits }

export interface ChildResult {
  ok: boolean
  /** Errors (no level). */
  problems: Problem[]
  /** Warnings (level 'warning'): a data file's, whether it passed or not. */
  warnings?: Problem[]
  rows?: number
  /** A 'mark' request's book. */
  bytes?: Uint8Array
}

export type ChildReply =
  | { type: 'rows'; rows: CheckedRow[] }
  | { type: 'done'; result: ChildResult; peakRssMb: number }
  | { type: 'failed'; message: string }

export interface ChildCheckOptions {
  /** Stores a batch of good rows; the child waits for it before reading on. */
  onRows?: (rows: CheckedRow[]) => Promise<void>
  signal?: AbortSignal
  /** The child's heap limit in MB (FILE_LIMITS.checkHeapMb). */
  heapMb?: number
}

/**
 * This process's own peak RSS in MB: VmHWM, which starts afresh in a new program (getrusage's maxrss keeps the
 * peak of the process it was forked from, so a child would report its parent's).
 */
export function peakRssMb(): number {
  try {
    const match = /^VmHWM:\s+(\d+) kB/m.exec(readFileSync('/proc/self/status', 'utf8'))
    if (match) return Number(match[1]) / 1024
  } catch {
    // Not Linux: the portable figure.
  }
  return process.resourceUsage().maxRSS / 1024
}

/**
 * The child's entry: the compiled file FILE_CHECK_CHILD names (the tests compile one per run), else the TypeScript
 * source under tsx (development), the compiled file in dist/.
 */
function childEntry(): { file: string; execArgv: string[] } {
  // Under tsx a check's process spent over a second loading the TypeScript sources before it read its file.
  const compiled = process.env.FILE_CHECK_CHILD
  if (compiled) return { file: compiled, execArgv: [] }
  const here = fileURLToPath(import.meta.url)
  if (here.endsWith('.ts')) return { file: path.join(path.dirname(here), 'file-check-child.ts'), execArgv: ['--import', 'tsx'] }
  for (let dir = path.dirname(here); dir !== path.dirname(dir); dir = path.dirname(dir)) {
    const file = path.join(dir, 'file-check-child.js')
    if (existsSync(file)) return { file, execArgv: [] }
  }
  throw new Error(`file-check-child.js not found above ${here}`)
}

/** The check's result and the child's peak RSS. A heap overflow is a result (the file's fault), not a failure. */
export function checkInChild(request: ChildRequest, options: ChildCheckOptions = {}): Promise<ChildResult & { peakRssMb: number | null }> {
  const heapMb = options.heapMb ?? (request.kind === 'mark' ? FILE_LIMITS.markHeapMb : FILE_LIMITS.checkHeapMb)
  const entry = childEntry()
  return new Promise((resolve, reject) => {
    const child = fork(entry.file, [], {
      execArgv: [...entry.execArgv, `--max-old-space-size=${heapMb}`],
      serialization: 'advanced',
      stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
    })
    let stderr = ''
    let settled = false
    let outcome: (ChildResult & { peakRssMb: number | null }) | null = null
    const finish = (error: Error | null) => {
      if (settled) return
      settled = true
      options.signal?.removeEventListener('abort', abort)
      if (error) {
        child.kill('SIGKILL')
        reject(error)
      } else resolve(outcome!)
    }
    const abort = () => finish(options.signal!.reason instanceof Error ? options.signal!.reason : new Error('file check aborted'))
    options.signal?.addEventListener('abort', abort, { once: true })
    // A signal aborted before the child started sends no 'abort' event: the check ends at once all the same.
    if (options.signal?.aborted) return abort()
    child.stderr!.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString()).slice(-4096)
    })
    // Batches are stored one after another, in the file's order, while the child reads on.
    let stored = Promise.resolve()
    child.on('message', (message: ChildReply) => {
      if (message.type === 'rows') {
        stored = stored.then(async () => {
          if (settled) return
          if (options.onRows) await options.onRows(message.rows)
          if (child.connected) child.send({ type: 'ack' })
        })
        stored.catch((error: Error) => finish(error))
      } else if (message.type === 'done') {
        outcome = { ...message.result, peakRssMb: message.peakRssMb }
      } else {
        finish(new Error(`file check failed in its process: ${message.message}`))
      }
    })
    child.on('error', (error) => finish(error))
    // 'close' comes after the last message and the end of stderr, so the result or the OOM text is in by then.
    child.on('close', (code, signal) => {
      if (outcome) return finish(null)
      if (/heap out of memory|Reached heap limit|Allocation failed/i.test(stderr) || signal === 'SIGABRT' || code === 134) {
        outcome = { ok: false, problems: [{ reason: LIMIT_MESSAGES.memory(heapMb) }], peakRssMb: null }
        return finish(null)
      }
      finish(new Error(`file check process ended (code ${code}, signal ${signal}) without a result: ${stderr.trim().slice(-1000)}`))
    })
    child.send({ type: 'check', request })
  })
}
