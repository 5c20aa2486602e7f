// The workflow part of the large data set: about 200 000 events, every one appended through the event store's
// appendToStream (so it is keyed, hashed and chained as any other). Per licence area: a responsible person (which
// opens the area's program and final report), an uploaded data file and its check, through the real commands; then
// rounds of agreeing and cancelling the program, decided by the report's own decide function and appended in one go.
//
// Why the rounds do not go through handleCommand: it would project each decision and notify the company's users and
// the responsible person of each one (some 190 notices and e-mails per area), which the figures do not need. So the
// rounds are loaded and folded as handleCommand does (loadStream), decided by decideReport, appended with the
// expected version, and the read models are rebuilt by the replay afterwards, so they are exactly what the log says.
// Each batch commits through inTransaction, so the head beside the audit key records its streams as it does for every
// command and `npm run replay -- --verify` compares the log with it (test/workflow/large-workflow-seed.test.ts).
import { accepted, isRefusal } from '@portal/workflow-domain/views.ts'
import type { Kysely } from 'kysely'
import type { Database } from '@portal/migrations/database.ts'
// The checks are recorded here as the worker would; the publication jobs of agreements are not needed for the figures.
import { NO_QUEUE } from '@portal/workflow-domain/ports.ts'
import type { CurrentUser } from '@portal/workflow-domain/views.ts'
import {
  type CommandContext, inTransaction, metadataOf, appendToStream, loadStream, uploadFile, recordFileChecked,
  rebuildProjections, createReport, createResponsible, storeFile, writeNotices,
} from '@portal/workflow-domain/commands.server.ts'
import { decideReport, evolveReport, reportDecider } from '@portal/workflow-domain/use-cases.server.ts'
import type { ReportEvent } from '@portal/workflow-domain/commands.server.ts'
import { demoPdf } from './demo-files.server.ts'

export interface LargeWorkflowOptions {
  /** Events to record at least (200 000 for the benchmark). */
  events: number
  /** Agree/cancel rounds on each area's program: each round is two events (95: a stream of ~190 events). */
  rounds?: number
  /** Areas handled in one transaction. */
  batch?: number
  storageDir: string
  log?: (message: string) => void
}

/** Events one area contributes: responsible, two reports, file upload and check, then the rounds. */
const eventsPerArea = (rounds: number) => 5 + 2 * rounds

const YEAR = 2025

/** A storage key (a uuid) that is the same on every run: the upload of the large data set on area n. */
const largeStorageKey = (n: number) => `00000000-0000-4000-8000-${n.toString(16).padStart(12, '0')}`

export async function seedLargeWorkflow(db: Kysely<Database>, options: LargeWorkflowOptions): Promise<{ events: number; areas: number }> {
  const rounds = options.rounds ?? 95
  const batch = options.batch ?? 25
  const needed = Math.ceil(options.events / eventsPerArea(rounds))
  // The areas of the large data set that have no report yet, in id order (deterministic).
  const areas = await db
    .selectFrom('areas')
    .select(['id', 'company_id'])
    .where('kind', '=', 'licence_area')
    .where('company_id', 'is not', null)
    .where((eb) => eb.not(eb.exists(eb.selectFrom('import_reports').select('id').whereRef('import_reports.area_id', '=', 'areas.id'))))
    .orderBy('id', 'desc')
    .limit(needed)
    .execute()
  if (areas.length < needed) throw new Error(`the large workflow needs ${needed} licence areas without reports, found ${areas.length}`)
  areas.reverse()

  const department: CurrentUser = { id: 0, username: 'department', groups: ['Департамент'], companyId: null }
  const started = Date.now()
  let done = 0
  for (let i = 0; i < areas.length; i += batch) {
    await inTransaction(db, async (trx) => {
      for (const [k, area] of areas.slice(i, i + batch).entries()) {
        const n = i + k
        // Deterministic time: a minute per area, its commands a second apart.
        let clock = Date.parse('2025-03-01T06:00:00.000Z') + n * 60_000
        const holder: CurrentUser = { id: 0, username: `holder-${area.company_id}`, groups: ['Недропользователь'], companyId: area.company_id }
        const as = (actor: CurrentUser): CommandContext => ({
          db: trx,
          queue: NO_QUEUE,
          storageDir: options.storageDir,
          actor,
          requestId: 'large-data-set',
          clientAddress: null,
          now: new Date((clock += 1000)),
          notices: writeNotices,
        })
        accepted(await createResponsible(as(holder), {
          scope: 'area',
          targetId: area.id,
          year: YEAR,
          details: {
            fullname: `Ответственный ${n + 1}`,
            position: 'Инженер-эколог',
            email: `ecolog${n + 1}@example.ru`,
            phone: `+7 (3492) ${String(n % 100).padStart(2, '0')}-00-00`,
            labsName: null,
            labsContacts: null,
          },
        }))
        const { reportId } = accepted(await createReport(as(holder), { area: area.id, year: YEAR, reportType: 'program' }))
        // An upload's bytes are in storage before it is registered (the command looks at what they are).
        const { size, sha256 } = await storeFile(options.storageDir, largeStorageKey(area.id), demoPdf(`Monitoring programme ${YEAR}, area ${area.id}`), { durable: false })
        const { fileId } = accepted(await uploadFile(as(holder), {
          reportId,
          description: `Программа ЛЭМ ${YEAR}`,
          ecomonResponsibleId: null,
          companyResponsibleId: null,
          upload: { storageKey: largeStorageKey(area.id), name: `Программа ЛЭМ ${YEAR}.pdf`, size, sha256, contentType: 'application/pdf' },
        }))
        await recordFileChecked(trx, { fileId, ok: true, problems: [] }, { now: new Date((clock += 1000)) })
        // The rounds: decided one after the other on the folded state, appended as one batch of the stream.
        const streamId = (await trx.selectFrom('import_reports').select('stream_id').where('id', '=', reportId).executeTakeFirstOrThrow()).stream_id
        const loaded = await loadStream(trx, reportDecider, streamId)
        let state = loaded.state
        const decided: ReportEvent[] = []
        for (let r = 0; r < rounds; r++) {
          for (const type of ['AgreeReport', 'CancelReportDecision'] as const) {
            const comment = type === 'AgreeReport' ? 'Согласовано.' : 'Решение отменено.'
            // The facts of a report with one checked file: the rounds are decided by the same rules as any decision.
            const decision = decideReport(state, { type, data: { comment, files: [] } }, { files: ['success'], companyHasLicenceAreas: true, currentYear: YEAR })
            if (isRefusal(decision)) throw new Error(`large data set: ${type} refused (${decision.reason})`)
            for (const event of decision) {
              decided.push(event)
              state = evolveReport(state, event)
            }
          }
        }
        await appendToStream(trx, streamId, loaded.version, decided, metadataOf(as(department)), new Date((clock += 1000)), loaded.head)
      }
    })
    done = Math.min(areas.length, i + batch)
    if (done % (batch * 20) === 0 || done === areas.length) {
      const seconds = (Date.now() - started) / 1000
      options.log?.(`large data set: workflow of ${done}/${areas.length} areas, ${Math.round((done * eventsPerArea(rounds)) / seconds)} events/s`)
    }
  }
  // The read models of the appended rounds come from the replay: the same code that rebuilds them from the log.
  const replay = await rebuildProjections(db)
  if (replay.chain.broken) throw new Error(`the hash chain of the large data set is broken at ${replay.chain.broken.position}`)
  options.log?.(`large data set: read models rebuilt from ${replay.events} events (${replay.eventsPerSecond} events/s)`)
  return { events: areas.length * eventsPerArea(rounds), areas: areas.length }
}
