// What every group of cases gets: the data set, the timing settings and the running portal.
import type { BenchDataSet, BenchScale } from '../support/bench-data-set.ts'
import type { CaseResult } from '../support/results.ts'

export interface BenchSettings {
  scale: BenchScale
  /** Seconds each load case is measured, after warmupSeconds of the same load. */
  seconds: number
  warmupSeconds: number
  /** HTTP connections of the load cases (the figures use 50). */
  connections: number
  webProcesses: number
  /** Rows of the files.csv and files.xlsx checks. */
  fileRows: number
  log: (message: string) => void
}

export interface BenchContext extends BenchSettings {
  dataSet: BenchDataSet
}

/** Records one result as soon as it is measured, so a later failure keeps the earlier figures. */
export type Recorder = (result: CaseResult) => void
