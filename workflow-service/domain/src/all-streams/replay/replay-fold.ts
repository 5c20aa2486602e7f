// The replay's fold: every event of the log through its table entry's `rows`, the function the live projection
// writes with, applied to read models kept in memory (no round trip per event), to be written in batches.
import type { LoggedEvent } from '../../event-store/event-store.server.ts'
import { PROJECTION_TABLES, type ProjectionTable, type Reads, type RowChange, type Seen } from '../../workflow/event-table.ts'
import { eventUse } from '../event-tables.ts'

type Row = Record<string, unknown>
export type ReadModels = Record<ProjectionTable, Map<unknown, Row>>

const isProjectionTable = (table: string): table is ProjectionTable => (PROJECTION_TABLES as readonly string[]).includes(table)

/** Folds events into read models; call apply() for every event of the log in position order. */
export function createReplayFold() {
  const models = Object.fromEntries(PROJECTION_TABLES.map((table) => [table, new Map<unknown, Row>()])) as ReadModels
  /** The files of each report, by the report's id (the rows a decision's history entry lists). */
  const filesOfReport = new Map<unknown, Row[]>()
  /**
   * The users' columns their streams recorded, by account id. An account's stream may start with a change (its row was
   * the start, decision 2690): only the columns some event wrote are known, and only those are compared.
   */
  const accounts = new Map<number, Row>()

  function seen(reads: Reads): Seen {
    const report = reads.report === undefined ? undefined : models.import_reports.get(reads.report)
    const file = reads.file === undefined ? undefined : models.import_files.get(reads.file)
    const live =
      reads.liveFilesOfReport === undefined
        ? undefined
        : (filesOfReport.get(reads.liveFilesOfReport) ?? [])
            .filter((f) => f.status !== 'deletion' && f.status !== 'deleted')
            .sort((a, b) => (a.id as number) - (b.id as number))
            .map((f) => ({ id: f.id as number, name: f.name as string }))
    return {
      report: report && { id: report.id as number, company_id: report.company_id as number },
      file: file && { id: file.id as number, name: file.name as string, company_id: file.company_id as number, report_id: file.report_id as number },
      liveFilesOfReport: live,
    }
  }

  function write(change: RowChange, event: LoggedEvent): void {
    // The accounts' columns the users' streams recorded, last value wins: verify compares them with the users table.
    if (change.table === 'users') {
      const values = 'insert' in change ? change.insert[0] : change.set
      const id = 'insert' in change ? change.insert[0].id : change.update
      accounts.set(id, { ...accounts.get(id), ...values })
      return
    }
    // The admin stream's tables (reference data) are not the workflow's read models: the replay leaves them be.
    if (!isProjectionTable(change.table)) return
    const table = models[change.table]
    // The fold keeps the row object an entry's `rows` built, not a copy (decision 2762): `rows` is a pure function
    // that builds its rows anew for every call, so no one else holds them, and a copy per row was garbage at once.
    if ('insert' in change) {
      for (const row of change.insert as Row[]) {
        table.set(row.id, row)
        if (change.table === 'import_files') {
          const files = filesOfReport.get(row.report_id)
          if (files) files.push(row)
          else filesOfReport.set(row.report_id, [row])
        }
      }
    } else if ('upsert' in change) {
      const row = change.upsert as Row
      const existing = table.get(row.id)
      if (!existing) table.set(row.id, row)
      else for (const name of change.onConflictSet as string[]) existing[name] = row[name]
    } else if ('update' in change) {
      const existing = table.get(change.update)
      if (!existing) throw new Error(`event at position ${event.position} (${event.type}) names ${change.update}, which no earlier event created`)
      Object.assign(existing, change.set)
    }
  }

  /** `written`: told the table and id of every row the event writes (the verify as of a moment marks them changed). */
  function apply(event: LoggedEvent, written?: (table: ProjectionTable, id: unknown) => void): void {
    const use = eventUse(event.type)
    const reads = use.reads?.(event)
    for (const change of use.rows(event, reads ? seen(reads) : {})) {
      write(change, event)
      if (written && isProjectionTable(change.table)) {
        const ids = 'insert' in change ? (change.insert as Row[]).map((r) => r.id) : 'upsert' in change ? [(change.upsert as Row).id] : 'update' in change ? [change.update] : [change.delete]
        for (const id of ids) written(change.table, id)
      }
    }
  }

  return { apply, models, accounts }
}

/** The columns a table's rows carry (the others keep their defaults). */
export function columnsOf(rows: Iterable<Row>): string[] {
  const columns = new Set<string>()
  for (const row of rows) for (const name of Object.keys(row)) columns.add(name)
  return [...columns]
}
