// Responsible-person commands: saving one also creates the area's or company's reports it is named for, in the same
// transaction (handleCommand for each stream).
import { sql } from 'kysely'
import { type CommandContext, inTransaction, nextId } from '../command-context.server.ts'
import { handleCommand } from '../handle-command.server.ts'
import { Refused, refused } from '../refusal.ts'
import { ensureReport, type ReportTarget, reportTypesOf, resolveTarget, writesReportsRefusal } from '../reports/report-commands.server.ts'
import { type ResponsibleCommand, responsibleDecider, type ResponsibleEdit } from './responsible-decide.ts'
import { type ResponsibleDetails, responsibleStreamId } from './responsible-events.ts'

export type ResponsibleScope = 'area' | 'company'

async function saveResponsible(
  context: CommandContext,
  scope: ResponsibleScope,
  target: ReportTarget,
  year: number,
  command: (responsibleId: () => Promise<number>) => Promise<ResponsibleCommand>,
): Promise<number> {
  return inTransaction(context.db, async (trx) => {
    const inTrx = { ...context, db: trx }
    const streamId = responsibleStreamId(scope, scope === 'area' ? target.areaId! : target.companyId, year)
    const sequence = scope === 'area' ? 'ecomon_responsibles_id_seq' : 'company_responsibles_id_seq'
    const { state } = await handleCommand(inTrx, {
      decider: responsibleDecider,
      streamId,
      command: await command(() => nextId(trx, sequence)),
      facts: () => undefined,
    })
    for (const reportType of await reportTypesOf(trx, target)) await ensureReport(inTrx, target, year, reportType)
    return state.saved!.responsibleId
  })
}

/** POST ecomon-responsibles / company-responsibles. */
export async function createResponsible(
  context: CommandContext,
  input: { scope: ResponsibleScope; targetId: number; year: number; details: ResponsibleDetails },
): Promise<number | Refused> {
  const forbidden = writesReportsRefusal(context.actor)
  if (forbidden) return forbidden
  const target = await resolveTarget(context.db, context.actor, input.scope === 'area' ? { area: input.targetId } : { company: input.targetId })
  if (target instanceof Refused) return target
  return saveResponsible(context, input.scope, target, input.year, async (responsibleId) => ({
    type: 'CreateResponsible',
    data: { responsibleId: await responsibleId(), scope: input.scope, areaId: target.areaId, companyId: target.companyId, year: input.year, ...input.details },
  }))
}

/** PUT ecomon-responsibles/{id} / company-responsibles/{id}: the area (or company) and year stay; the details change. */
export async function editResponsible(
  context: CommandContext,
  input: { scope: ResponsibleScope; id: number; details: ResponsibleEdit; targetId?: number; year?: number },
): Promise<number | Refused> {
  const row =
    input.scope === 'area'
      ? await context.db.selectFrom('ecomon_responsibles').select(['area_id', 'company_id', 'year']).where('id', '=', input.id).executeTakeFirst()
      : await context.db
          .selectFrom('company_responsibles')
          .select([sql<number | null>`NULL::integer`.as('area_id'), 'company_id', 'year'])
          .where('id', '=', input.id)
          .executeTakeFirst()
  const forbidden = writesReportsRefusal(context.actor)
  if (forbidden) return forbidden
  if (!row) return refused({ reason: 'responsible-not-found' })
  // Another company's responsible person is answered as a missing one.
  const found = await resolveTarget(context.db, context.actor, row.area_id !== null ? { area: row.area_id } : { company: row.company_id })
  if (found instanceof Refused) return refused({ reason: 'responsible-not-found' })
  const target: ReportTarget = { areaId: row.area_id, companyId: row.company_id }
  return saveResponsible(context, input.scope, target, row.year, async () => ({
    type: 'EditResponsible',
    data: { ...input.details, targetId: input.targetId, year: input.year },
  }))
}
