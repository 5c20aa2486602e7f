// The record as of a moment: the replay's one fold (replay-fold.ts, the rows the live projection writes) applied to
// the events recorded up to that moment, and the events of a window listed one by one with who recorded them. Pure:
// the caller hands the events in position order (as-of-queries.server.ts reads them).
import type { FileProblem, ReportStatus, ReportType } from '@portal/migrations/database.ts'
import type { StoredEvent } from '../../event-store/event-store.server.ts'
import { inChain } from '../../event-store/positions.ts'
import { eventUse } from '../event-tables.ts'
import { createReplayFold, type ReadModels } from '../replay/replay-fold.ts'

export interface FileAsOf {
  id: number
  name: string
  description: string
  status: 'processing' | 'success' | 'error' | 'deletion' | 'deleted'
  /** The check's findings: errors (no level) and warnings. */
  problems: FileProblem[]
  created: Date
  creatorUsername: string
}

export interface DecisionAsOf {
  event: 'agreed' | 'rejected' | 'cancelled'
  comment: string
  created: Date
  creatorUsername: string
  /** The names of the files the Department attached. */
  files: string[]
}

export interface ResponsibleAsOf {
  fullname: string
  position: string
  email: string
  phone: string
}

export interface ReportAsOf {
  id: number
  streamId: string
  reportType: ReportType
  year: number
  areaId: number | null
  companyId: number
  status: ReportStatus
  round: number
  updated: Date
  files: FileAsOf[]
  /** The area's responsible person of the year (the company's for a company's report); null: none named yet. */
  responsible: ResponsibleAsOf | null
  /** The Department's last decision (an agreement, a decline or a cancellation); null: none yet. */
  lastDecision: DecisionAsOf | null
}

export interface ChangeAsOf {
  position: number
  at: Date
  type: string
  /** The event's one name (its table entry's label). */
  label: string
  /** Who recorded it and in which group, as the event's metadata keeps them. */
  username: string
  role: string
  streamId: string
  reportId: number | null
  fileName: string | null
  comment: string | null
}

/** Which reports to show: a company's, or those of one stream (a report's, or a file's of that report). */
export type AsOfScope = { companyId: number } | { streamId: string } | { all: true }

export interface AsOfQuestion {
  moment: Date
  scope: AsOfScope
  /** The window of the changes listed: events recorded after `from` and up to `to` (both absent: no list). */
  changes?: { from: Date; to: Date }
}

export interface AsOfAnswer {
  moment: Date
  /** The events of the chain folded (recorded up to the moment). */
  events: number
  reports: ReportAsOf[]
  changes: ChangeAsOf[]
}

type Row = Record<string, unknown>

const DECISIONS = new Set(['agreed', 'rejected', 'cancelled'])

/** The reports of the scope in read models, each with its files, responsible person and last decision. */
export function reportsOf(models: ReadModels, scope: AsOfScope): ReportAsOf[] {
  const files = groupBy(models.import_files.values(), 'report_id')
  const changes = groupBy(models.report_status_changes.values(), 'report_id')
  const decisionFiles = groupBy(models.decision_files.values(), 'status_change_id')
  const reports = [...models.import_reports.values()].filter((report) => {
    if ('all' in scope) return true
    if ('companyId' in scope) return report.company_id === scope.companyId
    return report.stream_id === scope.streamId || (files.get(report.id) ?? []).some((f) => `file-${f.id as number}` === scope.streamId)
  })
  return reports
    .sort((a, b) => (a.id as number) - (b.id as number))
    .map((report): ReportAsOf => {
      const decision = (changes.get(report.id) ?? []).filter((c) => DECISIONS.has(c.event as string)).sort((a, b) => (a.id as number) - (b.id as number)).at(-1)
      return {
        id: report.id as number,
        streamId: report.stream_id as string,
        reportType: report.report_type as ReportType,
        year: report.year as number,
        areaId: report.area_id as number | null,
        companyId: report.company_id as number,
        status: report.status as ReportStatus,
        round: report.round as number,
        updated: report.updated as Date,
        files: (files.get(report.id) ?? [])
          .sort((a, b) => (a.id as number) - (b.id as number))
          .map((f) => ({
            id: f.id as number,
            name: f.name as string,
            description: f.description as string,
            status: f.status as FileAsOf['status'],
            problems: f.problems as FileProblem[],
            created: f.created as Date,
            creatorUsername: f.creator_username as string,
          })),
        responsible: responsibleOf(models, report),
        lastDecision: decision
          ? {
              event: decision.event as DecisionAsOf['event'],
              comment: decision.comment as string,
              created: decision.created as Date,
              creatorUsername: decision.creator_username as string,
              files: (decisionFiles.get(decision.id) ?? []).map((f) => f.name as string),
            }
          : null,
      }
    })
}

function responsibleOf(models: ReadModels, report: Row): ResponsibleAsOf | null {
  const [table, key] = report.area_id !== null ? (['ecomon_responsibles', 'area_id'] as const) : (['company_responsibles', 'company_id'] as const)
  let found: Row | undefined
  for (const row of models[table].values()) if (row[key] === report[key] && row.year === report.year) found = row
  return found ? { fullname: found.fullname as string, position: found.position as string, email: found.email as string, phone: found.phone as string } : null
}

function groupBy(rows: Iterable<Row>, key: string): Map<unknown, Row[]> {
  const groups = new Map<unknown, Row[]>()
  for (const row of rows) {
    const list = groups.get(row[key])
    if (list) list.push(row)
    else groups.set(row[key], [row])
  }
  return groups
}

/** The report an event is about, in the models after it was folded (null: a reference entry's event). */
function reportOfEvent(models: ReadModels, event: StoredEvent): Row | null {
  const data = event.data as { reportId?: number; fileId?: number; companyId?: number; areaId?: number | null; year?: number }
  if (typeof data.reportId === 'number') return models.import_reports.get(data.reportId) ?? null
  if (typeof data.fileId === 'number') {
    const file = models.import_files.get(data.fileId)
    return file ? (models.import_reports.get(file.report_id) ?? null) : null
  }
  return null
}

/** Whether an event belongs to the scope: the report it is about, or for a responsible person, the company it names. */
function inScope(models: ReadModels, event: StoredEvent, scope: AsOfScope): boolean {
  if ('all' in scope) return true
  const report = reportOfEvent(models, event)
  if ('streamId' in scope) {
    if (event.streamId === scope.streamId || report?.stream_id === scope.streamId) return true
    const fileId = /^file-(\d+)$/.exec(scope.streamId)?.[1]
    return report !== null && fileId !== undefined && models.import_files.get(Number(fileId))?.report_id === report.id
  }
  if (report) return report.company_id === scope.companyId
  return event.type === 'ResponsibleSaved' && (event.data as { companyId: number }).companyId === scope.companyId
}

function changeOf(models: ReadModels, event: StoredEvent): ChangeAsOf {
  const data = event.data as { reportId?: number; fileId?: number; fileName?: string; name?: string; comment?: string; text?: string }
  // A decision's comment, or a message's text (decision 3711).
  const said = data.comment ?? data.text
  const file = typeof data.fileId === 'number' ? models.import_files.get(data.fileId) : undefined
  const report = reportOfEvent(models, event)
  return {
    position: event.position,
    at: event.createdAt,
    type: event.type,
    label: eventUse(event.type).label,
    username: event.metadata.username,
    role: event.metadata.role,
    streamId: event.streamId,
    reportId: report ? (report.id as number) : null,
    fileName: (file?.name as string | undefined) ?? data.fileName ?? null,
    comment: typeof said === 'string' && said.trim() ? said : null,
  }
}

/**
 * Folds the events (in position order) recorded up to the moment, and lists those of the window. Two folds, one per
 * horizon: positions are issued before commit, so an event may carry an earlier time than one before it in the log,
 * and "as of" means every event recorded by then, whatever its position.
 */
export function foldAsOf(events: Iterable<StoredEvent>, question: AsOfQuestion): AsOfAnswer {
  const state = createReplayFold()
  const window = question.changes ? createReplayFold() : null
  const changes: ChangeAsOf[] = []
  let folded = 0
  for (const event of events) {
    if (!inChain(event.position)) continue
    if (event.createdAt <= question.moment) {
      state.apply(event)
      folded += 1
    }
    if (window && question.changes && event.createdAt <= question.changes.to) {
      window.apply(event)
      if (event.createdAt > question.changes.from && inScope(window.models, event, question.scope)) changes.push(changeOf(window.models, event))
    }
  }
  return { moment: question.moment, events: folded, reports: reportsOf(state.models, question.scope), changes }
}
