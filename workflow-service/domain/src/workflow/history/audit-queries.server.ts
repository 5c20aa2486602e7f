// The audit of the report workflow: every file added or deleted, every decision, cancellation and resubmission, with
// who, when, from where (the event's metadata), the comment, the files and the round. The company's history on the
// reports page and the Department's audit view are the same read with other filters; newest first.
import { messageFileUrl } from '../reports/report-message-queries.server.ts'
import { type Kysely, sql } from 'kysely'
import type { Database, ReportType } from '@portal/migrations/database.ts'
import { inChainSql } from '../../event-store/positions.ts'
import { roleWord } from '../../people/person-name.ts'
import { personNameSql } from '../../people/person-name-sql.server.ts'

import type { AuditEvent } from './audit-event.ts'
export { AUDIT_EVENT_LABEL, AUDIT_EVENTS } from './audit-events.ts'

export interface AuditFilter {
  companyId?: number
  areaId?: number
  year?: number
  event?: AuditEvent
  /** The user's login or full name, exactly (letter case aside). */
  username?: string
  /** From this instant on (inclusive). */
  from?: Date
  /** Before this instant (exclusive). */
  to?: Date
}

export interface AuditFile {
  name: string
  size: number | null
  sha256: string | null
  /** The download address of the file (an uploaded file or a decision's attachment). */
  url: string
}

export interface AuditEntry {
  /** The event's position in the log; also the receipt's number of an upload or a decision. */
  number: number
  created: Date
  event: AuditEvent
  companyId: number
  companyName: string
  areaName: string | null
  year: number
  reportType: ReportType
  username: string
  /** Who, by name: the account's full name, the login only for an account without one (decision 2670). */
  person: string
  /** The role they acted in, in words. */
  role: string
  clientAddress: string | null
  comment: string | null
  files: AuditFile[]
  /** The round a resubmission started. */
  round: number | null
  /** Whether the entry has a receipt (uploads and decisions). */
  hasReceipt: boolean
}

interface Row {
  position: string | number
  event: AuditEvent
  created: Date
  company_id: number
  company_name: string
  area_name: string | null
  year: number
  report_type: ReportType
  username: string
  person: string
  metadata: { role?: string; clientAddress?: string | null }
  data: Record<string, unknown>
  import_files: Array<{ id: number; name: string }>
}

/** The entries' rows: the history read model (cancellations of decisions included), each with its event. */
function entriesSql(filter: AuditFilter) {
  const where = [
    filter.companyId !== undefined ? sql`r.company_id = ${filter.companyId}` : null,
    filter.areaId !== undefined ? sql`r.area_id = ${filter.areaId}` : null,
    filter.year !== undefined ? sql`r.year = ${filter.year}` : null,
  ].filter((c) => c !== null)
  const outer = [
    filter.event !== undefined ? sql`x.event = ${filter.event}` : null,
    filter.username !== undefined ? sql`(lower(x.username) = lower(${filter.username}) OR lower(x.person) = lower(${filter.username}))` : null,
    filter.from !== undefined ? sql`x.created >= ${filter.from}` : null,
    filter.to !== undefined ? sql`x.created < ${filter.to}` : null,
  ].filter((c) => c !== null)
  const reportWhere = where.length ? sql`AND ${sql.join(where, sql` AND `)}` : sql``
  const outerWhere = outer.length ? sql`WHERE ${sql.join(outer, sql` AND `)}` : sql``
  return sql<Row>`
    SELECT x.* FROM (
      SELECT h.id AS position, h.event::text AS event, h.created, h.creator_username AS username,
             ${personNameSql(sql.ref('h.creator_id'), sql.ref('h.creator_username'))} AS person, h.import_files,
             r.company_id, c.name AS company_name, a.name AS area_name, r.year, r.report_type, e.metadata, e.data
      FROM report_history h
      JOIN import_reports r ON r.id = h.report_id
      JOIN companies c ON c.id = r.company_id
      LEFT JOIN areas a ON a.id = r.area_id
      JOIN events e ON e.position = h.id AND ${inChainSql('e.position')}
      WHERE true ${reportWhere}
    ) x
    ${outerWhere}`
}

function toEntry(row: Row): AuditEntry {
  const d = row.data
  let files: AuditFile[] = []
  let comment: string | null = null
  if (row.event === 'agreed' || row.event === 'rejected' || row.event === 'cancelled') {
    comment = typeof d.comment === 'string' ? d.comment : ''
    const attached = Array.isArray(d.files) ? (d.files as Array<{ id: string; name: string; size?: number; sha256?: string }>) : []
    files = attached.map((f) => ({ name: f.name, size: f.size ?? null, sha256: f.sha256 ?? null, url: `/api/v1/import-reports/decision-files/${f.id}/` }))
  } else if (row.event === 'message') {
    // A message of the conversation (decision 3711): its text as the comment, its files by their own address.
    comment = typeof d.text === 'string' ? d.text : ''
    const attached = Array.isArray(d.files) ? (d.files as Array<{ id: string; name: string; size?: number; sha256?: string }>) : []
    files = attached.map((f) => ({ name: f.name, size: f.size ?? null, sha256: f.sha256 ?? null, url: messageFileUrl(f.id) }))
  } else if (row.event === 'added') {
    files = [{ name: String(d.name), size: typeof d.size === 'number' ? d.size : null, sha256: typeof d.sha256 === 'string' ? d.sha256 : null, url: `/api/v1/import-files/${d.fileId}/download/` }]
  } else {
    files = (row.import_files ?? []).map((f) => ({ name: f.name, size: null, sha256: null, url: `/api/v1/import-files/${f.id}/download/` }))
  }
  return {
    number: Number(row.position),
    created: new Date(row.created),
    event: row.event,
    companyId: row.company_id,
    companyName: row.company_name,
    areaName: row.area_name,
    year: row.year,
    reportType: row.report_type,
    username: row.username,
    person: row.person,
    role: roleWord(row.metadata?.role),
    clientAddress: row.metadata?.clientAddress ?? null,
    comment,
    files,
    round: row.event === 'resubmitted' && typeof d.round === 'number' ? d.round : null,
    hasReceipt: row.event === 'added' || row.event === 'agreed' || row.event === 'rejected' || row.event === 'cancelled',
  }
}

/** One page of entries, newest first, and how many match. */
export async function listAudit(db: Kysely<Database>, filter: AuditFilter, limit: number, offset: number): Promise<{ count: number; results: AuditEntry[] }> {
  const entries = entriesSql(filter)
  const [page, total] = await Promise.all([
    sql<Row>`SELECT * FROM (${entries}) y ORDER BY y.position DESC LIMIT ${limit} OFFSET ${offset}`.execute(db),
    sql<{ count: string }>`SELECT count(*) AS count FROM (${entries}) y`.execute(db),
  ])
  return { count: Number(total.rows[0]?.count ?? 0), results: page.rows.map(toEntry) }
}

/** Every matching entry, newest first: the query the exports read through a cursor (exports/read-in-batches). */
export function auditQuery(filter: AuditFilter) {
  return sql<Row>`SELECT * FROM (${entriesSql(filter)}) y ORDER BY y.position DESC`
}

export type AuditRow = Row
export { toEntry as auditEntryOf }

export interface AuditChoice {
  id: number
  name: string
  areas: Array<{ id: number; name: string }>
}

/** The companies that have reports, by name, each with its areas that have reports: what the audit can be filtered by. */
export async function auditChoices(db: Kysely<Database>): Promise<AuditChoice[]> {
  const rows = await db
    .selectFrom('import_reports as r')
    .innerJoin('companies as c', 'c.id', 'r.company_id')
    .leftJoin('areas as a', 'a.id', 'r.area_id')
    .select(['c.id as company_id', 'c.name as company_name', 'a.id as area_id', 'a.name as area_name'])
    .distinct()
    .orderBy('c.name')
    .orderBy('c.id')
    .orderBy('a.name')
    .execute()
  const companies = new Map<number, AuditChoice>()
  for (const row of rows) {
    const company = companies.get(row.company_id) ?? { id: row.company_id, name: row.company_name, areas: [] }
    companies.set(row.company_id, company)
    if (row.area_id !== null) company.areas.push({ id: row.area_id, name: row.area_name ?? '' })
  }
  return [...companies.values()]
}
