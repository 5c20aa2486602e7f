// Benchmark of the file check: rows per second and peak RSS for a 1 000 000-row CSV and a 300 000-row XLSX.
// `npm run bench:files [-- --csv-rows N --xlsx-rows N]`; each check runs in its own process so its peak RSS is its own.
import { spawnSync } from 'node:child_process'
import { createWriteStream, mkdtempSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import ExcelJS from 'exceljs'
import { checkDataFile } from '../workers/src/files/check-data-file.server.ts'
import type { RowContext } from '../workers/src/files/check-row.ts'
import { IMPORT_SPECS } from '../workers/src/files/import-spec.ts'

const spec = IMPORT_SPECS.observation_results
const POINTS = Array.from({ length: 12 }, (_, i) => `ПН-7-${String(i + 1).padStart(2, '0')}`)
const SUBSTANCES: Array<[string, string, number]> = [['Нефтепродукты', 'мг/дм3', 0.05], ['Фенолы', 'мг/дм3', 0.001], ['Железо общее', 'мг/дм3', 0.1], ['Медь', 'мг/дм3', 0.001]]

function row(i: number): Array<string | number> {
  const [name, unit, mpc] = SUBSTANCES[i % SUBSTANCES.length]
  return [POINTS[i % POINTS.length], 2025, `${String((i % 28) + 1).padStart(2, '0')}.0${(i % 9) + 1}.2025`, name, Number(((i % 997) / 10_000).toFixed(4)), unit, mpc, mpc * 2]
}

function context(): RowContext {
  return {
    year: 2025,
    scope: 'на участке «Бенчмарк»',
    references: { measures_point: new Map(POINTS.map((p, i) => [p.toLowerCase(), { id: i + 1, kind: 'surface_water' }])) },
    today: new Date(),
  }
}

async function writeCsvFile(file: string, rows: number): Promise<void> {
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

async function writeXlsxFile(file: string, rows: number): Promise<void> {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: file, useSharedStrings: true, useStyles: false })
  const sheet = workbook.addWorksheet('Данные')
  sheet.addRow(spec.columns.map((c) => c.header)).commit()
  for (let i = 0; i < rows; i++) sheet.addRow(row(i)).commit()
  sheet.commit()
  await workbook.commit()
}

/** In the child: one check of one file, answered as one JSON line. */
async function measure(file: string): Promise<void> {
  let staged = 0
  const cpuBefore = process.cpuUsage()
  const started = process.hrtime.bigint()
  const result = await checkDataFile(file, spec, context(), { onRows: async (rows) => void (staged += rows.length) })
  const seconds = Number(process.hrtime.bigint() - started) / 1e9
  const cpu = process.cpuUsage(cpuBefore)
  const cpuSeconds = (cpu.user + cpu.system) / 1e6
  if (!result.ok) throw new Error(`the benchmark file did not pass: ${JSON.stringify(result.problems.slice(0, 3))}`)
  process.stdout.write(`${JSON.stringify({ rows: result.rows, staged, seconds, cpuSeconds, peakRssMb: process.resourceUsage().maxRSS / 1024 })}\n`)
}

function argument(name: string, fallback: number): number {
  const at = process.argv.indexOf(name)
  return at > 0 ? Number(process.argv[at + 1]) : fallback
}

async function main(): Promise<void> {
  if (process.argv[2] === '--measure') return measure(process.argv[3])
  const csvRows = argument('--csv-rows', 1_000_000)
  const xlsxRows = argument('--xlsx-rows', 300_000)
  const dir = mkdtempSync(path.join(tmpdir(), 'files-bench-'))
  try {
    const csv = path.join(dir, 'readings.csv')
    const xlsx = path.join(dir, 'readings.xlsx')
    process.stdout.write(`generating ${csvRows} CSV rows and ${xlsxRows} XLSX rows in ${dir} …\n`)
    await writeCsvFile(csv, csvRows)
    await writeXlsxFile(xlsx, xlsxRows)
    const self = fileURLToPath(import.meta.url)
    const lines: string[] = []
    for (const [label, file, aim] of [['CSV', csv, 100_000], ['XLSX', xlsx, 20_000]] as const) {
      const run = spawnSync(process.execPath, ['--import', 'tsx', self, '--measure', file], { encoding: 'utf8' })
      if (run.status !== 0) throw new Error(`${label} run failed: ${run.stderr}`)
      const m = JSON.parse(run.stdout.trim().split('\n').at(-1)!) as { rows: number; seconds: number; cpuSeconds: number; peakRssMb: number }
      const rate = m.rows / m.seconds
      const cpuRate = m.rows / m.cpuSeconds
      lines.push(
        `| ${label.padEnd(4)} | ${String(m.rows).padStart(9)} | ${(statSync(file).size / 1024 ** 2).toFixed(1).padStart(7)} | ${m.seconds.toFixed(2).padStart(7)} | ${Math.round(rate).toString().padStart(9)} | ${Math.round(cpuRate).toString().padStart(13)} | ${String(aim).padStart(10)} | ${m.peakRssMb.toFixed(0).padStart(11)} | ${rate >= aim && m.peakRssMb < 250 ? 'yes'.padStart(8) : 'no'.padStart(8)} |`,
      )
    }
    process.stdout.write('\nFile check (parse + header + every row checked), one process per file\n\n')
    process.stdout.write('| file |      rows | size MB |       s |    rows/s | rows/CPU-s    | aim rows/s | peak RSS MB | aims met |\n')
    process.stdout.write('|------|-----------|---------|---------|-----------|---------------|------------|-------------|----------|\n')
    for (const line of lines) process.stdout.write(`${line}\n`)
    process.stdout.write('\nAims: CSV ≥ 100 000 rows/s, XLSX ≥ 20 000 rows/s, peak RSS < 250 MB.')
    process.stdout.write(' rows/CPU-s divides by the CPU time the check used: on a busy machine it is the figure that does not depend on the others.\n')
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

await main()
