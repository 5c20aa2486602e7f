// files.csv and files.xlsx: rows per second of the file check on a generated file, with the check's peak RSS. The
// file-check benchmark's own functions write the files and measure each check in a fresh process (the check runs in
// its child there, as the file-check job runs it), so its peak RSS is the check's alone.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { measureFileCheck, measureFileCheckInFreshProcess, writeCsvFile, writeXlsxFile } from '../files-bench.ts'
import type { BenchContext, Recorder } from './bench-context.ts'

const CASES = [
  { name: 'files.csv', file: 'readings.csv', write: writeCsvFile },
  { name: 'files.xlsx', file: 'readings.xlsx', write: writeXlsxFile },
] as const

export async function filesCases(context: BenchContext, record: Recorder): Promise<void> {
  const dir = mkdtempSync(path.join(tmpdir(), 'portal-bench-files-'))
  try {
    for (const c of CASES) {
      const file = path.join(dir, c.file)
      await c.write(file, context.fileRows)
      // The tiny data set is the harness's own test: a fresh TypeScript process per file would cost more than the
      // check, and its RSS says nothing there; the real run measures each check in a process of its own.
      const m = context.scale === 'tiny' ? await measureFileCheck(file) : measureFileCheckInFreshProcess(file)
      if (!m.ok || m.rows !== context.fileRows) throw new Error(`${c.name}: the check of ${context.fileRows} generated rows ended with ${m.rows} rows: ${m.problem ?? 'no problem named'}`)
      record({ case: c.name, value: Math.round(m.rowsPerSecond), unit: 'rows/s', rss_mb: Math.round(m.childPeakRssMb ?? m.parentPeakRssMb) })
    }
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}
