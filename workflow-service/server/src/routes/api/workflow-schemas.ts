// The answers of the workflow API as TypeBox schemas: the contract of spec §7, and fast serialisation.
import { type Static, type TSchema, Type } from 'typebox'
import { REPORT_TYPE_CODES, REPORT_STATUS_CODES, FILE_STATUS_CODES, Literals } from '@portal/workflow-domain/views.ts'

// Dates leave the database as Date objects; the serialiser writes them as ISO strings.
const DateTime = Type.Unsafe<Date | string>({ type: 'string', format: 'date-time' })
const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()])
const Named = Type.Object({ id: Type.Integer(), name: Type.String() })
/** A report type code. TypeBox needs the literals written out; the check below fails to compile when they and the
 * declared report types (report-types.ts) differ. */
export const ReportTypeValue = Type.Union([Type.Literal('final_report'), Type.Literal('program'), Type.Literal('observation_results'), Type.Literal('greenhouse_gases')])
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false
const reportTypesAgree: Same<Static<typeof ReportTypeValue>, (typeof REPORT_TYPE_CODES)[number]> = true
void reportTypesAgree

export const PageOf = <T extends TSchema>(item: T) =>
  Type.Object({ count: Type.Integer(), next: Nullable(Type.String()), previous: Nullable(Type.String()), results: Type.Array(item) })

export const ResponsibleAnswer = Type.Object({
  id: Type.Integer(),
  year: Type.Integer(),
  area: Nullable(Named),
  company: Named,
  fullname: Type.String(),
  position: Type.String(),
  phone: Type.String(),
  email: Type.String(),
  labs_name: Nullable(Type.String()),
  labs_contacts: Nullable(Type.String()),
  added: DateTime,
  updated: DateTime,
})

export const ImportFileAnswer = Type.Object({
  id: Type.Integer(),
  file: Type.String(),
  name: Type.String(),
  description: Type.String(),
  status: Literals(FILE_STATUS_CODES),
  size: Type.Integer(),
  content_type: Type.String(),
  report: Type.Object({ id: Type.Integer() }),
  year: Type.Integer(),
  report_type: ReportTypeValue,
  ecomon_responsible: Nullable(Type.Integer()),
  company_responsible: Nullable(Type.Integer()),
  /** The first problem the check found; the full list is at /import-files/{id}/problems/. */
  error: Nullable(Type.String()),
  problems_count: Type.Integer(),
  created: DateTime,
  updated: DateTime,
  creator: Type.String(),
})

export const ProblemsAnswer = Type.Object({
  id: Type.Integer(),
  status: Type.String(),
  count: Type.Integer(),
  results: Type.Array(
    Type.Object({
      row: Type.Optional(Type.Integer()),
      column: Type.Optional(Type.String()),
      value: Type.Optional(Type.String()),
      reason: Type.String(),
      level: Type.Union([Type.Literal('error'), Type.Literal('warning')], { description: 'error — файл не принят; warning — принят, но стоит проверить' }),
    }),
  ),
})

const Change = Type.Object({
  kind: Type.String({ description: 'relative — относительное изменение; from-zero — было 0; only-now — раньше не измерялось; only-before — нет в этом раунде; none' }),
  relative: Type.Optional(Type.Number({ description: 'Относительное изменение: 0,25 — на 25 % больше' })),
  factor: Type.Optional(Type.Number({ description: 'Во сколько раз больше или меньше (порядок строк)' })),
})

/** One point and substance of «Что изменилось» (decision 3714). */
export const ChangeRowAnswer = Type.Object({
  point: Type.Object({ id: Type.Integer(), nomenclature: Nullable(Type.String()), name: Type.String() }),
  substance: Type.String(),
  unit: Type.String({ description: 'Единица всех средних строки: единица ПДК показателя в этом раунде' }),
  current: Nullable(Type.Number({ description: 'Среднее значение в этом раунде' })),
  currentCount: Type.Integer(),
  previous: Nullable(Type.Number({ description: 'Среднее значение в отклонённом прошлом раунде' })),
  lastYear: Nullable(Type.Number({ description: 'Среднее опубликованное значение за прошлый год' })),
  fromPrevious: Change,
  fromLastYear: Change,
  plausibility: Nullable(
    Type.Object({ value: Type.Number(), times: Type.Number(), direction: Type.String() }, { description: 'Значение этого раунда, отличающееся от среднего за прошлый год больше чем в factor раз' }),
  ),
  roundJump: Type.Boolean({ description: 'Среднее изменилось к прошлому раунду больше чем в factor раз' }),
})

/** A file checked before sending (nothing registered): its findings, as a registered file's problems. */
export const PrecheckAnswer = Type.Object({
  name: Type.String(),
  ok: Type.Boolean({ description: 'true — файл прошёл бы проверку при отправке' }),
  rows: Type.Integer({ description: 'строк данных прочитано' }),
  count: Type.Integer(),
  results: ProblemsAnswer.properties.results,
  changes: Type.Optional(
    Nullable(
      Type.Object(
        {
          previousRound: Nullable(Type.Integer()),
          lastYear: Type.Integer(),
          factor: Type.Number(),
          count: Type.Integer(),
          marked: Type.Integer(),
          results: Type.Array(ChangeRowAnswer),
        },
        { description: 'Результаты наблюдений: что изменится против отклонённого раунда и прошлого года (самые большие изменения, не более 20 строк)' },
      ),
    ),
  ),
})

export const StatusChangeAnswer = Type.Object({
  id: Type.Integer(),
  report: Type.Object({ id: Type.Integer() }),
  event: Type.Union([Type.Literal('agreed'), Type.Literal('rejected'), Type.Literal('cancelled'), Type.Literal('resubmitted')]),
  event_display: Type.String(),
  comment: Type.String(),
  files: Type.Array(Type.Object({ id: Type.String(), name: Type.String(), size: Type.Integer(), file: Type.String() })),
  created: DateTime,
  creator: Type.String(),
})

export const ImportReportAnswer = Type.Object({
  id: Type.Integer(),
  report_type: ReportTypeValue,
  status: Literals(REPORT_STATUS_CODES),
  /** 1 for the first submission; more when the declined report was sent again with a corrected file. */
  round: Type.Integer(),
  year: Type.Integer(),
  area: Nullable(Type.Object({ id: Type.Integer(), name: Type.String(), company: Named })),
  company: Named,
  files: Type.Array(ImportFileAnswer),
  status_change: Nullable(StatusChangeAnswer),
  created: DateTime,
  updated: DateTime,
})

export const HistoryEntryAnswer = Type.Object({
  id: Type.Integer(),
  created: DateTime,
  event: Type.Union([Type.Literal('added'), Type.Literal('agreed'), Type.Literal('rejected'), Type.Literal('deleted'), Type.Literal('resubmitted'), Type.Literal('cancelled'), Type.Literal('message')]),
  import_files: Type.Array(Named),
  report: Type.Object({ id: Type.Integer(), year: Type.Integer(), area: Nullable(Named), report_type: ReportTypeValue }),
  creator: Type.Object({ id: Nullable(Type.Integer()), username: Type.String() }),
})
