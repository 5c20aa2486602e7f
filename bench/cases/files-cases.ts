// files.csv and files.xlsx: rows per second of the file check on a generated file, with the check's peak RSS,
// measured by the file-check benchmark (each check in a process of its own, so the peak is the check's).
import { spawn } from 'node:child_process'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import type { BenchContext, Recorder } from './bench-context.ts'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')

export async function filesCases(context: BenchContext, record: Recorder): Promise<void> {
  const rows = String(context.fileRows)
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'bench/files-bench.ts'), '--csv-rows', rows, '--xlsx-rows', rows], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  let output = ''
  child.stdout!.on('data', (chunk: Buffer) => void (output += chunk.toString()))
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve))
  if (code !== 0) throw new Error(`the file-check benchmark failed (exit ${code}):\n${output}`)
  // Its table: | file | rows | size MB | s | rows/s | rows/CPU-s | aim rows/s | peak RSS MB | aims met |
  for (const [label, name] of [['CSV', 'files.csv'], ['XLSX', 'files.xlsx']] as const) {
    const line = output.split('\n').find((l) => new RegExp(`^\\|\\s*${label}\\s*\\|`).test(l))
    if (!line) throw new Error(`no ${label} row in the file-check benchmark's output:\n${output}`)
    const cells = line.split('|').map((c) => c.trim())
    record({ case: name, value: Number(cells[5]), unit: 'rows/s', rss_mb: Math.round(Number(cells[8])) })
  }
}
