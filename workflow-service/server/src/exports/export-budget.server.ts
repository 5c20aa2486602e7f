// What exports may cost one client address (issue 35 item 9, decision 3508): the rows its exports wrote in the
// current minute, in each web process's memory. The count of exports alone let an address take thirty full readings
// files (6,5 MB each, uncached) a minute; rows are what an export costs the database and the process. The export
// that crosses the budget is finished; the next one is answered 429 until the minute is over.
import type { FastifyReply, FastifyRequest } from 'fastify'
import { normalizeIP } from '@fastify/rate-limit'
import { HttpError, formatNumber, plural } from '@portal/workflow-domain/views.ts'

declare module 'fastify' {
  interface FastifyInstance {
    /** Rows exported per client address and minute (config `exportRowsPerMinute`). */
    exportRows: ExportRowBudget
  }
}

const WINDOW_MS = 60_000
const MAX_ADDRESSES = 50_000

export class ExportRowBudget {
  private readonly windows = new Map<string, { start: number; rows: number }>()

  constructor(readonly rowsPerMinute: number) {}

  /** Seconds until the address may export again: 0 while its minute's rows are under the budget. */
  waitOf(address: string, now = Date.now()): number {
    const window = this.windows.get(address)
    if (!window || window.start + WINDOW_MS <= now || window.rows < this.rowsPerMinute) return 0
    return Math.max(1, Math.ceil((window.start + WINDOW_MS - now) / 1000))
  }

  /** Counts rows an export of the address wrote. */
  spend(address: string, rows: number, now = Date.now()): void {
    let window = this.windows.get(address)
    if (!window || window.start + WINDOW_MS <= now) {
      if (this.windows.size >= MAX_ADDRESSES) this.forget(now)
      window = { start: now, rows: 0 }
      this.windows.set(address, window)
    }
    window.rows += rows
  }

  /** Bounded memory under a flood of addresses: ended windows go first, then the oldest. */
  private forget(now: number): void {
    for (const [key, window] of this.windows) if (window.start + WINDOW_MS <= now) this.windows.delete(key)
    for (const key of this.windows.keys()) {
      if (this.windows.size < MAX_ADDRESSES) break
      this.windows.delete(key)
    }
  }
}

/** «Слишком много выгрузок: …». */
export function exportBudgetMessage(rowsPerMinute: number, seconds: number): string {
  return `Слишком много выгрузок с вашего адреса: за минуту выгружено более ${formatNumber(rowsPerMinute)} ${plural(rowsPerMinute, ['строки', 'строк', 'строк'])}. Повторите через ${formatNumber(seconds)} с.`
}

const addressOf = (request: FastifyRequest) => normalizeIP(request.ip)

/** Refuses an export of an address past its rows for the minute: 429 with Retry-After, before anything is read. */
export function refuseExportPastBudget(request: FastifyRequest, reply: FastifyReply): void {
  const budget = request.server.exportRows
  const wait = budget.waitOf(addressOf(request))
  if (wait === 0) return
  reply.header('retry-after', String(wait))
  throw new HttpError(429, exportBudgetMessage(budget.rowsPerMinute, wait))
}

/** Counts the rows an export wrote for its client's address. */
export function spendExportRows(reply: FastifyReply, rows: number): void {
  reply.server.exportRows?.spend(addressOf(reply.request), rows)
}
