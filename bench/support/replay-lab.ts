// The replay-only data set the replay's tools share: the large data set's workflow log (200 184 events by default)
// over a catalogue of 1 100 areas, loaded once under BENCH_DATA_DIR (default /tmp/replay-lab/data) on a PostgreSQL of
// its own, so the replay is measured without the 5 000 000 readings the large set copies for each run.
import { openBenchDataSet, SCALES, type BenchDataSet } from './bench-data-set.ts'

export async function openReplayLab(events: number, log: (message: string) => void = () => {}): Promise<BenchDataSet> {
  process.env.BENCH_DATA_DIR ||= '/tmp/replay-lab/data'
  process.env.BENCH_DATABASE ||= 'replay_lab'
  process.env.BENCH_PG_PORT ||= '54391'
  SCALES.tiny = { catalogue: { areas: 1100, pointsPerArea: 1, years: 1 }, workflowEvents: events }
  return openBenchDataSet('tiny', log)
}
