// The `due-notices` job: the day's due-date reminders and the Department's overdue digest (decision 3603). Sent every
// hour by each worker process (startDueNotices); running it again, or on two workers at once, writes nothing twice.
import { sendDueNotices } from '@portal/workflow-domain/commands.server.ts'
import { JOBS, type JobQueue } from '@portal/workflow-domain/ports.ts'
import type { JobDependencies } from '../job-dependencies.ts'

/** How often each worker process asks for the job: a reminder or digest waits at most this long after the day turns. */
export const DUE_NOTICES_EVERY_MS = 60 * 60 * 1000

export function dueNoticesJob(deps: JobDependencies) {
  return {
    handle: async () => {
      if (!deps.queue) throw new Error('the due-notices job needs the queue for its letters')
      const sent = await sendDueNotices(deps.db, { now: new Date(), reminderDays: deps.config.dueReminderDays, queue: deps.queue })
      if (sent.reminders + sent.digests > 0) deps.log.info(sent, 'due-date notices sent')
    },
  }
}

/**
 * Asks for the job now and every `everyMs`: while one waits or runs, the key drops another. Stops asking with
 * `stop()`; a failed ask is logged and tried at the next tick.
 */
export function startDueNotices(queue: JobQueue, log: JobDependencies['log'], everyMs = DUE_NOTICES_EVERY_MS) {
  let stopped = false
  const ask = () => {
    if (stopped) return
    queue.send(JOBS.dueNotices, {}, { key: JOBS.dueNotices }).catch((error) => stopped || log.warn({ err: error }, 'asking for the due-date notices failed'))
  }
  ask()
  const timer = setInterval(ask, everyMs)
  timer.unref()
  return {
    stop() {
      stopped = true
      clearInterval(timer)
    },
  }
}
