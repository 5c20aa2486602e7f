// Receipts: what the portal states it received or decided, read from the event log itself (the record of what
// happened), so a receipt shows the same time, person, address and file fingerprints the audit chain holds. A receipt
// is a copy of record: the file's check and the report's status are those at its event (the replay's fold over the
// report's streams up to it), and what happened since is told apart, in one marked line (receipt-standing.ts).
import { type Kysely, sql } from 'kysely'
import type { Database, FileStatus, ReportStatus, ReportType } from '@portal/migrations/database.ts'
import { checkResultTitle, countFindings } from '../../workflow/files/check-result-words.ts'
import { FILE_STATUSES } from '../../workflow/files/file-status-table.ts'
import { personName, roleWord } from '../../people/person-name.ts'
import { can, type CurrentUser } from '../../auth/permissions.ts'
import { toStored } from '../../event-store/event-store.server.ts'
import { inChainSql } from '../../event-store/positions.ts'
import type { FileUploaded } from '../../workflow/files/file-events.ts'
import type { ReportAgreed, ReportDecisionCancelled, ReportEvent, ReportRejected } from '../../workflow/reports/report-events.ts'
import { canReadReportsOf } from '../../workflow/read-access.ts'
import { type ReceiptSince, standingAt } from './receipt-standing.ts'

/** 'message': a message of the report's conversation (decision 3711), its text as the comment. */
export type ReceiptKind = 'submission' | 'agreed' | 'rejected' | 'cancelled' | 'message'

export interface ReceiptFile {
  name: string
  size: number
  /** null for files received before fingerprints were recorded. */
  sha256: string | null
}

export interface Receipt {
  /** The event's position in the log: the receipt's number. */
  number: number
  kind: ReceiptKind
  created: Date
  /** Who sent or decided, by name (the account's full name; decision 2670), never the login. */
  person: string
  /** The role in words; a decision's is the Department's name (DEPARTMENT_NAME). */
  role: string
  /** The sender's address on a submission; a decision's receipt names no address (the audit keeps it). */
  clientAddress: string | null
  /** The event's hash in the audit chain: anyone holding the receipt can have it checked against the log. */
  hash: string
  report: { id: number; year: number; reportType: ReportType; companyId: number; companyName: string; areaName: string | null }
  files: ReceiptFile[]
  comment: string | null
  /** A submission that sent a declined report back to review: its new round. */
  resubmittedRound: number | null
  /** A submission's file as it stood at the event (just received: being checked), its check's result in words. */
  check: { status: FileStatus; title: string } | null
  /** The report's status at the event (for a submission that sent the report back to review, after it). */
  reportStatus: ReportStatus
  /** The responsible person named for the file's report when it was sent; null when none was. */
  responsible: string | null
  /**
   * What happened to the file and the report after the event, told apart from the receipt's own fields, which never
   * change: null while nothing has.
   */
  since: ReceiptSince | null
}

export type ReceiptQuery = { position: number } | { fileId: number }

/** The name a decision's receipt gives the Department when none is configured (DEPARTMENT_NAME). */
export const DEFAULT_DEPARTMENT_NAME = 'Департамент'

const DECISIONS: Record<(ReportAgreed | ReportRejected | ReportDecisionCancelled)['type'], ReceiptKind> = { ReportAgreed: 'agreed', ReportRejected: 'rejected', ReportDecisionCancelled: 'cancelled' }

/**
 * The receipt of an upload (by its event's position or by the file) or of a decision, for a reader of the company's
 * reports; undefined for anything else, including what the user may not read (answered as missing, like a file).
 */
export async function findReceipt(
  db: Kysely<Database>,
  actor: CurrentUser | null,
  query: ReceiptQuery,
  options: { departmentName?: string } = {},
): Promise<Receipt | undefined> {
  // Only the chain's events are receipts: a row outside it (decision 2110) is verify's to name, never a proof.
  let eventQuery = db.selectFrom('events').select(['position', 'stream_id', 'type', 'data', 'metadata', 'created_at', 'hash']).where(inChainSql())
  eventQuery =
    'position' in query
      ? eventQuery.where('position', '=', query.position)
      : eventQuery.where('stream_id', '=', `file-${query.fileId}`).where('type', '=', 'FileUploaded')
  const event = await eventQuery.executeTakeFirst()
  if (!event) return undefined
  const { metadata } = event
  // The log's type names which event it is; the chain proves the data is what its command recorded.
  const logged = { type: event.type, data: event.data } as FileUploaded | ReportEvent
  let reportId: number
  let fileId: number | null = null
  let files: ReceiptFile[]
  let comment: string | null = null
  let kind: ReceiptKind
  if (logged.type === 'FileUploaded') {
    kind = 'submission'
    reportId = logged.data.reportId
    fileId = logged.data.fileId
    files = [{ name: logged.data.name, size: logged.data.size, sha256: logged.data.sha256 ?? null }]
  } else if (logged.type === 'ReportAgreed' || logged.type === 'ReportRejected' || logged.type === 'ReportDecisionCancelled') {
    kind = DECISIONS[logged.type]
    reportId = logged.data.reportId
    comment = logged.data.comment
    files = logged.data.files.map((f) => ({ name: f.name, size: f.size, sha256: f.sha256 ?? null }))
  } else if (logged.type === 'ReportMessagePosted') {
    kind = 'message'
    reportId = logged.data.reportId
    comment = logged.data.text
    files = logged.data.files.map((f) => ({ name: f.name, size: f.size, sha256: f.sha256 ?? null }))
  } else {
    return undefined
  }
  const report = await db
    .selectFrom('import_reports as r')
    .innerJoin('companies as c', 'c.id', 'r.company_id')
    .leftJoin('areas as a', 'a.id', 'r.area_id')
    .select(['r.id', 'r.year', 'r.report_type', 'r.company_id', 'r.stream_id', 'c.name as company_name', 'a.name as area_name'])
    .where('r.id', '=', reportId)
    .executeTakeFirst()
  if (!report || !canReadReportsOf(actor, report.company_id)) return undefined
  let resubmittedRound: number | null = null
  // The receipt stands at its event and, for an upload that sent the report back to review, at that resubmission too:
  // both are the one act of sending the file.
  let upTo = Number(event.position)
  if (fileId !== null) {
    const resubmitted = await db
      .selectFrom('events')
      .select(['data', 'position'])
      .where('stream_id', '=', report.stream_id)
      .where('type', '=', 'ReportResubmitted')
      .where(inChainSql())
      .where(sql<string>`data->>'fileId'`, '=', String(fileId))
      .executeTakeFirst()
    resubmittedRound = resubmitted ? Number((resubmitted.data as { round?: number }).round) : null
    if (resubmitted) upTo = Math.max(upTo, Number(resubmitted.position))
  }
  const account = metadata.userId
    ? await db.selectFrom('users').select('full_name').where('id', '=', metadata.userId).executeTakeFirst()
    : undefined
  const named = account?.full_name.trim() ? account.full_name.trim() : null
  const departmentName = options.departmentName ?? DEFAULT_DEPARTMENT_NAME
  const { standing, since } = standingAt(await eventsOfReport(db, report.id, report.stream_id), { reportId: report.id, fileId, upTo })
  const responsible = fileId !== null ? await responsibleOf(db, fileId) : null
  // A decision is the Department's act: the receipt names the person who took it and the Department, never a login
  // or the address they decided from (issue 22 item 11, issue 26); the log keeps both for the audit. An account
  // without a name is the Department's name to readers outside it.
  // A message the Department wrote is its act as a decision is; a company's message is named as a submission is.
  const decision = kind !== 'submission' && !(logged.type === 'ReportMessagePosted' && logged.data.side === 'holder')
  const person = named ?? (decision && !can(actor, 'decide:report:any') ? departmentName : personName(null, metadata.username))
  return {
    number: Number(event.position),
    kind,
    created: new Date(event.created_at),
    person,
    role: decision ? departmentName : roleWord(metadata.role),
    clientAddress: decision ? null : metadata.clientAddress,
    hash: event.hash,
    report: { id: report.id, year: report.year, reportType: report.report_type, companyId: report.company_id, companyName: report.company_name, areaName: report.area_name },
    files,
    comment,
    resubmittedRound,
    check: standing.file ? { status: standing.file.status, title: checkTitle(standing.file.status, standing.file.problems) } : null,
    reportStatus: standing.reportStatus,
    responsible: responsible?.name ?? null,
    since,
  }
}

/** The events of a report's stream and of its files' streams, in the chain, in position order. */
async function eventsOfReport(db: Kysely<Database>, reportId: number, streamId: string) {
  const files = await db.selectFrom('import_files').select('id').where('report_id', '=', reportId).execute()
  const rows = await db
    .selectFrom('events')
    .selectAll()
    .where('stream_id', 'in', [streamId, ...files.map((f) => `file-${f.id}`)])
    .where(inChainSql())
    .orderBy('position')
    .execute()
  return rows.map(toStored)
}

/** The responsible person the file's upload was made under. */
async function responsibleOf(db: Kysely<Database>, fileId: number) {
  return db
    .selectFrom('import_files as f')
    .leftJoin('ecomon_responsibles as er', 'er.id', 'f.ecomon_responsible_id')
    .leftJoin('company_responsibles as cr', 'cr.id', 'f.company_responsible_id')
    .select(sql<string | null>`COALESCE(er.fullname, cr.fullname)`.as('name'))
    .where('f.id', '=', fileId)
    .executeTakeFirst()
}


/** «Файл проверен: 2 ошибки, 1 предупреждение», or where the file stands while it has no result. */
function checkTitle(status: FileStatus, problems: unknown): string {
  return FILE_STATUSES[status].standing ?? checkResultTitle(countFindings(problems))
}
