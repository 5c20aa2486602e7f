// Responsible-person command handlers: saving one also creates the area's or company's reports of that year.
import { sql, type Transaction } from 'kysely'
import type { Database, ReportType } from '@portal/migrations/database.ts'
import { assertCan } from '../../auth/permissions.ts'
import { readStream } from '../../event-store/event-store.server.ts'
import { appendAndProject, type CommandContext, inTransaction, metadataOf, nextId } from '../command-context.server.ts'
import { refuse, refuseMissing } from '../refusal.ts'
import { AREA_REPORT_TYPES, COMPANY_REPORT_TYPES, ensureReport, type ReportTarget } from '../reports/report-commands.server.ts'
import { decideResponsible, foldResponsible } from './responsible-decide.ts'
import { type ResponsibleDetails, type ResponsibleEvent, responsibleStreamId } from './responsible-events.ts'

export type ResponsibleScope = 'area' | 'company'

async function targetOf(context: CommandContext, scope: ResponsibleScope, targetId: number): Promise<ReportTarget> {
  if (scope === 'area') {
    const area = await context.db.selectFrom('areas').select(['id', 'kind', 'company_id']).where('id', '=', targetId).executeTakeFirst()
    if (!area || area.kind !== 'licence_area' || area.company_id === null) throw refuse('area: лицензионный участок не найден', 'area')
    return { areaId: area.id, companyId: area.company_id }
  }
  const company = await context.db.selectFrom('companies').select('id').where('id', '=', targetId).executeTakeFirst()
  if (!company) throw refuse('company: предприятие не найдено', 'company')
  return { areaId: null, companyId: company.id }
}

/** The reports a responsible person is named for: an area's program and final report; a company's greenhouse gases. */
async function reportTypesFor(trx: Transaction<Database>, target: ReportTarget): Promise<ReportType[]> {
  if (target.areaId !== null) return AREA_REPORT_TYPES
  const area = await trx
    .selectFrom('areas')
    .select('id')
    .where('company_id', '=', target.companyId)
    .where('kind', '=', 'licence_area')
    .limit(1)
    .executeTakeFirst()
  // A company without licence areas reports its observation results itself (the 'Результаты наблюдений' accordion).
  return area ? COMPANY_REPORT_TYPES : [...COMPANY_REPORT_TYPES, 'observation_results']
}

async function saveResponsible(
  context: CommandContext,
  scope: ResponsibleScope,
  target: ReportTarget,
  year: number,
  decideWith: (state: ReturnType<typeof foldResponsible>, responsibleId: () => Promise<number>) => Promise<ResponsibleEvent[]>,
): Promise<number> {
  assertCan(context.actor, 'write:report:own', { companyId: target.companyId })
  return inTransaction(context.db, async (trx) => {
    const streamId = responsibleStreamId(scope, scope === 'area' ? target.areaId! : target.companyId, year)
    const state = foldResponsible((await readStream(trx, streamId)) as unknown as ResponsibleEvent[])
    const sequence = scope === 'area' ? 'ecomon_responsibles_id_seq' : 'company_responsibles_id_seq'
    const events = await decideWith(state, () => nextId(trx, sequence))
    await appendAndProject(trx, streamId, state.version, events, metadataOf(context), context.now)
    for (const reportType of await reportTypesFor(trx, target)) await ensureReport(trx, context, target, year, reportType)
    return events[0].data.responsibleId
  })
}

/** POST ecomon-responsibles / company-responsibles. */
export async function createResponsible(
  context: CommandContext,
  input: { scope: ResponsibleScope; targetId: number; year: number; details: ResponsibleDetails },
): Promise<number> {
  const target = await targetOf(context, input.scope, input.targetId)
  return saveResponsible(context, input.scope, target, input.year, async (state, responsibleId) =>
    decideResponsible(state, {
      type: 'CreateResponsible',
      // An existing one is refused by decide; a new id is drawn only for a stream that has none.
      data: {
        responsibleId: state.saved?.responsibleId ?? (await responsibleId()),
        scope: input.scope,
        areaId: target.areaId,
        companyId: target.companyId,
        year: input.year,
        ...input.details,
      },
    }),
  )
}

/** PUT ecomon-responsibles/{id} / company-responsibles/{id}: the area (or company) and year stay; the details change. */
export async function editResponsible(
  context: CommandContext,
  input: { scope: ResponsibleScope; id: number; details: ResponsibleDetails; targetId?: number; year?: number },
): Promise<number> {
  const row =
    input.scope === 'area'
      ? await context.db.selectFrom('ecomon_responsibles').select(['area_id', 'company_id', 'year']).where('id', '=', input.id).executeTakeFirst()
      : await context.db
          .selectFrom('company_responsibles')
          .select([sql<number | null>`NULL::integer`.as('area_id'), 'company_id', 'year'])
          .where('id', '=', input.id)
          .executeTakeFirst()
  if (!row) throw refuseMissing('Ответственное лицо не найдено.')
  const target: ReportTarget = { areaId: row.area_id, companyId: row.company_id }
  const parameter = input.scope === 'area' ? 'area' : 'company'
  if (input.targetId !== undefined && input.targetId !== (target.areaId ?? target.companyId)) {
    throw refuse(`${parameter}: ответственное лицо внесено по другому ${input.scope === 'area' ? 'участку' : 'предприятию'}`, parameter)
  }
  if (input.year !== undefined && input.year !== row.year) throw refuse('year: год ответственного лица не меняется', 'year')
  return saveResponsible(context, input.scope, target, row.year, async (state) => decideResponsible(state, { type: 'EditResponsible', data: input.details }))
}
