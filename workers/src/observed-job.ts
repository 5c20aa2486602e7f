// Runs each job inside its request's context (log lines and events name the request id of the web request that
// sent it), and times it for the metrics: a log line when a job starts and one with its outcome and duration.
import { requestIdOf, runInJobContext, deadLetterName, errorMessage, type JobDefinition } from '@portal/workflow-domain/ports.ts'
import { jobDuration } from '@portal/workflow-server/service.server.ts'
import type { Logger } from './job-dependencies.ts'

export function observedJob<T extends object>(definition: JobDefinition<T>, log: Logger): JobDefinition<T> {
  const run = async (kind: string, data: T, work: () => Promise<void>) =>
    runInJobContext({ job: kind, requestId: requestIdOf(data) }, async () => {
      const started = process.hrtime.bigint()
      const seconds = () => Number(process.hrtime.bigint() - started) / 1e9
      log.info(`job ${kind} started`)
      try {
        await work()
        jobDuration.observe({ kind, outcome: 'ok' }, seconds())
        log.info({ ms: Math.round(seconds() * 1000) }, `job ${kind} done`)
      } catch (error) {
        jobDuration.observe({ kind, outcome: 'failed' }, seconds())
        log.warn({ ms: Math.round(seconds() * 1000), reason: errorMessage(error) }, `job ${kind} failed`)
        throw error
      }
    })
  const onDeadLetter = definition.onDeadLetter
  return {
    ...definition,
    handle: (data, signal) => run(definition.name, data, () => definition.handle(data, signal)),
    ...(onDeadLetter ? { onDeadLetter: (data: T, reason: string) => run(deadLetterName(definition.name), data, () => onDeadLetter(data, reason)) } : {}),
  }
}
