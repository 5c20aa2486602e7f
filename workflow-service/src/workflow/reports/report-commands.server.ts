// Report command handlers: load the stream, decide, append with the expected version (and project) in one transaction.
import type { Transaction } from 'kysely'
import type { Database, ReportType } from '@portal/migrations/database.ts'
import { JOBS } from '../../ports/jobs.ts'
import { assertCan, can } from '../../auth/permissions.ts'
import { ConcurrencyError, readStream } from '../../event-store/event-store.server.ts'
import { appendAndProject, type CommandContext, inTransaction, metadataOf, nextId } from '../command-context.server.ts'
import { refuse, refuseMissing } from '../refusal.ts'
import { decideReport, foldReport, type ReportCommand } from './report-decide.ts'
import { type DecisionFile, type ReportEvent, reportStreamId } from './report-events.ts'

export interface ReportTarget {
  areaId: number | null
  companyId: number
}

/** Greenhouse-gas reports belong to a company; the others may belong to an area or to a company without areas. */
export const AREA_REPORT_TYPES: ReportType[] = ['program', 'final_report']
export const COMPANY_REPORT_TYPES: ReportType[] = ['greenhouse_gases']

/** Resolves the area or company a report is for; a missing or foreign one is a 400 naming the parameter. */
export async function resolveTarget(
  db: CommandContext['db'] | Transaction<Database>,
  input: { area?: number | null; company?: number | null },
): Promise<ReportTarget> {
  if (input.area) {
    const area = await db.selectFrom('areas').select(['id', 'company_id', 'kind']).where('id', '=', input.area).executeTakeFirst()
    if (!area) throw refuse('area: лицензионный участок не найден', 'area')
    if (area.kind !== 'licence_area' || area.company_id === null) throw refuse('area: отчёты сдаются только по лицензионным участкам предприятий', 'area')
    if (input.company && input.company !== area.company_id) throw refuse('company: участок принадлежит другому предприятию', 'company')
    return { areaId: area.id, companyId: area.company_id }
  }
  if (input.company) {
    const company = await db.selectFrom('companies').select('id').where('id', '=', input.company).executeTakeFirst()
    if (!company) throw refuse('company: предприятие не найдено', 'company')
    return { areaId: null, companyId: company.id }
  }
  throw refuse('area: укажите лицензионный участок (area) или предприятие (company)', 'area')
}

/**
 * Makes sure the report of a target, year and type exists, inside the caller's transaction; returns its id.
 * Creating an existing report appends nothing.
 */
export async function ensureReport(
  trx: Transaction<Database>,
  context: CommandContext,
  target: ReportTarget,
  year: number,
  reportType: ReportType,
): Promise<{ reportId: number; created: boolean }> {
  if (reportType === 'greenhouse_gases' && target.areaId !== null) {
    throw refuse('report_type: отчёт «Парниковые газы» сдаётся по предприятию, а не по участку', 'report_type')
  }
  const streamId = reportStreamId(target, year, reportType)
  const state = foldReport((await readStream(trx, streamId)) as unknown as ReportEvent[])
  if (state.reportId !== null) return { reportId: state.reportId, created: false }
  const reportId = await nextId(trx, 'import_reports_id_seq')
  const events = decideReport(state, { type: 'CreateReport', data: { reportId, reportType, year, ...target } })
  await appendAndProject(trx, streamId, state.version, events, metadataOf(context), context.now)
  return { reportId, created: true }
}

/** POST import-reports: one report per area (or company), year and type; a second create returns the existing one. */
export async function createReport(
  context: CommandContext,
  input: { area?: number | null; company?: number | null; year: number; reportType: ReportType },
): Promise<{ reportId: number; created: boolean }> {
  const target = await resolveTarget(context.db, input)
  if (!can(context.actor, 'decide:report:any')) assertCan(context.actor, 'write:report:own', { companyId: target.companyId })
  const run = () => inTransaction(context.db, (trx) => ensureReport(trx, context, target, input.year, input.reportType))
  try {
    return await run()
  } catch (error) {
    // Two creates at once: the one that lost the race finds the report the other created.
    if (error instanceof ConcurrencyError || (error as { statusCode?: number }).statusCode === 409) return run()
    throw error
  }
}

export type Decision = 'agree' | 'decline' | 'cancel'

const COMMAND_OF: Record<Decision, ReportCommand['type']> = {
  agree: 'AgreeReport',
  decline: 'DeclineReport',
  cancel: 'CancelReportDecision',
}

/** PUT import-reports/{id}: the Department agrees, declines or cancels its decision, with a comment and files. */
export async function decideOnReport(
  context: CommandContext,
  reportId: number,
  input: { decision: Decision; comment: string; files: DecisionFile[] },
): Promise<void> {
  assertCan(context.actor, 'decide:report:any')
  const report = await context.db.selectFrom('import_reports').select(['stream_id']).where('id', '=', reportId).executeTakeFirst()
  if (!report) throw refuseMissing('Отчёт не найден.')
  await inTransaction(context.db, async (trx) => {
    const state = foldReport((await readStream(trx, report.stream_id)) as unknown as ReportEvent[])
    const command = { type: COMMAND_OF[input.decision], data: { comment: input.comment, files: input.files } } as ReportCommand
    const events = decideReport(state, command)
    await appendAndProject(trx, report.stream_id, state.version, events, metadataOf(context), context.now)
    // Agreeing publishes the report's staged data to the catalogue; cancelling an agreement withdraws it (workers).
    const publicationChanges = events.some(
      (e) => e.type === 'ReportAgreed' || (e.type === 'ReportDecisionCancelled' && e.data.previousStatus === 'agreed'),
    )
    if (publicationChanges) await context.queue.send(JOBS.reportPublication, { reportId, requestId: context.requestId }, { trx })
  })
}
