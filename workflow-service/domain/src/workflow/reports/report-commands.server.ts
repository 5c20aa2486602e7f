// Report commands: each loads its stream and facts, decides and records through handleCommand, in one transaction.
import { sql, type Transaction } from 'kysely'
import type { Database, FileStatus, ReportType } from '@portal/migrations/database.ts'
import { can, type CurrentUser } from '../../auth/permissions.ts'
import { JOBS } from '../../ports/jobs.ts'
import { type CommandContext, inTransaction, nextId } from '../command-context.server.ts'
import type { KnownReport } from '../../ports/notice-writer.ts'
import { handleCommand, type KnownRows } from '../handle-command.server.ts'
import { CommandRefused, Refused, refused } from '../refusal.ts'
import { type ReportCommand, reportDecider, type ReportFacts } from './report-decide.ts'
import { type DecisionFile, reportStreamId } from './report-events.ts'
import { findTarget } from './report-targets.server.ts'
import { reportTypesWithResponsible } from './report-types.ts'
import { storedContent } from '../files/stored-content.server.ts'
import { fixed, rowsOf, sendUnanswered } from '@portal/workflow-platform/database.server.ts'
import { recordDeclinedRound } from '../../changes/round-changes-queries.server.ts'

export interface ReportTarget {
  areaId: number | null
  companyId: number
}

type Db = CommandContext['db'] | Transaction<Database>

/** A holder acts on their own company only; anyone else who may not write reports at all is refused at once. */
function mayWriteFor(actor: CurrentUser | null, companyId: number, departmentToo: boolean): boolean {
  return (departmentToo && can(actor, 'decide:report:any')) || can(actor, 'write:report:own', { companyId })
}

/**
 * The refusal of who may not write reports at all (the Department may, when `departmentToo`), or null: a command's one
 * check of who acts, made before it reads anything; which company is checked where the target is found.
 */
export function writesReportsRefusal(actor: CurrentUser | null, departmentToo = false): Refused | null {
  if (departmentToo && can(actor, 'decide:report:any')) return null
  return can(actor, 'write:report:own', { companyId: actor?.companyId ?? undefined }) ? null : refused({ reason: 'forbidden' })
}

/**
 * Resolves the area or company a report is for, or refuses it. Another company's area or company is answered exactly
 * as one that does not exist, so a holder cannot learn which ids exist. Who may write reports at all is the caller's
 * check (`writesReportsRefusal`), made once before.
 */
export async function resolveTarget(
  db: Db,
  actor: CurrentUser | null,
  input: { area?: number | null; company?: number | null },
  departmentToo = false,
): Promise<ReportTarget | Refused> {
  const found = await findTarget(db, { area: input.area, company: input.area ? undefined : input.company })
  if (found === undefined) return refused({ reason: 'report-target-missing' })
  const parameter = input.area ? 'area' : 'company'
  if (found === null || !mayWriteFor(actor, found.companyId, departmentToo)) return refused({ reason: 'target-not-found', parameter })
  if (input.area && input.company && input.company !== found.companyId) return refused({ reason: 'area-of-other-company' })
  return { areaId: found.areaId ?? null, companyId: found.companyId }
}

async function companyHasLicenceAreas(db: Db, companyId: number): Promise<boolean> {
  const area = await db.selectFrom('areas').select('id').where('company_id', '=', companyId).where('kind', '=', 'licence_area').limit(1).executeTakeFirst()
  return area !== undefined
}

/** The facts of a report's rules: its files' statuses, its company's areas, this year. */
export async function reportFacts(db: Db, context: CommandContext, report: { id: number | null; companyId: number }): Promise<ReportFacts> {
  // The report's row is locked until the commit: uploads and deletions of its files (which lock it too) wait, so the
  // files decided on are the files the report has when the decision is recorded. Its answer is not waited for: the
  // statement below goes out behind it in the same round trip (decision 2800).
  if (report.id !== null) await sendUnanswered(db, fixed`SELECT id FROM import_reports WHERE id = ${report.id} FOR UPDATE`)
  // The files and the company's areas in one statement, read after the lock: PostgreSQL runs a connection's statements
  // in the order sent, and this one, a statement of its own, takes its snapshot once the lock is held, so it sees
  // every file committed before it.
  const [row] = await rowsOf(
    db,
    fixed<{ statuses: FileStatus[]; has_areas: boolean }>`
    SELECT ARRAY(SELECT status::text FROM import_files WHERE report_id = ${report.id} AND status NOT IN ('deletion', 'deleted')) AS statuses,
           EXISTS (SELECT 1 FROM areas WHERE company_id = ${report.companyId} AND kind = 'licence_area') AS has_areas`,
  )
  return { files: row.statuses, companyHasLicenceAreas: row.has_areas, currentYear: context.now.getFullYear() }
}

/**
 * A decision's facts, its report locked already by its first statement (decision 3820): reportFacts' files and areas,
 * and the report's live files (id and name, in id order), which its history entry names: read here under the lock,
 * they are what the projection would read after the append, as no file of a locked report changes.
 */
async function decisionFacts(db: Db, context: CommandContext, reportId: number, companyId: number): Promise<{ facts: ReportFacts; liveFiles: Array<{ id: number; name: string }> }> {
  const [row] = await rowsOf(
    db,
    fixed<{ statuses: FileStatus[]; has_areas: boolean; live_files: Array<{ id: number; name: string }> }>`
    SELECT ARRAY(SELECT status::text FROM import_files WHERE report_id = ${reportId} AND status NOT IN ('deletion', 'deleted')) AS statuses,
           EXISTS (SELECT 1 FROM areas WHERE company_id = ${companyId} AND kind = 'licence_area') AS has_areas,
           (SELECT COALESCE(jsonb_agg(jsonb_build_object('id', f.id, 'name', f.name) ORDER BY f.id), '[]'::jsonb) FROM import_files f
            WHERE f.report_id = ${reportId} AND f.status NOT IN ('deletion', 'deleted')) AS live_files`,
  )
  return { facts: { files: row.statuses, companyHasLicenceAreas: row.has_areas, currentYear: context.now.getFullYear() }, liveFiles: row.live_files }
}

/**
 * Makes sure the report of a target, year and type exists, inside the caller's transaction (or its own); returns
 * its id. Creating an existing report records nothing.
 */
export async function ensureReport(
  context: CommandContext,
  target: ReportTarget,
  year: number,
  reportType: ReportType,
): Promise<{ reportId: number; created: boolean }> {
  return inTransaction(context.db, async (trx) => {
    const reportId = await nextId(trx, 'import_reports_id_seq')
    const inTrx = { ...context, db: trx }
    const { state, events } = await handleCommand(inTrx, {
      decider: reportDecider,
      streamId: reportStreamId(target, year, reportType),
      command: { type: 'CreateReport', data: { reportId, reportType, year, ...target } },
      facts: (db) => reportFacts(db, inTrx, { id: null, companyId: target.companyId }),
    })
    return { reportId: state.reportId!, created: events.length > 0 }
  })
}

/** The reports a responsible person is named for on this target. */
export async function reportTypesOf(db: Db, target: ReportTarget): Promise<ReportType[]> {
  if (target.areaId !== null) return reportTypesWithResponsible('area')
  return reportTypesWithResponsible((await companyHasLicenceAreas(db, target.companyId)) ? 'company-with-areas' : 'company')
}

/** POST import-reports: one report per area (or company), year and type; a second create returns the existing one. */
export async function createReport(
  context: CommandContext,
  input: { area?: number | null; company?: number | null; year: number; reportType: ReportType },
): Promise<{ reportId: number; created: boolean } | Refused> {
  const forbidden = writesReportsRefusal(context.actor, true)
  if (forbidden) return forbidden
  const target = await resolveTarget(context.db, context.actor, input, true)
  if (target instanceof Refused) return target
  try {
    return await ensureReport(context, target, input.year, input.reportType)
  } catch (error) {
    // Two creates at once: the one that lost the race finds the report the other created.
    if (error instanceof CommandRefused && error.refusal.reason === 'lost-race') return ensureReport(context, target, input.year, input.reportType)
    throw error
  }
}

export type Decision = 'agree' | 'decline' | 'cancel'

function decisionCommand(decision: Decision, data: { comment: string; files: DecisionFile[] }): ReportCommand {
  if (decision === 'agree') return { type: 'AgreeReport', data }
  if (decision === 'decline') return { type: 'DeclineReport', data }
  return { type: 'CancelReportDecision', data }
}

/**
 * The report a decision is on, read and locked with its stream in the decision's first statement (decision 3820):
 * its stream, its company and what its notices name, and the row locked until the commit (see reportFacts).
 */
const REPORT_OF_DECISION = `SELECT r.stream_id, r.id, r.company_id, r.area_id, r.year, r.report_type, a.name AS area_name
    FROM import_reports r LEFT JOIN areas a ON a.id = r.area_id WHERE r.id = $1 FOR UPDATE OF r`

/**
 * PUT import-reports/{id}: the Department agrees, declines or cancels its decision, with a comment and files. Who may
 * decide is checked before the transaction; a report that is not there is found by its first statement, and it and
 * the decider's own refusals roll it back.
 */
export async function decideOnReport(
  context: CommandContext,
  reportId: number,
  input: { decision: Decision; comment: string; files: DecisionFile[] },
): Promise<void | Refused> {
  if (!can(context.actor, 'decide:report:any')) return refused({ reason: 'forbidden' })
  try {
    await inTransaction(context.db, async (trx) => {
      const inTrx = { ...context, db: trx }
      let known: KnownRows | undefined
      let companyId = 0
      const { events } = await handleCommand(inTrx, {
        decider: reportDecider,
        streamId: {
          row: REPORT_OF_DECISION,
          key: reportId,
          found(report: (KnownReport & { stream_id: string }) | null) {
            if (!report) return { reason: 'report-not-found' }
            const { stream_id: streamId, ...named } = report
            known = { report: named }
            companyId = report.company_id
            return streamId
          },
        },
        // Its projection and notices take the report and its live files as read here, not again.
        known: () => known,
        command: decisionCommand(input.decision, { comment: input.comment, files: input.files }),
        facts: async (db) => {
          const { facts, liveFiles } = await decisionFacts(db, inTrx, reportId, companyId)
          known!.liveFilesOfReport = liveFiles
          return {
            ...facts,
            attachments: await Promise.all(input.files.map((file) => storedContent(context.storageDir, file.id))),
            deciderOfOwnCompany: context.actor?.companyId != null && context.actor.companyId === companyId,
          }
        },
        // Agreeing publishes the report's staged data to the catalogue; cancelling an agreement withdraws it (workers).
        jobs: (events) =>
          events.some((e) => e.type === 'ReportAgreed' || (e.type === 'ReportDecisionCancelled' && e.data.previousStatus === 'agreed'))
            ? [{ name: JOBS.reportPublication, data: { reportId } }]
            : [],
      })
      // What the declined round held is kept for the next round's comparison (decision 3714): the holder's replacing the
      // file removes its staged rows, so they are summed now, in the decline's transaction.
      if (events.some((e) => e.type === 'ReportRejected')) await recordDeclinedRound(trx, reportId)
    })
  } catch (error) {
    // A report that is not there is answered as before, not thrown: nothing was written (its transaction rolled back).
    if (error instanceof CommandRefused && error.refusal.reason === 'report-not-found') return refused(error.refusal)
    throw error
  }
}
