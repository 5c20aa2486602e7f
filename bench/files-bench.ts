// Benchmark of the file check as the portal runs it (in its own child process with a heap limit): rows per second
// and peak RSS for a 1 000 000-row CSV, a 1 000 000-row XLSX and a shared-strings bomb.
// `npm run bench:files [-- --csv-rows N --xlsx-rows N]`. Each measurement runs in a fresh process, so the peak RSS
// of the process that asks for the check (the web process under `npm start`) and of the checking child are their own.
// Other benchmarks call the exported functions (`measureFileCheckInFreshProcess`, `writeCsvFile`, `writeXlsxFile`).
import { spawnSync } from 'node:child_process'
import { createWriteStream, mkdtempSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import ExcelJS from 'exceljs'
import { checkInChild, peakRssMb, FILE_LIMITS } from '@portal/workers/workers.server.ts'
import type { RowContext } from '@portal/workers/workers.server.ts'
import { writeZip, zipItem } from '../workers/test/support/fixture-files.ts'
import { hygienicLimit, uploadSpecOf } from '@portal/workflow-domain/registry.ts'

const spec = uploadSpecOf('observation_results')
const POINTS = Array.from({ length: 12 }, (_, i) => `ПН-7-${String(i + 1).padStart(2, '0')}`)
/** The substances the rows measure, with the limits of the standard the demo data cites (decision 3415). */
const SUBSTANCES: Array<[string, string, number, number | null]> = ['Нефтепродукты', 'Фенолы', 'Железо общее', 'Медь'].map((name) => {
  const limit = hygienicLimit(name, 'мг/дм³')
  if (!limit || limit.mpc === null) throw new Error(`no hygienic limit for ${name} in мг/дм³`)
  return [name, 'мг/дм3', limit.mpc, limit.mpcMax]
})

function row(i: number): Array<string | number> {
  const [name, unit, mpc, mpcMax] = SUBSTANCES[i % SUBSTANCES.length]
  return [POINTS[i % POINTS.length], 2025, `${String((i % 28) + 1).padStart(2, '0')}.0${(i % 9) + 1}.2025`, name, Number(((i % 997) / 10_000).toFixed(4)), unit, mpc, mpcMax ?? '']
}

function context(): RowContext {
  return {
    year: 2025,
    scope: 'на участке «Бенчмарк»',
    references: { measures_point: new Map(POINTS.map((p, i) => [p.toLowerCase(), { id: i + 1, kind: 'surface_water' }])) },
    today: new Date(),
    // As the job loads them from the reference data: the rows' units convert to their ПДК's (мг/дм3 is мг/дм³).
    limitUnits: new Map(SUBSTANCES.map(([name]) => [name.toLowerCase(), ['мг/дм³']])),
  }
}

/** A CSV of `rows` good readings (UTF-8, `;`). */
export async function writeCsvFile(file: string, rows: number): Promise<void> {
  const out = createWriteStream(file)
  const header = spec.columns.map((c) => c.header).join(';')
  let chunk = `${header}\r\n`
  for (let i = 0; i < rows; i++) {
    chunk += `${row(i).map((v) => (typeof v === 'number' ? String(v).replace('.', ',') : v)).join(';')}\r\n`
    if (chunk.length > 1 << 20) {
      if (!out.write(chunk)) await new Promise<void>((r) => out.once('drain', () => r()))
      chunk = ''
    }
  }
  out.end(chunk)
  await new Promise<void>((r) => out.once('finish', () => r()))
}

/** An XLSX (shared strings, as Excel writes them) of `rows` good readings. */
export async function writeXlsxFile(file: string, rows: number): Promise<void> {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: file, useSharedStrings: true, useStyles: false })
  const sheet = workbook.addWorksheet('Данные')
  sheet.addRow(spec.columns.map((c) => c.header)).commit()
  for (let i = 0; i < rows; i++) sheet.addRow(row(i)).commit()
  sheet.commit()
  await workbook.commit()
}

/**
 * A shared-strings bomb: a workbook of a few MB whose shared-strings table holds 1.5 million tiny entries, each
 * different enough to stay under the ZIP guard's ratio. Unbounded, the reader keeps every entry as an object.
 */
export function writeSharedStringsBomb(file: string, entries = 1_500_000): void {
  const parts: Buffer[] = [Buffer.from(`<?xml version="1.0" encoding="UTF-8"?><sst count="${entries}" uniqueCount="${entries}">`)]
  for (let i = 0; i < entries; i++) parts.push(Buffer.from(`<si><t>${(i * 2654435761 % 4294967296).toString(36)}</t></si>`))
  parts.push(Buffer.from('</sst>'))
  const xml = Buffer.concat(parts)
  writeZip(file, [
    zipItem('[Content_Types].xml', Buffer.from('<?xml version="1.0"?><Types/>'), 9),
    zipItem('xl/workbook.xml', Buffer.from('<?xml version="1.0"?><workbook/>'), 9),
    zipItem('xl/sharedStrings.xml', xml, 9),
    zipItem('xl/worksheets/sheet1.xml', Buffer.from('<?xml version="1.0"?><worksheet><sheetData/></worksheet>'), 9),
  ])
}

export interface FileCheckMeasurement {
  ok: boolean
  /** The first problem, when the check ended as an error (a bomb must). */
  problem: string | null
  rows: number
  staged: number
  seconds: number
  rowsPerSecond: number
  /** Peak RSS of the process that asked for the check (the web process under `npm start`). */
  parentPeakRssMb: number
  /** Peak RSS of the child that parsed the file (null when it ran out of its heap). */
  childPeakRssMb: number | null
}

/** In this process: one check of one file, the way the file-check job runs it. */
export async function measureFileCheck(file: string): Promise<FileCheckMeasurement> {
  let staged = 0
  const started = process.hrtime.bigint()
  const result = await checkInChild({ kind: 'data', path: file, spec, context: context(), stage: true }, { onRows: async (rows) => void (staged += rows.length) })
  const seconds = Number(process.hrtime.bigint() - started) / 1e9
  const rows = result.rows ?? 0
  return {
    ok: result.ok,
    problem: result.problems[0]?.reason ?? null,
    rows,
    staged,
    seconds,
    rowsPerSecond: rows / seconds,
    parentPeakRssMb: peakRssMb(),
    childPeakRssMb: result.peakRssMb,
  }
}

/** One check in a fresh process (so its peak RSS is the check's alone). */
export function measureFileCheckInFreshProcess(file: string): FileCheckMeasurement {
  const self = fileURLToPath(import.meta.url)
  const run = spawnSync(process.execPath, ['--import', 'tsx', self, '--measure', file], { encoding: 'utf8' })
  if (run.status !== 0) throw new Error(`measuring ${file} failed: ${run.stderr}`)
  return JSON.parse(run.stdout.trim().split('\n').at(-1)!) as FileCheckMeasurement
}

function argument(name: string, fallback: number): number {
  const at = process.argv.indexOf(name)
  return at > 0 ? Number(process.argv[at + 1]) : fallback
}

const RSS_AIM_MB = 300

async function main(): Promise<void> {
  if (process.argv[2] === '--measure') {
    process.stdout.write(`${JSON.stringify(await measureFileCheck(process.argv[3]))}\n`)
    return
  }
  const csvRows = argument('--csv-rows', 1_000_000)
  const xlsxRows = argument('--xlsx-rows', 1_000_000)
  const dir = mkdtempSync(path.join(tmpdir(), 'files-bench-'))
  try {
    const csv = path.join(dir, 'readings.csv')
    const xlsx = path.join(dir, 'readings.xlsx')
    const bomb = path.join(dir, 'shared-strings-bomb.xlsx')
    process.stdout.write(`generating ${csvRows} CSV rows, ${xlsxRows} XLSX rows and a shared-strings bomb in ${dir} …\n`)
    await writeCsvFile(csv, csvRows)
    await writeXlsxFile(xlsx, xlsxRows)
    writeSharedStringsBomb(bomb)
    const cases: Array<[string, string, boolean]> = [['CSV', csv, true], ['XLSX', xlsx, true], ['bomb', bomb, false]]
    process.stdout.write(`\nFile check in a child process (heap limit ${FILE_LIMITS.checkHeapMb} MB): parse + header + every row checked\n\n`)
    process.stdout.write('| file |      rows | size MB |       s |    rows/s | web process peak RSS MB | check process peak RSS MB | result |\n')
    process.stdout.write('|------|-----------|---------|---------|-----------|-------------------------|---------------------------|--------|\n')
    let within = true
    for (const [label, file, shouldPass] of cases) {
      const m = measureFileCheckInFreshProcess(file)
      const peak = Math.max(m.parentPeakRssMb, m.childPeakRssMb ?? 0)
      within &&= peak <= RSS_AIM_MB && m.ok === shouldPass
      const result = m.ok ? 'passed' : `error: ${m.problem}`
      process.stdout.write(
        `| ${label.padEnd(4)} | ${String(m.rows).padStart(9)} | ${(statSync(file).size / 1024 ** 2).toFixed(1).padStart(7)} | ${m.seconds.toFixed(2).padStart(7)} | ${Math.round(m.rowsPerSecond || 0).toString().padStart(9)} | ${m.parentPeakRssMb.toFixed(0).padStart(23)} | ${(m.childPeakRssMb?.toFixed(0) ?? 'out of heap').padStart(25)} | ${result} |\n`,
      )
    }
    process.stdout.write(`\nAim: every process ≤ ${RSS_AIM_MB} MB peak RSS, the good files pass and the bomb ends as an error: ${within ? 'met' : 'NOT met'}.\n`)
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) await main()
