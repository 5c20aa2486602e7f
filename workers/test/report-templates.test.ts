import ExcelJS from 'exceljs'
import { sql } from 'kysely'
import { describe, expect, it } from 'vitest'
import { useTestApp } from '../../test-support/test-app.ts'
import { importSpecForReport, uploadSpecOf, unitsOf, substancesOf } from '@portal/workflow-domain/registry.ts'
import { matchHeader } from '../src/files/check-header.ts'
import { generalLists, renderTemplate, REPORT_TEMPLATES, syncReportTemplates } from '../src/templates/report-templates.server.ts'
import { checkDataFile } from '../src/files/check-data-file.server.ts'
import { normalizeLookup } from '../src/files/check-row.ts'
import { loadRowContext } from '../src/files/row-context.server.ts'
import { tempFolder } from './support/fixture-files.ts'

const t = useTestApp()

interface TemplateRow {
  filepath: string
  init_filename: string
  name: string
  date: string
  size: number
}

async function listed(): Promise<TemplateRow[]> {
  const res = await t.app.inject({ url: '/api/v1/report-templates/?limit=100' })
  expect(res.statusCode).toBe(200)
  // The list is a plain array, as the spec shows it (decision 2651).
  return (res.json() as TemplateRow[]).filter((r) => r.filepath.startsWith('/api/v1/report-templates/files/'))
}

describe('report templates', () => {
  it('lists one workbook per point kind of observation results and one for greenhouse gases, with size and date', async () => {
    const rows = await listed()
    expect(rows.map((r) => r.name).sort()).toEqual(REPORT_TEMPLATES.map((t) => t.name).sort())
    for (const row of rows) {
      expect(row.init_filename).toMatch(/^Шаблон — .+\.xlsx$/)
      expect(row.size).toBeGreaterThan(1000)
      expect(new Date(row.date).toISOString()).toBe('2026-11-21T00:00:00.000Z')
    }
  })

  it('downloads each listed template: its bytes are the listed size, its header is the checked header', async () => {
    for (const row of await listed()) {
      const res = await t.app.inject({ url: row.filepath })
      expect(res.statusCode, row.filepath).toBe(200)
      expect(res.headers['content-type']).toContain('spreadsheetml')
      expect(res.headers['content-disposition']).toContain("filename*=UTF-8''")
      expect(res.rawPayload.length).toBe(row.size)
      const workbook = new ExcelJS.Workbook()
      await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer)
      const sheet = workbook.getWorksheet('Данные')!
      const header = (sheet.getRow(1).values as unknown[]).slice(1)
      const template = REPORT_TEMPLATES.find((t) => row.filepath.endsWith(`/${t.filename}`))!
      // The columns the file check of this report type asks for are exactly the template's header.
      const checked = importSpecForReport(template.spec.reportType)!
      expect(header).toEqual(checked.columns.map((c) => c.header))
      expect(matchHeader(header, checked.columns).ok).toBe(true)
      // The header only: the example lives on «Пояснения».
      expect(sheet.rowCount).toBe(1)
    }
  })

  it('keeps one row per template however often the list is synchronised', async () => {
    await syncReportTemplates(t.database.db)
    await syncReportTemplates(t.database.db)
    expect(await listed()).toHaveLength(REPORT_TEMPLATES.length)
  })

  it('answers 404 for a template that does not exist and 400 for a name that cannot be one', async () => {
    expect((await t.app.inject({ url: '/api/v1/report-templates/files/nothing.xlsx' })).statusCode).toBe(404)
    // A catalogue type that accepts no files has no template.
    expect((await t.app.inject({ url: '/api/v1/report-templates/files/ecomon_recommendations.xlsx' })).statusCode).toBe(404)
    const bad = await t.app.inject({ url: '/api/v1/report-templates/files/..%2Fsecret' })
    expect(bad.statusCode).toBe(400)
    expect(bad.json().parameter).toBe('filename')
  })
})

/** The values of a column's drop-down: its validation's range on the hidden «Списки» sheet, read back. */
function dropDown(workbook: ExcelJS.Workbook, header: string): { values: string[]; errorStyle?: string } | null {
  const data = workbook.getWorksheet('Данные')!
  const headers = (data.getRow(1).values as unknown[]).slice(1)
  const col = headers.indexOf(header) + 1
  if (col === 0) throw new Error(`no column ${header}`)
  const validation = data.getCell(3, col).dataValidation as ExcelJS.DataValidation | undefined
  if (!validation || validation.type !== 'list') return null
  const match = /^'?(.+?)'?!\$([A-Z]+)\$(\d+):\$[A-Z]+\$(\d+)$/.exec(String(validation.formulae[0]))
  if (!match) throw new Error(`unexpected formula ${validation.formulae[0]}`)
  const lists = workbook.getWorksheet(match[1])!
  const values: string[] = []
  for (let r = Number(match[3]); r <= Number(match[4]); r++) values.push(String(lists.getCell(`${match[2]}${r}`).value))
  return { values, errorStyle: validation.errorStyle }
}

async function load(bytes: Buffer | ArrayBuffer | Uint8Array): Promise<ExcelJS.Workbook> {
  const workbook = new ExcelJS.Workbook()
  await workbook.xlsx.load(bytes as unknown as ArrayBuffer)
  return workbook
}

const header = (spec: ReturnType<typeof uploadSpecOf>, field: string) => spec.columns.find((c) => c.field === field)!.header

describe('report templates with drop-down lists', () => {
  it('offers the substances and units of the point kind in every observation template, and the categories in the greenhouse one', async () => {
    const air = await load((await t.app.inject({ url: '/api/v1/report-templates/files/observation_results_ambient_air.xlsx' })).rawPayload)
    const obs = uploadSpecOf('observation_results')
    expect(dropDown(air, header(obs, 'name'))).toEqual({ values: substancesOf('ambient_air').map(([n]) => n), errorStyle: 'warning' })
    expect(dropDown(air, header(obs, 'measure'))).toEqual({ values: [...unitsOf('ambient_air')], errorStyle: 'stop' })
    // No point codes in the copy everyone gets: they belong to an area.
    expect(dropDown(air, header(obs, 'measures_point'))).toBeNull()
    expect(air.getWorksheet('Списки')!.state).toBe('hidden')

    const ghg = await load((await t.app.inject({ url: '/api/v1/report-templates/files/greenhouse_gases.xlsx' })).rawPayload)
    const categories = await t.database.db.selectFrom('greenhouse_categories' as never).select('name' as never).orderBy('id' as never).execute()
    expect(dropDown(ghg, header(uploadSpecOf('greenhouse_gases'), 'greenhouse_category'))!.values).toEqual(categories.map((c) => (c as { name: string }).name))
  })

  it("gives an area's copy the codes of its points of the template's kinds, and nobody else's", async () => {
    const db = t.database.db
    const point = await db
      .selectFrom('measures_points')
      .select(['area_id', 'nomenclature'])
      .where('kind', '=', 'ambient_air')
      .where('nomenclature', 'is not', null)
      .where('area_id', 'is not', null)
      .executeTakeFirstOrThrow()
    // A substance the administrators added is offered at once in the copies of its unit's templates.
    await sql`INSERT INTO substances (name, unit_id, mpc) SELECT 'Бенз(а)пирен', id, 0.000001 FROM units WHERE name = 'мг/м³'`.execute(db)
    const res = await t.app.inject({ url: `/api/v1/report-templates/files/observation_results_ambient_air.xlsx?area=${point.area_id}` })
    expect(res.statusCode).toBe(200)
    expect(res.headers['cache-control']).toBe('no-cache')
    const codes = dropDown(await load(res.rawPayload), header(uploadSpecOf('observation_results'), 'measures_point'))!.values
    const expected = await db
      .selectFrom('measures_points')
      .select('nomenclature')
      .where('area_id', '=', point.area_id)
      .where('kind', '=', 'ambient_air')
      .where('nomenclature', 'is not', null)
      .orderBy('nomenclature')
      .execute()
    expect(codes).toEqual([...new Set(expected.map((p) => p.nomenclature))])
    expect(codes).toContain(point.nomenclature)
    const substances = dropDown(await load(res.rawPayload), header(uploadSpecOf('observation_results'), 'name'))!.values
    expect(substances).toContain('Бенз(а)пирен')
    expect(substances).toContain('Диоксид азота (NO2)')
    expect(substances).not.toContain('Свинец')
    const others = await db.selectFrom('measures_points').select('nomenclature').where('area_id', '!=', point.area_id!).where('nomenclature', 'is not', null).execute()
    const foreign = others.map((o) => o.nomenclature).filter((n) => !expected.some((e) => e.nomenclature === n))
    for (const code of foreign.slice(0, 50)) expect(codes).not.toContain(code)
  })

  it('answers 404 for an area that does not exist and 400 when both area and company are named', async () => {
    const missing = await t.app.inject({ url: '/api/v1/report-templates/files/greenhouse_gases.xlsx?area=999999' })
    expect(missing.statusCode).toBe(404)
    const both = await t.app.inject({ url: '/api/v1/report-templates/files/greenhouse_gases.xlsx?area=1&company=1' })
    expect(both.statusCode).toBe(400)
    expect(both.json().parameter).toBe('company')
    const bad = await t.app.inject({ url: '/api/v1/report-templates/files/greenhouse_gases.xlsx?area=abc' })
    expect(bad.statusCode).toBe(400)
    expect(bad.json().parameter).toBe('area')
  })

  it('offers a substance an administrator retired in no new copy, while the file check still converts its readings to its ПДК unit', async () => {
    const db = t.database.db
    const area = await db.selectFrom('measures_points').select('area_id').where('kind', '=', 'ambient_air').where('area_id', 'is not', null).executeTakeFirstOrThrow()
    const copy = async () => {
      const res = await t.app.inject({ url: `/api/v1/report-templates/files/observation_results_ambient_air.xlsx?area=${area.area_id}` })
      expect(res.statusCode).toBe(200)
      return dropDown(await load(res.rawPayload), header(uploadSpecOf('observation_results'), 'name'))!.values
    }
    expect(await copy()).toContain('Сажа')
    await db.updateTable('substances').set({ retired: true }).where('name', '=', 'Сажа').execute()
    try {
      expect(await copy()).not.toContain('Сажа')
      expect(await copy()).toContain('Диоксид азота (NO2)')
      // Retired while a file naming it is being checked: the check reads the same unit, so its result does not change.
      const context = await loadRowContext(db, importSpecForReport('observation_results')!, { year: 2025, areaId: area.area_id, companyId: 1 })
      expect(context.limitUnits?.get(normalizeLookup('Сажа'))).toEqual(['мг/м³'])
    } finally {
      await db.updateTable('substances').set({ retired: false }).where('name', '=', 'Сажа').execute()
    }
  })

  it('makes a file that passes the check when every list column is filled from its drop-down', async () => {
    const template = REPORT_TEMPLATES.find((x) => x.id === 'observation_results_soils')!
    const lists = { ...generalLists(template), measures_point: ['ПН-9-01'] }
    const workbook = await load(await renderTemplate(template, lists, 2025))
    const obs = uploadSpecOf('observation_results')
    const data = workbook.getWorksheet('Данные')!
    const col = (field: string) => obs.columns.findIndex((c) => c.field === field) + 1
    // The example of «Пояснения» first, then every list column from its drop-down.
    const example = notesOf(workbook).rows
    obs.columns.forEach((c, i) => (data.getCell(2, i + 1).value = example.get(c.header)!.example as ExcelJS.CellValue))
    data.getCell(2, col('measures_point')).value = dropDown(workbook, header(obs, 'measures_point'))!.values[0]
    data.getCell(2, col('name')).value = dropDown(workbook, header(obs, 'name'))!.values[1]
    data.getCell(2, col('measure')).value = dropDown(workbook, header(obs, 'measure'))!.values[0]
    const folder = tempFolder()
    try {
      const file = folder.file('filled.xlsx')
      await workbook.xlsx.writeFile(file)
      const context = {
        year: 2025,
        scope: 'на участке «Тест»',
        references: { measures_point: new Map([['пн-9-01', { id: 9, kind: 'soils' }]]) },
        today: new Date('2026-11-21T00:00:00Z'),
      }
      const result = await checkDataFile(file, obs, context)
      expect(result.problems).toEqual([])
      expect(result).toMatchObject({ ok: true, rows: 1 })
    } finally {
      folder.remove()
    }
  })
})

/** «Пояснения» read back: per column header, its row's cells (required, meaning, example). */
function notesOf(workbook: ExcelJS.Workbook): { title: unknown[]; rows: Map<string, { required: unknown; value: string; example: unknown }>; headers: string[] } {
  const notes = workbook.getWorksheet('Пояснения')!
  const title = (notes.getRow(1).values as unknown[]).slice(1)
  const rows = new Map<string, { required: unknown; value: string; example: unknown }>()
  const headers: string[] = []
  for (let r = 2; r <= notes.rowCount; r++) {
    const row = notes.getRow(r)
    const required = row.getCell(2).value
    if (required !== 'да' && required !== 'нет') continue
    const header = String(row.getCell(1).value)
    headers.push(header)
    rows.set(header, { required, value: String(row.getCell(3).value), example: row.getCell(4).value })
  }
  return { title, rows, headers }
}

describe('template examples live in «Пояснения», in the report year', () => {
  it('leaves no data row on «Данные» in any template, and explains every column once with its example of the report year', async () => {
    for (const template of REPORT_TEMPLATES) {
      const res = await t.app.inject({ url: `/api/v1/report-templates/files/${template.filename}?year=2026` })
      expect(res.statusCode, template.id).toBe(200)
      const workbook = await load(res.rawPayload)
      expect(workbook.getWorksheet('Данные')!.rowCount, template.id).toBe(1)
      const notes = notesOf(workbook)
      expect(notes.title).toEqual(['Столбец', 'Обязательный', 'Значение', 'Пример'])
      // Each column of the check once, in the template's order; no column twice («Единица измерения» was).
      expect(notes.headers, template.id).toEqual(template.spec.columns.map((c) => c.header))
      const year = template.spec.columns.find((c) => c.field === 'year')!.header
      expect(notes.rows.get(year)!.example, template.id).toBe(2026)
      const sampled = template.spec.columns.find((c) => c.field === 'sampled')
      if (sampled) expect(notes.rows.get(sampled.header)!.example, template.id).toBe('15.07.2026')
    }
  })

  it('says the unit of the ПДК columns: the unit of the substance ПДК of the template medium', async () => {
    const obs = uploadSpecOf('observation_results')
    const expected: Record<string, string> = { ambient_air: 'мг/м³', surface_water: 'мг/дм³', groundwater: 'мг/дм³', snow_cover: 'мг/дм³', soils: 'мг/кг', sediment_layers: 'мг/кг' }
    for (const template of REPORT_TEMPLATES.filter((x) => x.pointKind)) {
      const notes = notesOf(await load(await renderTemplate(template, generalLists(template), 2026)))
      for (const field of ['mpc', 'mpc_max']) {
        const text = notes.rows.get(header(obs, field))!.value
        expect(text, `${template.id} ${field}`).toContain('в единице ПДК вещества')
        expect(text, `${template.id} ${field}`).toContain(expected[template.pointKind!])
      }
      expect(notes.rows.get(header(obs, 'measure'))!.value).toContain(`допустимые: ${template.units!.join(', ')}`)
    }
  })

  it('makes a 2026 file that passes the 2026 check when its first row is the example from «Пояснения»', async () => {
    const template = REPORT_TEMPLATES.find((x) => x.id === 'observation_results_ambient_air')!
    const workbook = await load(await renderTemplate(template, generalLists(template), 2026))
    const notes = notesOf(workbook)
    const data = workbook.getWorksheet('Данные')!
    template.spec.columns.forEach((c, i) => (data.getCell(2, i + 1).value = notes.rows.get(c.header)!.example as ExcelJS.CellValue))
    const folder = tempFolder()
    try {
      const file = folder.file('example-2026.xlsx')
      await workbook.xlsx.writeFile(file)
      const point = String(notes.rows.get(header(template.spec, 'measures_point'))!.example)
      const context = { year: 2026, scope: 'на участке «Тест»', references: { measures_point: new Map([[point.toLowerCase(), { id: 1, kind: 'ambient_air' }]]) }, today: new Date('2026-11-24T00:00:00Z') }
      const result = await checkDataFile(file, template.spec, context)
      expect(result.problems).toEqual([])
      expect(result).toMatchObject({ ok: true, rows: 1 })
    } finally {
      folder.remove()
    }
  })

  it('refuses a year the reports cannot have', async () => {
    const bad = await t.app.inject({ url: '/api/v1/report-templates/files/greenhouse_gases.xlsx?year=1e400' })
    expect(bad.statusCode).toBe(400)
    expect(bad.json().parameter).toBe('year')
  })
})
