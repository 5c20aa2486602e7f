// The downloadable XLSX templates of the data reports, generated from the import specs: headers, units, an example row.
import ExcelJS from 'exceljs'
import { type Kysely, sql, type Transaction } from 'kysely'
import type { Database } from '@portal/migrations/database.ts'
import { IMPORT_SPECS, type ColumnSpec, type ImportSpec } from '../files/import-spec.ts'
import { unitsOf } from '../files/point-units.ts'

export interface ReportTemplate {
  id: string
  /** The name in the download address (ASCII). */
  filename: string
  /** The file name offered on download (`init_filename`). */
  downloadName: string
  name: string
  spec: ImportSpec
  /** The example row, by column field. */
  example: Record<string, string | number>
  /** Units a reading of this template may use (observation results per point kind). */
  units?: readonly string[]
}

/** When the templates last changed: shown as the template's date (spec §3, Report template). */
export const TEMPLATES_REVISED = new Date('2026-11-21T00:00:00Z')

const EXAMPLE_YEAR = 2025

const POINT_KINDS: Array<[kind: string, title: string, substance: string, unit: string, value: number, mpc: number]> = [
  ['ambient_air', 'атмосферный воздух', 'Диоксид азота (NO2)', 'мг/м³', 0.041, 0.2],
  ['snow_cover', 'снежный покров', 'Нефтепродукты', 'мг/дм³', 0.012, 0.05],
  ['surface_water', 'поверхностные воды', 'Нефтепродукты', 'мг/дм³', 0.018, 0.05],
  ['groundwater', 'подземные воды', 'Железо общее', 'мг/дм³', 0.08, 0.3],
  ['sediment_layers', 'донные отложения', 'Нефтепродукты', 'мг/кг', 120, 1000],
  ['soils', 'почвы', 'Свинец', 'мг/кг', 6.1, 32],
]

export const REPORT_TEMPLATES: readonly ReportTemplate[] = [
  ...POINT_KINDS.map(([kind, title, substance, unit, value, mpc], i) => ({
    id: `observation_results_${kind}`,
    filename: `observation_results_${kind}.xlsx`,
    downloadName: `Шаблон — результаты наблюдений (${title}).xlsx`,
    name: `Результаты наблюдений: ${title}`,
    spec: IMPORT_SPECS.observation_results,
    example: {
      measures_point: `ПН-1-${String(i + 1).padStart(2, '0')}`,
      year: EXAMPLE_YEAR,
      sampled: `15.07.${EXAMPLE_YEAR}`,
      name: substance,
      value,
      measure: unit,
      mpc,
      mpc_max: mpc * 2,
    },
    units: unitsOf(kind),
  })),
  {
    id: 'greenhouse_gases',
    filename: 'greenhouse_gases.xlsx',
    downloadName: 'Шаблон — парниковые газы.xlsx',
    name: 'Парниковые газы',
    spec: IMPORT_SPECS.greenhouse_gases,
    example: { year: EXAMPLE_YEAR, greenhouse_category: 'Стационарное сжигание топлива', co2: 125000.5, ch4: 310.25, n2o: 2.1, sf6: 0, c2f6: 0, chf3: 0, cf4: 0, total: 133400.125 },
  },
]

const TYPE_TITLES: Record<ColumnSpec['type'], string> = {
  text: 'текст',
  number: 'число (не отрицательное)',
  integer: 'целое число',
  date: 'дата ДД.ММ.ГГГГ',
  reference: 'из справочника',
}

function describe(column: ColumnSpec): string {
  if (column.field === 'measures_point') return 'номенклатура пункта наблюдения участка отчёта (как в карточке пункта)'
  if (column.field === 'greenhouse_category') return 'наименование категории источников выбросов'
  if (column.field === 'year') return 'год отчёта'
  return TYPE_TITLES[column.type]
}

/** The template as XLSX bytes; the same bytes on every call (fixed dates), so size and date are stable. */
export async function renderTemplate(template: ReportTemplate): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook()
  workbook.creator = 'Портал экологического мониторинга ЯНАО'
  workbook.created = TEMPLATES_REVISED
  workbook.modified = TEMPLATES_REVISED
  const data = workbook.addWorksheet('Данные')
  data.columns = template.spec.columns.map((c) => ({ header: c.header, key: c.field, width: Math.max(14, c.header.length + 4) }))
  data.getRow(1).font = { bold: true }
  data.addRow(Object.fromEntries(template.spec.columns.map((c) => [c.field, template.example[c.field] ?? ''])))
  const notes = workbook.addWorksheet('Пояснения')
  notes.columns = [
    { header: 'Столбец', key: 'header', width: 36 },
    { header: 'Обязательный', key: 'required', width: 14 },
    { header: 'Значение', key: 'value', width: 60 },
  ]
  notes.getRow(1).font = { bold: true }
  for (const column of template.spec.columns) {
    notes.addRow({ header: column.header, required: column.required ? 'да' : 'нет', value: describe(column) })
  }
  if (template.units?.length) notes.addRow({ header: 'Единица измерения', required: 'да', value: `допустимые: ${template.units.join(', ')}` })
  notes.addRow({})
  notes.addRow({ header: 'Заполняйте лист «Данные»: первая строка — заголовки без изменений, далее по строке на измерение.' })
  return Buffer.from(await workbook.xlsx.writeBuffer())
}

const rendered = new Map<string, Promise<Buffer>>()

/** Rendered once per process and kept (a few kilobytes each). */
export function templateBytes(template: ReportTemplate): Promise<Buffer> {
  let bytes = rendered.get(template.id)
  if (!bytes) {
    bytes = renderTemplate(template)
    rendered.set(template.id, bytes)
  }
  return bytes
}

export function findTemplate(filename: string): ReportTemplate | undefined {
  return REPORT_TEMPLATES.find((t) => t.filename === filename)
}

/** Where a template is downloaded from: the `filepath` of its row in report_templates. */
export const TEMPLATE_URL_PREFIX = '/api/v1/report-templates/files/'

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
