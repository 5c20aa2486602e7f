// The downloadable XLSX templates of the data reports, generated from the import specs: headers, each column explained
// with an example of the report's year, and drop-down lists (data validation) on the reference columns: substances,
// units, categories, point codes.
import ExcelJS from 'exceljs'
import { type Kysely, sql, type Transaction } from 'kysely'
import type { Database } from '@portal/migrations/database.ts'
import { copiedRows, type CopiedRow } from './copy-forward.server.ts'
import { normalizeLookup } from '../files/check-row.ts'
import { greenhouseCategories, UNITS_BY_POINT_KIND, defaultLimitUnit, unitsConvertibleTo, UPLOAD_TEMPLATES, type ColumnSpec, type TemplateSpec, substancesOf } from '@portal/workflow-domain/registry.ts'

/** A downloadable template: declared with its type in the registry (`upload.templates`). */
export type ReportTemplate = TemplateSpec

/** The values offered as a drop-down list, per column field. */
export type TemplateLists = Partial<Record<'measures_point' | 'name' | 'measure' | 'greenhouse_category', readonly string[]>>

/** Rows of the «Данные» sheet that carry the drop-downs: more than any report file has in practice. */
export const LIST_ROWS = 5000

/** Columns whose list is advisory: a value not in it is allowed after a warning (a substance the list lacks). */
const ADVISORY: ReadonlySet<string> = new Set(['name'])

/** When the templates last changed: shown as the template's date (spec §3, Report template). */
const TEMPLATES_REVISED = new Date('2026-11-21T00:00:00Z')

export const REPORT_TEMPLATES: readonly ReportTemplate[] = UPLOAD_TEMPLATES

const TYPE_TITLES: Record<ColumnSpec['type'], string> = {
  text: 'текст',
  number: 'число (не отрицательное)',
  integer: 'целое число',
  date: 'дата ДД.ММ.ГГГГ',
  reference: 'из справочника',
}

/** The ПДК columns of an observation template: read in the unit of the substance's ПДК (decision 2130). */
const LIMIT_COLUMNS: ReadonlySet<string> = new Set(['mpc', 'mpc_max'])

/**
 * What the units of a template say about the ПДК: the units limits are given in (the first unit of each family the
 * template offers), and the template's units that convert to nothing (a pH is limited in pH).
 */
function limitUnitsText(units: readonly string[]): string {
  const limits = [...new Set(units.filter((u) => unitsConvertibleTo(u).length > 1).map(defaultLimitUnit))]
  const own = units.filter((u) => unitsConvertibleTo(u).length === 1)
  return [limits.join(', '), own.length ? `для показателей в ${own.join(', ')} — в той же единице` : ''].filter(Boolean).join('; ')
}

/** One line per column on «Пояснения»: what goes in it, the ПДК's unit on the ПДК columns, the units allowed on the unit column. */
function describe(column: ColumnSpec, template: ReportTemplate): string {
  if (column.lookup) return column.lookup.explanation
  if (column.field === 'year') return 'год отчёта'
  const units = template.units ?? []
  if (units.length && LIMIT_COLUMNS.has(column.field)) {
    return `${TYPE_TITLES[column.type]} в единице ПДК вещества (справочник «Вещества и ПДК»): ${limitUnitsText(units)}`
  }
  if (units.length && column.field === 'measure') {
    return `допустимые: ${units.join(', ')}; значение в другой единице, чем единица ПДК вещества, при проверке пересчитывается в неё`
  }
  if (units.length && column.field === 'value') return `${TYPE_TITLES[column.type]} в единице из столбца «Единица измерения»`
  return TYPE_TITLES[column.type]
}

/** The year an example shows when no report is named: the current one, as on the reports page by default. */
function currentYear(): number {
  return new Date().getUTCFullYear()
}

/** The lists every copy of a template carries: the registry's and the reference data's, the same for everyone. */
export function generalLists(template: ReportTemplate): TemplateLists {
  if (template.spec.reportType === 'greenhouse_gases') {
    return { greenhouse_category: (greenhouseCategories.seed?.rows ?? []).map((r) => String(r.name)) }
  }
  return {
    ...(template.pointKind ? { name: substancesOf(template.pointKind).map(([name]) => name) } : {}),
    ...(template.units?.length ? { measure: template.units } : {}),
  }
}

/** Point kinds that take every unit of the template: the points a row of this template can be about. */
function kindsOf(template: ReportTemplate): string[] {
  const units = template.units ?? []
  return Object.entries(UNITS_BY_POINT_KIND)
    .filter(([, allowed]) => units.length > 0 && units.every((u) => allowed.includes(u)))
    .map(([kind]) => kind)
}

/**
 * The lists of a copy for one licence area (or a company without areas), read now: the codes of its points of the
 * template's kinds, the substances of the reference table in the template's units, today's greenhouse categories.
 */
export async function targetLists(db: Kysely<Database>, template: ReportTemplate, target: { areaId: number } | { companyId: number }): Promise<TemplateLists> {
  const lists = generalLists(template)
  if (template.spec.reportType === 'greenhouse_gases') {
    const { rows } = await sql<{ name: string }>`SELECT name FROM greenhouse_categories ORDER BY id`.execute(db)
    return { ...lists, greenhouse_category: rows.map((r) => r.name) }
  }
  // The substances the administrators keep (reference data), in the units of this template.
  const units = template.units ?? []
  if (units.length) {
    const { rows } = await sql<{ name: string }>`
      SELECT DISTINCT s.name FROM substances s JOIN units u ON u.id = s.unit_id WHERE NOT s.retired AND u.name = ANY(${[...units]}::text[]) ORDER BY s.name`.execute(db)
    if (rows.length) lists.name = rows.map((r) => r.name)
  }
  const kinds = kindsOf(template)
  if (kinds.length === 0) return lists
  let query = db
    .selectFrom('measures_points as p')
    .innerJoin('areas as a', 'a.id', 'p.area_id')
    .select('p.nomenclature')
    .where('p.kind', 'in', kinds)
    .where('p.nomenclature', 'is not', null)
    .orderBy('p.nomenclature')
  query = 'areaId' in target ? query.where('p.area_id', '=', target.areaId) : query.where('a.company_id', '=', target.companyId)
  const points = [...new Set((await query.execute()).map((p) => p.nomenclature!).filter((n) => n.trim() !== ''))]
  return points.length ? { ...lists, measures_point: points } : lists
}

/** A column letter of the sheet (A…Z, AA…). */
function letter(index: number): string {
  let n = index + 1
  let out = ''
  while (n > 0) {
    const r = (n - 1) % 26
    out = String.fromCharCode(65 + r) + out
    n = Math.floor((n - 1) / 26)
  }
  return out
}

/** exceljs keeps range validations (one `sqref`, no cells made) on the sheet, though its types do not declare them. */
function rangeValidations(sheet: ExcelJS.Worksheet): { add(address: string, validation: ExcelJS.DataValidation): void } {
  return (sheet as unknown as { dataValidations: { add(address: string, validation: ExcelJS.DataValidation): void } }).dataValidations
}

/** The lists go to a hidden sheet, one column each; the data columns point at them (a list longer than 255 chars cannot be inline). */
function addLists(workbook: ExcelJS.Workbook, data: ExcelJS.Worksheet, template: ReportTemplate, lists: TemplateLists): void {
  const used = template.spec.columns.map((c, i) => ({ column: c, index: i, values: lists[c.field as keyof TemplateLists] })).filter((u) => u.values?.length)
  if (used.length === 0) return
  const sheet = workbook.addWorksheet('Списки', { state: 'hidden' })
  used.forEach((u, listIndex) => {
    const col = letter(listIndex)
    sheet.getCell(`${col}1`).value = u.column.header
    u.values!.forEach((value, i) => (sheet.getCell(`${col}${i + 2}`).value = value))
    const target = letter(u.index)
    const advisory = ADVISORY.has(u.column.field)
    rangeValidations(data).add(`${target}2:${target}${LIST_ROWS + 1}`, {
      type: 'list',
      allowBlank: !u.column.required,
      formulae: [`'Списки'!$${col}$2:$${col}$${u.values!.length + 1}`],
      showErrorMessage: true,
      errorStyle: advisory ? 'warning' : 'stop',
      errorTitle: u.column.label,
      error: advisory ? 'Значения нет в списке: проверьте написание.' : 'Выберите значение из списка.',
    })
  })
}

/** Last year's side column: grey, italic, never to be typed into (decision 2443). */
const SIDE_FILL: ExcelJS.Fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFE7E6E6' } }
const SIDE_FONT: Partial<ExcelJS.Font> = { italic: true, color: { argb: 'FF595959' } }

/**
 * The copied rows on «Данные» (a point, the report's year, a substance, a unit; the date and value left to fill) and
 * last year's mean of each in the declared side column after the template's columns, marked as not to be filled: a
 * grey fill, a note on its header, and a validation that refuses anything typed into it.
 */
function addCopiedRows(data: ExcelJS.Worksheet, notes: ExcelJS.Worksheet, template: ReportTemplate, rows: readonly CopiedRow[], year: number): void {
  const lastYear = template.spec.lastYear!
  const at = (field: string) => template.spec.columns.findIndex((c) => c.field === field) + 1
  const side = template.spec.columns.length + 1
  const header = data.getCell(1, side)
  header.value = lastYear.header
  header.font = { ...SIDE_FONT, bold: true }
  header.fill = SIDE_FILL
  header.note = `Не заполняется: среднее значение за ${year - 1} год по пункту и показателю, в единице из столбца «Единица измерения», для сравнения. При проверке файла столбец не читается.`
  data.getColumn(side).width = Math.max(14, lastYear.header.length + 4)
  rows.forEach((row, i) => {
    const r = i + 2
    data.getCell(r, at('measures_point')).value = row.point
    data.getCell(r, at('year')).value = year
    data.getCell(r, at('name')).value = row.name
    data.getCell(r, at('measure')).value = row.unit
    const cell = data.getCell(r, side)
    cell.value = row.mean
    cell.fill = SIDE_FILL
    cell.font = SIDE_FONT
  })
  const letterOf = letter(side - 1)
  rangeValidations(data).add(`${letterOf}2:${letterOf}${LIST_ROWS + 1}`, {
    type: 'custom',
    allowBlank: true,
    formulae: ['FALSE'],
    showErrorMessage: true,
    errorStyle: 'stop',
    errorTitle: lastYear.header,
    error: `Столбец не заполняется: в нём значения за ${year - 1} год для сравнения.`,
  })
  notes.addRow({
    header: lastYear.header,
    required: 'не заполняется',
    value: `среднее значение за ${year - 1} год по пункту и показателю, для сравнения; при проверке не читается. Значение, отличающееся от него больше чем в ${lastYear.factor} раз, получит предупреждение`,
    example: '',
  })
}

/**
 * The template as XLSX bytes; the same bytes on every call for the same lists and year (fixed dates), so size and
 * date are stable. «Данные» holds the header only: the example row, of the report's year, is on «Пояснения» beside
 * each column's explanation, so a file that keeps the template's rows has no row of another year. `copied`: last
 * year's rows of a target (copy-forward, decision 2443); none gives the plain template.
 */
export async function renderTemplate(template: ReportTemplate, lists: TemplateLists = generalLists(template), year = currentYear(), copied: readonly CopiedRow[] = []): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook()
  workbook.creator = 'Портал экологического мониторинга ЯНАО'
  workbook.created = TEMPLATES_REVISED
  workbook.modified = TEMPLATES_REVISED
  const data = workbook.addWorksheet('Данные')
  data.columns = template.spec.columns.map((c) => ({ header: c.header, key: c.field, width: Math.max(14, c.header.length + 4) }))
  data.getRow(1).font = { bold: true }
  const example = template.example(year)
  const notes = workbook.addWorksheet('Пояснения')
  notes.columns = [
    { header: 'Столбец', key: 'header', width: 36 },
    { header: 'Обязательный', key: 'required', width: 14 },
    { header: 'Значение', key: 'value', width: 60 },
    { header: 'Пример', key: 'example', width: 28 },
  ]
  notes.getRow(1).font = { bold: true }
  for (const column of template.spec.columns) {
    notes.addRow({ header: column.header, required: column.required ? 'да' : 'нет', value: describe(column, template), example: example[column.field] ?? '' })
  }
  const copying = copied.length > 0 && template.spec.lastYear !== undefined
  if (copying) addCopiedRows(data, notes, template, copied, year)
  notes.addRow({})
  notes.addRow({ header: 'Заполняйте лист «Данные»: первая строка — заголовки без изменений, со второй — по строке на измерение.' })
  if (copying) {
    notes.addRow({
      header: `Строки заполнены пунктами и показателями, по которым опубликованы результаты за ${year - 1} год: впишите дату отбора и значение, лишние строки удалите, для других дат и показателей добавьте строки.`,
    })
  }
  notes.addRow({ header: `Столбец «Пример» показывает одну строку отчёта за ${year} год; на лист «Данные» переносите только свои измерения.` })
  notes.addRow({ header: 'В столбцах со списком значение выбирается из выпадающего списка (лист «Списки»).' })
  addLists(workbook, data, template, lists)
  return Buffer.from(await workbook.xlsx.writeBuffer())
}

const rendered = new Map<string, Promise<Buffer>>()

/** Rendered once per process and year and kept (a few kilobytes each; the years a report can have are few). */
export function templateBytes(template: ReportTemplate, year = currentYear()): Promise<Buffer> {
  const key = `${template.id}:${year}`
  let bytes = rendered.get(key)
  if (!bytes) {
    bytes = renderTemplate(template, generalLists(template), year)
    rendered.set(key, bytes)
  }
  return bytes
}

/**
 * The substances' list with every substance the copied rows name: a pre-filled row is never outside its own
 * drop-down (issue 36: the reference in the template's units held 5, last year's rows 8). Compared as the check
 * compares names (case, spaces, ё aside); the rows' spelling is added after the list's own.
 */
export function listsWithCopied(lists: TemplateLists, copied: readonly CopiedRow[]): TemplateLists {
  if (copied.length === 0) return lists
  const names = [...(lists.name ?? [])]
  const known = new Set(names.map(normalizeLookup))
  for (const row of copied) {
    const key = normalizeLookup(row.name)
    if (known.has(key)) continue
    known.add(key)
    names.push(row.name)
  }
  return { ...lists, name: names }
}

/** A target's copy of a year as it is rendered: its lists (with the copied rows' substances) and the copied rows. */
export async function targetCopy(db: Kysely<Database>, template: ReportTemplate, target: { areaId: number } | { companyId: number }, year: number, options: { lastYear?: boolean } = {}) {
  const copied = options.lastYear ? await copiedRows(db, template, target, year, LIST_ROWS) : []
  return { lists: listsWithCopied(await targetLists(db, template, target), copied), copied }
}

/** A target's copy of a year: its lists, and with `lastYear` its last year's rows (the plain copy when there are none). */
export async function targetTemplateBytes(db: Kysely<Database>, template: ReportTemplate, target: { areaId: number } | { companyId: number }, year = currentYear(), options: { lastYear?: boolean } = {}): Promise<Buffer> {
  const { lists, copied } = await targetCopy(db, template, target, year, options)
  return renderTemplate(template, lists, year, copied)
}

export function findTemplate(filename: string): ReportTemplate | undefined {
  return REPORT_TEMPLATES.find((t) => t.filename === filename)
}

/** Where a template is downloaded from: the `filepath` of its row in report_templates. */
const TEMPLATE_URL_PREFIX = '/api/v1/report-templates/files/'

/**
 * Makes the report_templates table (listed by /api/v1/report-templates/) list exactly these templates, with
 * their real size and date. Rows of other origins (documents put there by people) are left alone.
 */
export async function syncReportTemplates(db: Kysely<Database> | Transaction<Database>): Promise<number> {
  const declared = REPORT_TEMPLATES.map((t) => `${TEMPLATE_URL_PREFIX}${t.filename}`)
  await sql`DELETE FROM report_templates WHERE filepath LIKE ${`${TEMPLATE_URL_PREFIX}%`} AND NOT (filepath = ANY(${declared}::text[]))`.execute(db)
  for (const template of REPORT_TEMPLATES) {
    const bytes = await templateBytes(template)
    const filepath = `${TEMPLATE_URL_PREFIX}${template.filename}`
    const updated = await sql`
      UPDATE report_templates SET name = ${template.name}, init_filename = ${template.downloadName}, date = ${TEMPLATES_REVISED}, size = ${bytes.length}
      WHERE filepath = ${filepath}`.execute(db)
    if (Number(updated.numAffectedRows ?? 0) === 0) {
      await sql`
        INSERT INTO report_templates (name, init_filename, filepath, date, size)
        VALUES (${template.name}, ${template.downloadName}, ${filepath}, ${TEMPLATES_REVISED}, ${bytes.length})`.execute(db)
    }
  }
  return REPORT_TEMPLATES.length
}
