// The request a background job came from, carried through the job's async calls: its log lines and the events it
// records name the same request id as the web request that caused it.
import { AsyncLocalStorage } from 'node:async_hooks'

export interface JobContext {
  /** The job's name (file-check, report-publication…). */
  job: string
  /** The id of the web request that sent the job, or null (a job from the demo data or an older node). */
  requestId: string | null
}

const storage = new AsyncLocalStorage<JobContext>()

export function runInJobContext<T>(context: JobContext, work: () => Promise<T>): Promise<T> {
  return storage.run(context, work)
}

export function currentJobContext(): JobContext | undefined {
  return storage.getStore()
}

/** The request id a sender put into a job's data (`requestId`), if it is a plausible one. */
export function requestIdOf(data: unknown): string | null {
  const value = (data as { requestId?: unknown } | null)?.requestId
  return typeof value === 'string' && value.length > 0 && value.length <= 200 ? value : null
}
