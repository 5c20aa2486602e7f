// Random sequences of uploads (the same bytes again, copies under other names, overlapping rows, retries with the
// same Idempotency-Key), real file checks, agreements, declines, cancellations, resubmissions, file deletions,
// measuring point deletions and replays: after every step the public readings are exactly the rows of the agreed
// report's passed files, once per natural key, and the replay's verification finds no difference (decision 2120).
// Forgeries by the portal's own role (a limit changed, a reading added, changed or removed, a seeded row claimed for a
// file) are refused or named by verify, exactly as they took effect (decision 3310).
// Each upload spells its substance at random (case, doubled and no-break spaces, Latin look-alikes), writes its value in
// a unit of one family, its sampling moment as a day, an instant in UTC or in another zone, and its ПДК as nothing, the
// reference's limit in the written unit or a wrong one; the reference may change a substance's unit, converting its
// published and staged readings (decision 3416). After every step each public reading is in its substance's unit
// against the reference limit, and the exceedances and the charts are those readings (decisions 3410–3413).
// A point is deleted exactly when nothing names it (decision 1601: no published reading, no checked row, no file of
// its area being checked); a deleted point takes nothing with it, and a later file naming it fails its check. A fixed
// seed keeps npm test repeatable; PUBLICATION_PROPERTY_SEED tries another.
import { createHash } from 'node:crypto'
import fc from 'fast-check'
import { sql } from 'kysely'
import { beforeAll, describe, expect, it } from 'vitest'
import { useTestApp } from '../../test-support/test-app.ts'
import { uploadSpecOf } from '@portal/workflow-domain/registry.ts'
import type { CurrentUser } from '@portal/workflow-domain/views.ts'
import { addReferenceEntry, changeReferenceEntry, uploadFile, requestFileDeletion, decideOnReport, type Decision, rebuildProjections, verifyProjections, newStorageKey, removeStoredFile, storeFile } from '@portal/workflow-domain/commands.server.ts'
import {
  CommandRefused, multipleOf, Refused, refusalAnswer, accepted as acceptedAnswer,
} from '@portal/workflow-domain/views.ts'
import { catalogueUseCases, readingSeries } from '@portal/workflow-domain/use-cases.server.ts'
import { fileCheckJob } from '../src/files/file-check-job.server.ts'
import { fileDeleteJob } from '../src/files/file-delete-job.server.ts'
import { syncReportPublication } from '../src/publication/staged-rows.server.ts'
import { actorOf, commandContext, prepareAreaReport, type ReportFixture } from './support/workflow-fixture.ts'

const t = useTestApp()
const HEADER = uploadSpecOf('observation_results').columns.map((c) => c.header)
const MARKERS = ['Свойство-А', 'Свойство-Б']
const silent = { info() {}, warn() {}, error() {} }

/** The reference limits of the two substances, in мг/дм³: Свойство-А's 0,015 makes 0,02 an exceedance. */
const LIMITS = [0.015, 0.05]
/** The units an upload may write its value in (one family) and the power of ten against мг/дм³. */
const UNITS: Array<[string, number]> = [['мг/дм³', 1], ['мг/л', 1], ['мкг/дм³', 1000], ['мкг/л', 1000]]

/** A spelling of a substance's name that folds to it: as written, upper case, an en dash and trailing spaces, a no-break space and Latin look-alikes. */
function spelled(name: string, spelling: number): string {
  switch (spelling) {
    case 1: return name.toUpperCase()
    case 2: return `${name.replace('-', '\u2013')}  `
    case 3: return `\u00a0${name.replace('С', 'C').replace('о', 'o')}`
    default: return name
  }
}

/**
 * How an upload writes its rows, never what they mean (see `csv`), and whether the reference is asked to change a
 * unit before the step. Drawn beside the steps, not inside them, so the fixed seed still draws the sequences that reach
 * agreements, repeated rows and deletions.
 */
interface Style { spelling: number; unit: number; moment: number; limit: number; unitChange: boolean }

const styleArb: fc.Arbitrary<Style> = fc.record({ spelling: fc.nat(3), unit: fc.nat(3), moment: fc.nat(2), limit: fc.nat(2), unitChange: fc.nat(4).map((n) => n === 0) })

type Step =
  | ({ kind: 'upload'; point: number; days: number[]; marker: number; value: number; name: number; key: number | null } & Partial<Style>)
  /** The administrator moves Свойство-Б between мг/дм³ and мкг/дм³, its readings converted with it (decision 3416). */
  | { kind: 'unit-change' }
  /** The bytes of an earlier upload again (the same file, or a copy under the other name). */
  | { kind: 'again'; upload: number; name: number }
  | { kind: 'check' }
  | { kind: 'decide'; decision: Decision }
  | { kind: 'delete'; file: number }
  /** The Department deletes one of the measuring points the uploads name, through the catalogue's use-case. */
  | { kind: 'delete-point'; point: number }
  | { kind: 'replay' }
  /**
   * A forgery by the portal's own role (decision 3310): a limit changed, a reading added, a published reading changed
   * or removed, or a seeded row claimed for a file. Verify must answer 1 exactly when it took effect; it is then undone.
   */
  | { kind: 'forge'; what: 'limit' | 'add' | 'change' | 'remove' | 'claim' }

let holder: CurrentUser
let department: CurrentUser
let report: ReportFixture
/** The points the uploads name: a demo point with readings of its own, and points this test adds to the area. */
const points: Array<{ id: number; nomenclature: string }> = []
let pointsAdded = 0
let pointsDeleted = 0
let pointDeletionsRefused = 0
/** The nomenclatures of deleted points, and each file's point, so a check of a file naming a deleted one is seen. */
const deletedNomenclatures = new Set<string>()
const pointOfFile = new Map<number, string>()
let filesOfDeletedPointsFailed = 0
/** The tables whose rows refer to a measuring point (read from the database's foreign keys in beforeAll). */
let referencing: Array<{ tbl: string; col: string }> = []
const files: number[] = []
/** Each upload with the point's nomenclature as it was sent, so the same bytes can be sent again after a deletion. */
const sent: Array<Extract<Step, { kind: 'upload' }> & { nomenclature: string }> = []

/** A new surface-water point in the report's area, named by nothing yet: a point the Department may delete. */
async function addPoint(): Promise<{ id: number; nomenclature: string }> {
  pointsAdded += 1
  const nomenclature = `СВ-СВОЙСТВО-${pointsAdded}`
  const { id } = await t.database.db
    .insertInto('measures_points')
    .values({ name: `Пункт свойства ${pointsAdded}`, nomenclature, kind: 'surface_water', area_id: report.areaId })
    .returning('id')
    .executeTakeFirstOrThrow()
  return { id, nomenclature }
}

/** Whether the point may go (decision 1601): no row of any table refers to it (its published readings among them),
 * no passed file's row names it, and no file of its area is being checked. Asked before the delete, so the property
 * checks the guard's answer. */
async function pointDeletable(pointId: number): Promise<boolean> {
  const referred = referencing.map(({ tbl, col }) => sql`EXISTS (SELECT 1 FROM ${sql.table(tbl)} WHERE ${sql.ref(col)} = ${pointId})`)
  const { rows } = await sql<{ blocked: boolean }>`
    SELECT ${sql.join(referred, sql` OR `)}
      OR EXISTS (SELECT 1 FROM import_files f WHERE f.area_id = ${report.areaId} AND f.status = 'processing')
      OR EXISTS (SELECT 1 FROM import_staged_rows s JOIN import_files f ON f.id = s.file_id AND f.status = 'success'
                 WHERE s.data->>'measures_point_id' = ${String(pointId)}) AS blocked`.execute(t.database.db)
  return !rows[0].blocked
}

/** The sampling moment of a day of July: the day, 01:00 of it in the region as a UTC instant, or 03:00 at +05:00. */
function moment(year: number, day: number, kind: number): string {
  const dd = String(day).padStart(2, '0')
  if (kind === 1) return `${year}-07-${String(day - 1).padStart(2, '0')}T20:00:00Z`.replace('-07-00T', '-06-30T')
  if (kind === 2) return `${year}-07-${dd}T03:00:00+05:00`
  return `${dd}.07.${year}`
}

const csv = (step: Extract<Step, { kind: 'upload' }>, nomenclature: string) => {
  const [unit, power] = UNITS[(step.unit ?? 0) % UNITS.length]
  const value = (step.value / 100) * power
  const limit = [null, LIMITS[step.marker] * power, LIMITS[step.marker] * power * 10][(step.limit ?? 0) % 3]
  const number = (n: number) => String(Number(n.toPrecision(12))).replace('.', ',')
  return [HEADER, ...step.days.map((day) => [nomenclature, report.year, moment(report.year, day, (step.moment ?? 0) % 3), spelled(MARKERS[step.marker], (step.spelling ?? 0) % 4), number(value), unit, limit === null ? '' : number(limit), ''])]
    .map((r) => r.join(';'))
    .join('\r\n') + '\r\n'
}

let unitChanges = 0
let unitChangesWithReadings = 0

/**
 * Moves Свойство-Б to the other unit of its family, its limit left for the command to convert: its public and staged
 * readings are converted with it by the recorded event (decision 3416), each one's multiple of its limit unchanged.
 */
async function changeUnit(): Promise<void> {
  const current = await sql<{ id: number; unit: string; mpc: number }>`
    SELECT s.id, u.name AS unit, s.mpc::float8 AS mpc FROM substances s JOIN units u ON u.id = s.unit_id WHERE s.name = ${MARKERS[1]}`.execute(t.database.db)
  const { id, unit, mpc } = current.rows[0]
  const target = unit === 'мг/дм³' ? 'мкг/дм³' : 'мг/дм³'
  const { id: unitId } = await t.database.db.selectFrom('units').select('id').where('name', '=', target).executeTakeFirstOrThrow()
  const multiples = () =>
    sql<{ id: string; value: number; mpc: number | null }>`SELECT id, value::float8 AS value, mpc::float8 AS mpc FROM measures_point_indications WHERE name = ${MARKERS[1]} ORDER BY id`
      .execute(t.database.db)
      .then((r) => r.rows.map((row) => [row.id, multipleOf(row.value, row.mpc)]))
  const before = await multiples()
  const changed = await changeReferenceEntry(adminContext(), { kind: 'substance', id, values: { name: MARKERS[1], unit_id: String(unitId), mpc: String(mpc).replace('.', ','), mpc_max: '' } })
  expect(changed instanceof Refused ? changed.refusal : null, 'a unit change within the family is never refused').toBeNull()
  unitChanges += 1
  if (before.length > 0) unitChangesWithReadings += 1
  expect(await multiples(), 'a conversion keeps every reading\'s multiple of its limit').toEqual(before)
}

let admin: CurrentUser
const adminContext = () => commandContext(t.database.db, t.queue, t.app.config.storageDir, admin)

/**
 * The public readings of the two substances against the reference: each in its substance's unit with the reference
 * limit, the exceedances exactly those above it with their multiple, each chart one series per substance whose year
 * is the reading with the largest multiple.
 */
async function expectReadingsAgainstTheReference(): Promise<void> {
  const { rows: reference } = await sql<{ name: string; unit: string; mpc: number }>`
    SELECT s.name, u.name AS unit, s.mpc::float8 AS mpc FROM substances s JOIN units u ON u.id = s.unit_id WHERE s.name IN (${sql.join(MARKERS)})`.execute(t.database.db)
  const limitOf = new Map(reference.map((r) => [r.name, r]))
  const { rows: readings } = await sql<{ id: string; point: number; name: string; value: number; measure: string; mpc: number | null }>`
    SELECT i.id, i.measures_point_id AS point, i.name, i.value::float8 AS value, i.measure, i.mpc::float8 AS mpc FROM measures_point_indications i
    JOIN import_published_rows p ON p.target_table = 'measures_point_indications' AND p.row_id = i.id
    WHERE p.report_id = ${report.reportId}`.execute(t.database.db)
  for (const r of readings) {
    const ref = limitOf.get(r.name)!
    expect({ measure: r.measure, mpc: r.mpc }, `reading ${r.id} in its substance's unit, against the reference limit`).toEqual({ measure: ref.unit, mpc: ref.mpc })
  }
  const answer = await t.app.inject({ url: `/api/v1/exceedances/?year=${report.year}&area=${report.areaId}&limit=1000` })
  expect(answer.statusCode).toBe(200)
  const listed = (answer.json() as { results: Array<{ id: number; substance: string; multiple: number }> }).results.filter((e) => MARKERS.includes(e.substance))
  const above = readings.filter((r) => r.mpc !== null && r.value > r.mpc)
  expect(listed.map((e) => [String(e.id), e.multiple]).sort()).toEqual(above.map((r) => [String(r.id), multipleOf(r.value, r.mpc)]).sort())
  for (const point of new Set(readings.map((r) => r.point))) {
    const series = (await readingSeries(t.database.db, point)).filter((s) => MARKERS.includes(s.name))
    const mine = readings.filter((r) => r.point === point)
    expect(series.map((s) => [s.name, s.measure]).sort(), 'one chart per substance, in its unit').toEqual([...new Set(mine.map((r) => r.name))].map((n) => [n, limitOf.get(n)!.unit]).sort())
    for (const s of series) {
      const year = s.years.find((y) => y.year === report.year)!
      const worst = Math.max(...mine.filter((r) => r.name === s.name).map((r) => multipleOf(r.value, r.mpc) ?? 0))
      expect(year.share, 'a chart\'s year is its worst reading against its own limit').toBe(worst)
    }
  }
}

async function upload(step: Extract<Step, { kind: 'upload' }> & { nomenclature: string }): Promise<void> {
  sent.push(step)
  const bytes = Buffer.from(csv(step, step.nomenclature))
  const storageKey = newStorageKey()
  const { size, sha256 } = await storeFile(t.app.config.storageDir, storageKey, bytes)
  expect(sha256).toBe(createHash('sha256').update(bytes).digest('hex'))
  try {
    const uploaded = await uploadFile(commandContext(t.database.db, t.queue, t.app.config.storageDir, holder), {
      reportId: report.reportId,
      description: 'Данные',
      ecomonResponsibleId: null,
      companyResponsibleId: null,
      upload: { storageKey, name: ['наблюдения-воздух.csv', 'копия.csv'][step.name], size, sha256, contentType: 'text/csv' },
      ...(step.key !== null ? { idempotencyKey: `property-${step.key}` } : {}),
    })
    // A returned refusal is counted as the thrown ones are (the run's catch below).
    if (uploaded instanceof Refused) throw new CommandRefused(uploaded.refusal)
    const { fileId, repeated } = uploaded
    if (repeated) await removeStoredFile(t.app.config.storageDir, storageKey)
    else {
      files.push(fileId)
      pointOfFile.set(fileId, step.nomenclature)
    }
  } catch (error) {
    await removeStoredFile(t.app.config.storageDir, storageKey)
    throw error
  }
}

async function run(step: Step): Promise<void> {
  const deps = { db: t.database.db, config: t.app.config, log: silent }
  switch (step.kind) {
    case 'again':
      if (sent.length === 0) return
      return upload({ ...sent[step.upload % sent.length], name: step.name, key: null })
    case 'upload':
      return upload({ ...step, nomenclature: points[step.point % points.length].nomenclature })
    case 'check': {
      // The queue's file checks, run here one by one: the real check in its child process, staging, the key check.
      const pending = await t.database.db.selectFrom('import_files').select('id').where('report_id', '=', report.reportId).where('status', '=', 'processing').execute()
      for (const { id } of pending) {
        await fileCheckJob(deps).handle({ fileId: id }, new AbortController().signal)
        if (!deletedNomenclatures.has(pointOfFile.get(id) ?? '')) continue
        const { status } = await t.database.db.selectFrom('import_files').select('status').where('id', '=', id).executeTakeFirstOrThrow()
        expect(status, 'a file naming a deleted point fails its check').toBe('error')
        filesOfDeletedPointsFailed += 1
      }
      return
    }
    case 'decide': {
      const decided = await decideOnReport(commandContext(t.database.db, t.queue, t.app.config.storageDir, department), report.reportId, { decision: step.decision, comment: 'Решение', files: [] })
      if (decided instanceof Refused) throw new CommandRefused(decided.refusal)
      return
    }
    case 'delete': {
      if (files.length === 0) return
      const fileId = files[step.file % files.length]
      const deletion = await requestFileDeletion(commandContext(t.database.db, t.queue, t.app.config.storageDir, holder), fileId)
      if (deletion instanceof Refused) throw new CommandRefused(deletion.refusal)
      await fileDeleteJob(deps).handle({ fileId })
      return
    }
    case 'delete-point': {
      const slot = step.point % points.length
      const { id, nomenclature } = points[slot]
      const deletable = await pointDeletable(id)
      const outcome = await catalogueUseCases(t.database.db).deletePoint({ actor: department, clientAddress: '127.0.0.1', requestId: 'property' }, { id })
      const left = await t.database.db.selectFrom('measures_points').select('id').where('id', '=', id).executeTakeFirst()
      expect(outcome.ok, 'the point is deleted exactly when nothing names it').toBe(deletable)
      expect(left === undefined).toBe(deletable)
      if (!outcome.ok) {
        pointDeletionsRefused += 1
        throw new CommandRefused(outcome.refusal)
      }
      pointsDeleted += 1
      deletedNomenclatures.add(nomenclature)
      // The Department adds another point in its place; later files naming the deleted one fail their check.
      points[slot] = await addPoint()
      return
    }
    case 'replay':
      await rebuildProjections(t.database.db)
      return
    case 'forge':
      return forge(step.what)
    case 'unit-change':
      return changeUnit()
  }
}

let forgeriesSeen = 0
let forgeriesRefused = 0

/** Runs one forgery as the portal's role, checks that verify reports exactly what took effect, and undoes it as the owner. */
async function forge(what: Extract<Step, { kind: 'forge' }>['what']): Promise<void> {
  const app = t.database.db
  const published = await app.selectFrom('import_published_rows').select(['row_id', 'file_id']).where('report_id', '=', report.reportId).orderBy('row_id').executeTakeFirst()
  const seeded = await app.selectFrom('measures_point_indications').selectAll().orderBy('id').executeTakeFirstOrThrow()
  let undo: () => Promise<unknown> = async () => {}
  let tookEffect = true
  try {
    if (what === 'limit') {
      const substance = await app.selectFrom('substances').select(['id', 'mpc']).where('mpc', 'is not', null).orderBy('id').executeTakeFirstOrThrow()
      await app.updateTable('substances').set({ mpc: Number(substance.mpc) * 7 + 1 }).where('id', '=', substance.id).execute()
      undo = () => app.updateTable('substances').set({ mpc: substance.mpc }).where('id', '=', substance.id).execute()
    } else if (what === 'add') {
      const { rows } = await sql<{ id: string }>`
        INSERT INTO measures_point_indications (measures_point_id, year, sampled, name, value, measure, mpc, mpc_max)
        VALUES (${seeded.measures_point_id}, 2039, '2039-01-01', ${MARKERS[0]}, 1, ${seeded.measure}, 1, NULL) RETURNING id`.execute(app)
      undo = () => sql`DELETE FROM measures_point_indications WHERE id = ${rows[0].id}`.execute(t.database.ownerDb)
    } else if (what === 'claim') {
      if (!published) return
      await sql`INSERT INTO import_published_rows (target_table, row_id, file_id, report_id) VALUES ('measures_point_indications', ${seeded.id}, ${published.file_id}, ${report.reportId})`.execute(app)
      undo = () => sql`DELETE FROM import_published_rows WHERE row_id = ${seeded.id} AND file_id = ${published.file_id}`.execute(t.database.ownerDb)
    } else {
      const target = published?.row_id ?? seeded.id
      const statement = what === 'change' ? sql`UPDATE measures_point_indications SET value = value + 1 WHERE id = ${target}` : sql`DELETE FROM measures_point_indications WHERE id = ${target}`
      await expect(statement.execute(app), 'the portal\'s role may not change or remove a published reading').rejects.toThrow(/permission denied/)
      tookEffect = false
      forgeriesRefused += 1
    }
    const findings = (await verifyProjections(app)).publicRecord!.findings
    expect(findings.length > 0, `verify reports the forgery (${what}) exactly when it took effect: ${findings.join('; ')}`).toBe(tookEffect)
    if (tookEffect) forgeriesSeen += 1
  } finally {
    await undo()
  }
}

const stepArb: fc.Arbitrary<Step> = fc.oneof(
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('upload' as const), point: fc.nat(2), days: fc.uniqueArray(fc.integer({ min: 1, max: 4 }), { minLength: 1, maxLength: 3 }), marker: fc.nat(1), value: fc.integer({ min: 1, max: 2 }), name: fc.nat(1), key: fc.option(fc.nat(2), { nil: null }) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('again' as const), upload: fc.nat(10), name: fc.nat(1) }) },
  { weight: 3, arbitrary: fc.constant({ kind: 'check' as const }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('decide' as const), decision: fc.constantFrom<Decision>('agree', 'decline', 'cancel') }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('delete' as const), file: fc.nat(20) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('delete-point' as const), point: fc.nat(2) }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'replay' as const }) },
)

/**
 * The forgeries, one after every third step in turn: beside the drawn steps rather than among them, so the sequences
 * the fixed seed draws stay those that reach agreements, repeated rows and deletions.
 */
const FORGERIES = ['limit', 'change', 'add', 'remove', 'claim'] as const
let forgeryTurn = 0

/** The keys the public should show: the staged rows of the passed files of the report when it is agreed, once each. */
async function expectedKeys(): Promise<string[]> {
  const { rows } = await sql<{ k: string }>`
    SELECT DISTINCT concat_ws('|', s.data->>'measures_point_id', s.data->>'year', s.data->>'name', s.data->>'sampled') AS k
    FROM import_staged_rows s
    JOIN import_files f ON f.id = s.file_id AND f.status = 'success'
    JOIN import_reports r ON r.id = f.report_id AND r.status = 'agreed'
    WHERE r.id = ${report.reportId}
    ORDER BY 1`.execute(t.database.db)
  return rows.map((r) => r.k)
}

async function publicKeys(): Promise<string[]> {
  const { rows } = await sql<{ k: string }>`
    SELECT concat_ws('|', measures_point_id::text, year::text, name, sampled::text) AS k FROM measures_point_indications
    WHERE name IN (${sql.join(MARKERS)}) ORDER BY 1`.execute(t.database.db)
  return rows.map((r) => r.k)
}

describe('publication under random uploads, checks, decisions, file and point deletions and replays', () => {
  beforeAll(async () => {
    holder = await actorOf(t.database.db, 'holder1')
    department = await actorOf(t.database.db, 'department')
    admin = await actorOf(t.database.db, 'admin')
    // The two substances and the units the uploads write, in the reference data through the administrators' command.
    for (const unit of UNITS.map(([u]) => u)) {
      if (!(await t.database.db.selectFrom('units').select('id').where('name', '=', unit).executeTakeFirst())) acceptedAnswer(await addReferenceEntry(adminContext(), { kind: 'unit', values: { name: unit } }))
    }
    const { id: water } = await t.database.db.selectFrom('units').select('id').where('name', '=', 'мг/дм³').executeTakeFirstOrThrow()
    for (const [i, name] of MARKERS.entries()) acceptedAnswer(await addReferenceEntry(adminContext(), { kind: 'substance', values: { name, unit_id: String(water), mpc: String(LIMITS[i]).replace('.', ','), mpc_max: '' } }))
    report = await prepareAreaReport(commandContext(t.database.db, t.queue, t.app.config.storageDir, holder), 'observation_results', 2024)
    const { rows } = await sql<{ tbl: string; col: string }>`
      SELECT c.conrelid::regclass::text AS tbl, a.attname AS col FROM pg_constraint c
      JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = ANY (c.conkey)
      WHERE c.contype = 'f' AND c.confrelid = 'measures_points'::regclass`.execute(t.database.db)
    referencing = rows
    const demo = report.points.find((p) => p.kind === 'surface_water')!.nomenclature
    const { id } = await t.database.db.selectFrom('measures_points').select('id').where('nomenclature', '=', demo).where('area_id', '=', report.areaId).executeTakeFirstOrThrow()
    points.push({ id, nomenclature: demo }, await addPoint(), await addPoint())
  })

  it('shows each agreed reading once, exactly the rows of the agreed files, with the replay finding no difference', async () => {
    let refused = 0
    let accepted = 0
    let sameBytes = 0
    let mostShown = 0
    await fc.assert(
      fc.asyncProperty(fc.array(stepArb, { minLength: 6, maxLength: 14 }), fc.array(styleArb, { minLength: 14, maxLength: 14 }), async (steps, styles) => {
        for (const [index, drawn] of steps.entries()) {
          const style = styles[index]
          const step: Step = drawn.kind === 'upload' ? { ...drawn, ...style } : drawn
          for (const attempt of style.unitChange ? [{ kind: 'unit-change' as const }, step] : [step]) {
            try {
              await run(attempt)
              accepted += 1
            } catch (error) {
              // A refusal is an answer (never a 500), and a refused step changes nothing below.
              if (!(error instanceof CommandRefused)) throw error
              expect([400, 403, 404, 409]).toContain(refusalAnswer(error.refusal).status)
              if (error.refusal.reason === 'duplicate-file') sameBytes += 1
              refused += 1
            }
          }
          // The publication job every decision and passed check enqueues, run as the queue would.
          await syncReportPublication(t.database.db, report.reportId)
          if (index % 3 === 2) await run({ kind: 'forge', what: FORGERIES[(forgeryTurn++) % FORGERIES.length] })
          const shown = await publicKeys()
          expect(new Set(shown).size, 'one public row per key').toBe(shown.length)
          expect(shown).toEqual(await expectedKeys())
          mostShown = Math.max(mostShown, shown.length)
          const verified = await verifyProjections(t.database.db)
          expect(verified.differences).toEqual([])
          expect(verified.chain.broken).toBeNull()
          // The public record is what the log recorded: the agreed files' rows, the seed's rows, the limits.
          expect(verified.publicRecord!.findings).toEqual([])
          await expectReadingsAgainstTheReference()
        }
      }),
      { numRuns: 8, seed: Number(process.env.PUBLICATION_PROPERTY_SEED ?? 2120) },
    )
    // The sequences reached what the property is about: the same bytes refused, rows repeated across files refused by
    // the check, and readings published.
    expect(refused).toBeGreaterThan(0)
    expect(accepted).toBeGreaterThan(0)
    expect(sameBytes).toBeGreaterThan(0)
    expect(mostShown).toBeGreaterThan(0)
    const repeatedRows = await sql<{ n: number }>`SELECT count(*)::int AS n FROM import_files WHERE report_id = ${report.reportId} AND problems @> '[{"kind":"duplicate"}]'`.execute(t.database.db)
    expect(repeatedRows.rows[0].n).toBeGreaterThan(0)
    // Points were deleted and deletions refused; a file naming a deleted point failed its check.
    expect(pointsDeleted).toBeGreaterThan(0)
    expect(pointDeletionsRefused).toBeGreaterThan(0)
    expect(filesOfDeletedPointsFailed).toBeGreaterThan(0)
    // Forgeries were tried: some took effect and verify named each, some the database refused.
    expect(forgeriesSeen).toBeGreaterThan(0)
    expect(forgeriesRefused).toBeGreaterThan(0)
    // The reference changed a unit, and some of those changes converted published readings.
    expect(unitChanges).toBeGreaterThan(0)
    expect(unitChangesWithReadings).toBeGreaterThan(0)
  }, 900_000)
})
