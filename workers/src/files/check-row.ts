// Checks one data row against the template's columns and the report: pure, over plain values.
import type { ColumnSpec } from '@portal/workflow-domain/registry.ts'
import type { Problem } from './file-problem.ts'
import {
  canonicalUnit, unitFitsKind, convertible, convertUnit, defaultLimitUnit, unitsConvertibleTo, foldName, limitAsOf,
  POINT_KINDS, type PointKindCode, type RecordedChange, regionDay, implausibleBound, co2Equivalent,
  CO2_EQUIVALENT_TOLERANCE,
} from '@portal/workflow-domain/registry.ts'
import { formatNumber, formatTimes, multipleOf, regionDayStart, nextDayStart } from '@portal/workflow-domain/views.ts'

export interface ReferenceRecord {
  id: number
  /** Point kind (measuring points), for the unit check. */
  kind?: string
}

export interface RowContext {
  /** The report's year: every row belongs to it. */
  year: number
  /** Where references must be found, for messages: «на участке «Южный (3)»». */
  scope: string
  /** Per reference field: normalized lookup text → record. */
  references: Record<string, ReadonlyMap<string, ReferenceRecord>>
  /** The last day a sampling date may fall on (today). */
  today: Date
  /**
   * Per substance (normalized name), the units its ПДК is given in by the reference data (`substances`): a reading
   * is stored in the one its unit converts to. A substance not listed takes its unit family's first unit.
   */
  limitUnits?: ReadonlyMap<string, readonly string[]>
  /**
   * Last year's published readings of the report's points per point and substance (`lastYearKey`), summed per unit
   * they were published in: a new value that differs from their mean in its own unit by more than `factor` times (the
   * upload declaration's `lastYear.factor`, declared once in the registry) is worth a look.
   */
  lastYear?: { factor: number; readings: ReadonlyMap<string, readonly LastYearReadings[]> }
  /**
   * The reference data's substances by folded name (`foldName`): when given, a row's substance must be one of them
   * (of those whose unit suits the point's kind), is published under the reference's name, and is judged against the
   * reference's limit in force on its sampling day (decision 3410).
   */
  substances?: ReadonlyMap<string, readonly SubstanceEntry[]>
}

/** A substance of the reference data with its limits today and every change of them the log recorded. */
export interface SubstanceEntry {
  id: number
  name: string
  unit: string
  mpc: number | null
  mpcMax: number | null
  /** The recorded changes of the entry, in log order (`limitAsOf` takes today's limits back through them, in today's unit). */
  changes?: readonly RecordedChange[]
}

/**
 * How far the file's ПДК (converted into the reading's unit) may differ from the reference's before the row is
 * warned of it: a relative tolerance, so 0,2 and 0,2000001 agree and 0,2 and 0,02 do not.
 */
export const LIMIT_TOLERANCE = 0.001

/** Last year's readings of one point and substance kept in one unit. */
export interface LastYearReadings {
  unit: string
  sum: number
  count: number
}

/**
 * The mean of last year's readings given in `unit`: each unit's sum converted first, so readings published in мкг/дм³
 * before decision 2130 count as their мг/дм³, not a thousand times more; a unit that does not convert is left out.
 */
export function lastYearMean(readings: readonly LastYearReadings[], unit: string): number | undefined {
  let sum = 0
  let count = 0
  for (const group of readings) {
    const converted = convertUnit(group.sum, group.unit, unit)
    if (converted === null || !Number.isFinite(converted)) continue
    sum += converted
    count += group.count
  }
  return count > 0 ? sum / count : undefined
}

export type RowValues = Record<string, string | number | null>

/**
 * A good row may carry warnings (kept beside the file, never failing it); a bad row carries its errors and warnings.
 * `notices` are warnings the file's findings say once per column and reason (a unit's other spelling, a conversion):
 * the first row that gives one is named, the others repeat nothing.
 */
export type RowResult =
  | { ok: true; values: RowValues; warnings?: Problem[]; notices?: Problem[] }
  | { ok: false; problems: Problem[]; warnings?: Problem[]; notices?: Problem[] }

/** A value this many times its limit is kept, with a warning: most often a unit or a decimal separator gone wrong. */
export const SUSPICIOUS_MPC_MULTIPLE = 10

/** The key of last year's value: the point's id and the substance's name as lookups compare it. */
export const lastYearKey = (pointId: number, name: string) => `${pointId}\u0000${normalizeLookup(name)}`

/** Lookup text compares by the one fold of names and codes (`foldName`: case, spaces, look-alikes, ё/е, subscripts). */
export const normalizeLookup = foldName

/** A cell as text: exceljs rich text, formulas and hyperlinks give their shown text. */
export function cellText(cell: unknown): string {
  if (cell === null || cell === undefined) return ''
  if (typeof cell === 'string') return cell.trim()
  if (typeof cell === 'number' || typeof cell === 'boolean') return String(cell)
  if (cell instanceof Date) return cell.toISOString().slice(0, 10)
  if (typeof cell === 'object') {
    const o = cell as { richText?: Array<{ text: string }>; result?: unknown; text?: unknown; error?: string }
    if (Array.isArray(o.richText)) return o.richText.map((r) => r.text).join('').trim()
    if ('result' in o) return cellText(o.result)
    if ('text' in o) return cellText(o.text)
    if (o.error) return o.error
  }
  return String(cell)
}

/** The longest text a catalogue field takes from a file: a name or a unit, never a document. */
const MAX_TEXT = 1000

const NUMBER = /^[+-]?(\d+([.,]\d*)?|[.,]\d+)([eE][+-]?\d+)?$/

/** A number written by a person: decimal comma, spaces or no-break spaces between thousands. */
function parseNumber(cell: unknown): number | null {
  if (typeof cell === 'number') return Number.isFinite(cell) ? cell : null
  if (typeof cell === 'object' && cell !== null && 'result' in cell) return parseNumber((cell as { result: unknown }).result)
  let text = cellText(cell)
  if (!NUMBER.test(text)) {
    text = text.replace(/[\s\u00a0\u202f]/g, '')
    if (!NUMBER.test(text)) return null
  }
  return Number(text.replace(',', '.'))
}

/** A number written beyond what a double holds (1e400) reads as Infinity: it is refused, never stored. */
const OUT_OF_RANGE = 'число вне допустимого диапазона'

const EXCEL_EPOCH = Date.UTC(1899, 11, 30)

/** A day as the calendar has it, or null (2026-02-30 is not rolled over into March). */
function calendarDay(y: number, m: number, d: number): string | null {
  const check = new Date(Date.UTC(y, m - 1, d))
  if (check.getUTCFullYear() !== y || check.getUTCMonth() !== m - 1 || check.getUTCDate() !== d) return null
  return `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`
}

const DOTTED = /^(\d{1,2})\.(\d{1,2})\.(\d{4})(?:\s+\d{1,2}:\d{2}(?::\d{2})?)?$/
const ISO = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:[.,]\d+)?)?\s*(Z|[+-]\d{2}:?\d{2})?)?$/i

/**
 * A sampling date as yyyy-mm-dd, read in the region's time (`REGION_TIME_ZONE`): dd.mm.yyyy or yyyy-mm-dd with or
 * without a time of day (a wall-clock time is the region's), an ISO instant with its zone (2026-03-11T22:00:00Z is
 * 12.03.2026 there), an Excel date or date-time (Excel keeps wall-clock time, so its day is the day written). Null
 * when it is not a real calendar date.
 */
export function parseDate(cell: unknown): string | null {
  if (cell instanceof Date) {
    // exceljs hands a cell's wall-clock date and time over as the same numbers in UTC.
    if (Number.isNaN(cell.getTime())) return null
    return calendarDay(cell.getUTCFullYear(), cell.getUTCMonth() + 1, cell.getUTCDate())
  }
  if (typeof cell === 'number') {
    if (!Number.isFinite(cell) || cell < 1 || cell >= 2958466) return null
    const date = new Date(EXCEL_EPOCH + Math.floor(cell) * 86_400_000)
    return calendarDay(date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate())
  }
  const text = cellText(cell)
  let match = DOTTED.exec(text)
  if (match) return calendarDay(Number(match[3]), Number(match[2]), Number(match[1]))
  match = ISO.exec(text)
  if (!match) return null
  const day = calendarDay(Number(match[1]), Number(match[2]), Number(match[3]))
  if (day === null || match[7] === undefined) return day
  const zone = match[7].toUpperCase() === 'Z' ? 'Z' : match[7].replace(/^([+-]\d{2}):?(\d{2})$/, '$1:$2')
  const moment = new Date(`${day}T${match[4]}:${match[5]}:${match[6] ?? '00'}${zone}`)
  return Number.isNaN(moment.getTime()) ? null : regionDay(moment)
}

function shown(cell: unknown): string {
  return cellText(cell).slice(0, 100)
}

// Hot path: no closures are made per row (each one costs an allocation, and a naming call under tsx).
function problem(problems: Problem[], row: number, column: ColumnSpec, cell: unknown, reason: string): void {
  problems.push({ row, column: column.header, value: shown(cell), reason })
}

/** Warnings are few: the list is made only when a row has one. */
function warning(warnings: Problem[] | undefined, row: number, column: ColumnSpec, cell: unknown, reason: string): Problem[] {
  const list = warnings ?? []
  list.push({ row, column: column.header, value: shown(cell), reason, level: 'warning' })
  return list
}

/** Where the cross-column rules find their columns: worked out once per column list, not once per row. */
interface RuleColumns {
  year: number
  name: number
  sampled: number
  measure: number
  mpc: number
  mpcMax: number
  value: number
  total: number
}
const ruleColumns = new WeakMap<readonly ColumnSpec[], RuleColumns>()
function rulesOf(columns: readonly ColumnSpec[]): RuleColumns {
  let found = ruleColumns.get(columns)
  if (!found) {
    const at = (column: string) => columns.findIndex((c) => c.column === column)
    found = { year: at('year'), name: at('name'), sampled: at('sampled'), measure: at('measure'), mpc: at('mpc'), mpcMax: at('mpc_max'), value: at('value'), total: at('total') }
    ruleColumns.set(columns, found)
  }
  return found
}
const todays = new WeakMap<Date, string>()
/** «Today» for the future-date rule is the region's day (at 00:52 in Yekaterinburg it is already tomorrow in UTC's terms). */
function isoDay(date: Date): string {
  let day = todays.get(date)
  if (!day) {
    day = regionDay(date)
    todays.set(date, day)
  }
  return day
}

/**
 * The row's values by table column, or every problem of the row. `indexes` maps each template column to its
 * position in the file (from matchHeader); rowNumber is the row as the license holder sees it in the file.
 */
export function checkRow(
  cells: readonly unknown[],
  rowNumber: number,
  columns: readonly ColumnSpec[],
  indexes: readonly number[],
  context: RowContext,
): RowResult {
  const problems: Problem[] = []
  const values: RowValues = {}
  let warnings: Problem[] | undefined
  let pointKind: string | undefined
  let notices: Problem[] | undefined
  /** False once the unit is known not to be the ПДК's: the value is then not compared with it. */
  let comparable = true

  for (let i = 0; i < columns.length; i++) {
    const column = columns[i]
    const cell = cells[indexes[i]]
    const text = cellText(cell)
    if (text === '') {
      if (column.required) problem(problems, rowNumber, column, cell, 'значение обязательно')
      values[column.column] = null
      continue
    }
    switch (column.type) {
      case 'text':
        if (text.length > MAX_TEXT) problem(problems, rowNumber, column, cell, `текст длиннее ${MAX_TEXT} знаков`)
        else values[column.column] = text
        break
      case 'number':
      case 'integer': {
        const value = parseNumber(cell)
        if (value === null) problem(problems, rowNumber, column, cell, 'ожидается число')
        else if (!Number.isFinite(value)) problem(problems, rowNumber, column, cell, OUT_OF_RANGE)
        else if (column.type === 'integer' && !Number.isInteger(value)) problem(problems, rowNumber, column, cell, 'ожидается целое число')
        else if (column.min !== undefined && value < column.min) problem(problems, rowNumber, column, cell, 'значение не может быть отрицательным')
        else values[column.column] = value
        break
      }
      case 'date': {
        const value = parseDate(cell)
        if (value === null) problem(problems, rowNumber, column, cell, 'ожидается дата ДД.ММ.ГГГГ')
        else values[column.column] = value
        break
      }
      case 'reference': {
        const found = context.references[column.field]?.get(normalizeLookup(text))
        if (!found) {
          problem(problems, rowNumber, column, cell, column.lookup?.withinReport ? `${column.lookup.notFound} ${context.scope}` : (column.lookup?.notFound ?? 'нет в справочнике'))
        } else {
          values[column.column] = found.id
          pointKind = found.kind
        }
        break
      }
    }
  }

  // Rules between columns, checked once each value is readable.
  const rules = rulesOf(columns)
  if (rules.year >= 0 && typeof values.year === 'number' && values.year !== context.year) {
    problem(problems, rowNumber, columns[rules.year], cells[indexes[rules.year]], `год не совпадает с годом отчёта (${context.year})`)
  }
  if (rules.sampled >= 0 && typeof values.sampled === 'string') {
    if (typeof values.year === 'number' && Number(values.sampled.slice(0, 4)) !== values.year) problem(problems, rowNumber, columns[rules.sampled], cells[indexes[rules.sampled]], 'дата отбора не в отчётном году')
    else if (values.sampled > isoDay(context.today)) problem(problems, rowNumber, columns[rules.sampled], cells[indexes[rules.sampled]], 'дата отбора в будущем')
  }
  // The substance as the reference data names it, for the point's kind: one fold, one name, one key (decision 3410).
  let substance: readonly SubstanceEntry[] | undefined
  if (context.substances && rules.name >= 0 && typeof values.name === 'string' && pointKind !== undefined) {
    substance = substancesFor(values.name, pointKind, context.substances)
    if (substance.length > 0) values.name = substance[0].name
    else {
      // A name the reference lacks for the point's kind is refused, naming the names its template offers (decision 3412).
      comparable = false
      problem(problems, rowNumber, columns[rules.name], cells[indexes[rules.name]], unknownSubstance(pointKind, context.substances))
    }
  }
  /** The unit the file wrote the row in (its ПДК too), before the value is taken into the unit of its limit. */
  let fileUnit: string | undefined
  if (rules.measure >= 0 && typeof values.measure === 'string') {
    const fits = !pointKind || unitFitsKind(values.measure, pointKind)
    if (!fits) {
      comparable = false
      problem(problems, rowNumber, columns[rules.measure], cells[indexes[rules.measure]], 'единица измерения не подходит для пункта наблюдения этого вида')
    }
    // One spelling in the catalogue whatever the file wrote (мг/м3, мг/м³); the holder is told what was taken.
    const written = values.measure
    values.measure = canonicalUnit(written)
    fileUnit = values.measure
    if (values.measure !== written) notices = warning(notices, rowNumber, columns[rules.measure], cells[indexes[rules.measure]], `единица «${written}» принята как «${values.measure}»`)
    // The value goes into the unit of its ПДК (45 мкг/м³ of NO2 is 0,045 мг/м³), before it is compared with the ПДК.
    const name = typeof values.name === 'string' ? values.name : null
    const target = fits ? limitUnitOf(values.measure, name, pointKind, context) : values.measure
    if (target === null) {
      comparable = false
      problem(problems, rowNumber, columns[rules.measure], cells[indexes[rules.measure]], limitUnitRefusal(values.measure, name!, pointKind, context))
    } else if (target !== values.measure) {
      if (rules.value >= 0 && typeof values.value === 'number') {
        const value = convertUnit(values.value, values.measure, target)!
        if (Number.isFinite(value)) values.value = value
        else {
          comparable = false
          problem(problems, rowNumber, columns[rules.value], cells[indexes[rules.value]], `значение в ${target} (единица ПДК) вне допустимого диапазона`)
        }
      }
      notices = notices ?? []
      notices.push(conversionNotice(columns[rules.value >= 0 ? rules.value : rules.measure], values.measure, target))
      values.measure = target
    }
  }
  // The file's own limits are judged as the file wrote them, before the reference's take their place.
  const fileMpc = values.mpc
  const fileMpcMax = values.mpc_max
  // The limit of record is the reference's in force on the sampling day, in the value's unit; the file's is compared.
  if (comparable && substance && substance.length > 0 && typeof values.measure === 'string' && fileUnit !== undefined) {
    const entry = substance.find((e) => canonicalUnit(e.unit) === values.measure)
    if (entry) {
      const moment = limitMoment(values.sampled, context.year)
      const changes = entry.changes ?? []
      const limits: Array<[string, number, number | null]> = [
        ['mpc', rules.mpc, limitAsOf(entry.mpc, changes, 'mpc', moment)],
        ['mpc_max', rules.mpcMax, limitAsOf(entry.mpcMax, changes, 'mpc_max', moment)],
      ]
      for (const [column, at, reference] of limits) {
        if (at < 0) continue
        const written = values[column]
        const converted = typeof written === 'number' ? convertUnit(written, fileUnit, values.measure) : null
        if (typeof written === 'number' && reference !== null && converted !== null && !(Math.abs(converted - reference) <= LIMIT_TOLERANCE * reference)) {
          const inUnit = fileUnit === values.measure ? '' : ` (${formatNumber(converted)} ${values.measure})`
          warnings = warning(warnings, rowNumber, columns[at], cells[indexes[at]], `${columns[at].header} в файле ${formatNumber(written)} ${fileUnit}${inUnit} не совпадает с ${columns[at].header} справочника ${formatNumber(reference)} ${values.measure} для вещества «${entry.name}»: принята ${columns[at].header} справочника`)
        }
        values[column] = reference ?? (converted !== null && Number.isFinite(converted) ? converted : null)
      }
      // A file's maximum below the reference's ПДК is a limit of the file's own mistaken unit: it is not kept.
      if (typeof values.mpc === 'number' && typeof values.mpc_max === 'number' && values.mpc_max < values.mpc) values.mpc_max = null
    }
  }
  if (comparable && rules.value >= 0 && typeof values.value === 'number' && typeof values.measure === 'string') {
    const bound = implausibleBound(values.value, values.measure, typeof values.name === 'string' ? values.name : null)
    if (bound) problem(problems, rowNumber, columns[rules.value], cells[indexes[rules.value]], `значение больше правдоподобного (не более ${formatNumber(bound.max)} ${bound.unit}): проверьте единицу измерения и разделитель дробной части`)
  }
  if (rules.total >= 0 && typeof values.total === 'number') {
    const sum = co2Equivalent(values)
    if (Math.abs(values.total - sum) > Math.max(CO2_EQUIVALENT_TOLERANCE.absolute, CO2_EQUIVALENT_TOLERANCE.relative * Math.abs(sum))) {
      problem(problems, rowNumber, columns[rules.total], cells[indexes[rules.total]], `«${columns[rules.total].header}» ${formatNumber(values.total)} не равно сумме газов, умноженных на их потенциалы глобального потепления (AR4): ${formatNumber(sum)}`)
    }
  }
  if (rules.mpcMax >= 0 && typeof fileMpc === 'number' && typeof fileMpcMax === 'number' && fileMpcMax < fileMpc) {
    problem(problems, rowNumber, columns[rules.mpcMax], cells[indexes[rules.mpcMax]], 'ПДК максимальная меньше ПДК')
  }
  const multiple = comparable && rules.value >= 0 && typeof values.value === 'number' && typeof values.mpc === 'number' ? multipleOf(values.value, values.mpc) : null
  if (multiple !== null && multiple > SUSPICIOUS_MPC_MULTIPLE) {
    warnings = warning(warnings, rowNumber, columns[rules.value], cells[indexes[rules.value]], `значение выше ПДК ${formatTimes(multiple)}: проверьте единицу измерения и разделитель дробной части`)
  }
  const pointId = values.measures_point_id
  const lastReadings = context.lastYear && typeof pointId === 'number' && typeof values.name === 'string' ? context.lastYear.readings.get(lastYearKey(pointId, values.name)) : undefined
  const last = lastReadings && typeof values.measure === 'string' ? lastYearMean(lastReadings, values.measure) : undefined
  if (comparable && last !== undefined && last > 0 && rules.value >= 0 && typeof values.value === 'number' && values.value > 0) {
    const ratio = values.value / last
    const factor = context.lastYear!.factor
    if (ratio > factor || ratio < 1 / factor) {
      const times = formatTimes(ratio > 1 ? ratio : 1 / ratio)
      warnings = warning(warnings, rowNumber, columns[rules.value], cells[indexes[rules.value]], `значение ${times} ${ratio > 1 ? 'больше' : 'меньше'} среднего за прошлый год (${formatNumber(last)}): проверьте единицу измерения и разделитель дробной части`)
    }
  }
  if (problems.length) return { ok: false, problems, ...(warnings ? { warnings } : {}), ...(notices ? { notices } : {}) }
  if (notices) return warnings ? { ok: true, values, warnings, notices } : { ok: true, values, notices }
  return warnings ? { ok: true, values, warnings } : { ok: true, values }
}

/**
 * The unit a reading is stored in: the unit of its substance's ПДК in the reference data (of those that suit the
 * point's kind, the one the written unit converts to), or, for a substance the reference data does not list, the
 * first unit of the written unit's family; null when the unit converts to none of the substance's ПДК units.
 * Hot path: loops, no array or closure per row.
 */
function limitUnitOf(unit: string, name: string | null, kind: string | undefined, context: RowContext): string | null {
  const listed = name === null ? undefined : context.limitUnits?.get(normalizeLookup(name))
  let listedForKind = false
  if (listed) {
    for (let i = 0; i < listed.length; i++) {
      const limit = listed[i]
      if (kind && !unitFitsKind(limit, kind)) continue
      listedForKind = true
      if (convertible(unit, limit)) return limit
    }
  }
  return listedForKind ? null : defaultLimitUnit(unit)
}

/** Why a unit is refused: the substance's ПДК units and every unit that converts to one of them (for the kind). */
function limitUnitRefusal(unit: string, name: string, kind: string | undefined, context: RowContext): string {
  const units = (context.limitUnits?.get(normalizeLookup(name)) ?? []).filter((u) => !kind || unitFitsKind(u, kind))
  const allowed = [...new Set(units.flatMap((u) => unitsConvertibleTo(u)))].filter((u) => !kind || unitFitsKind(u, kind))
  return `единица «${unit}» не пересчитывается в единицу ПДК ${units.map((u) => `«${u}»`).join(' или ')}: для вещества «${name}» допустимы ${allowed.join(', ')}`
}

const notices = new Map<string, Problem>()

/** Said once per column and pair of units in a file's findings; made once per process, not once per row. */
function conversionNotice(column: ColumnSpec, from: string, to: string): Problem {
  const key = `${column.header}\u0000${from}\u0000${to}`
  let notice = notices.get(key)
  if (!notice) {
    notice = { column: column.header, reason: `Значения в ${from} пересчитаны в ${to} (единица ПДК)`, level: 'warning' }
    if (notices.size < 1000) notices.set(key, notice)
  }
  return notice
}

/** The moment whose limits a reading is judged by: the end of its sampling day in the region, or of its year. */
function limitMoment(sampled: unknown, year: number): Date {
  const day = typeof sampled === 'string' ? regionDayStart(sampled) : null
  return nextDayStart(day ?? regionDayStart(`${year}-12-31`)!)
}

/** Past this many, the allowed names of a kind are cut short in a message. */
const NAMES_LISTED = 40

const namesByKind = new WeakMap<ReadonlyMap<string, readonly SubstanceEntry[]>, Map<string, string>>()

/** Why a substance is refused: the point kind's names in the reference data (those its template's list offers). */
function unknownSubstance(kind: string, substances: ReadonlyMap<string, readonly SubstanceEntry[]>): string {
  let memo = namesByKind.get(substances)
  if (!memo) namesByKind.set(substances, (memo = new Map()))
  let reason = memo.get(kind)
  if (reason === undefined) {
    const names = [...new Set([...substances.values()].flat().filter((e) => unitFitsKind(e.unit, kind)).map((e) => e.name))].sort((a, b) => a.localeCompare(b, 'ru'))
    const label = POINT_KINDS[kind as PointKindCode] ?? kind
    const listed = names.slice(0, NAMES_LISTED).map((n) => `«${n}»`).join(', ')
    const more = names.length > NAMES_LISTED ? ` и ещё ${names.length - NAMES_LISTED}` : ''
    reason = names.length === 0
      ? `вещества нет в справочнике: для пунктов вида «${label}» справочник не содержит веществ`
      : `вещества нет в справочнике для пунктов вида «${label}»: допустимы ${listed}${more}`
    memo.set(kind, reason)
  }
  return reason
}

const byKind = new WeakMap<ReadonlyMap<string, readonly SubstanceEntry[]>, Map<string, readonly SubstanceEntry[]>>()

/** The reference entries of a name (folded) whose unit suits the point's kind; memoised per name and kind. */
function substancesFor(name: string, kind: string, substances: ReadonlyMap<string, readonly SubstanceEntry[]>): readonly SubstanceEntry[] {
  let memo = byKind.get(substances)
  if (!memo) byKind.set(substances, (memo = new Map()))
  const key = `${kind}\u0000${foldName(name)}`
  let found = memo.get(key)
  if (!found) {
    found = (substances.get(foldName(name)) ?? []).filter((e) => unitFitsKind(e.unit, kind))
    if (memo.size < 10_000) memo.set(key, found)
  }
  return found
}
