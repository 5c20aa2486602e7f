// A worker-only process for the crash test: the real jobs on the test database, with heartbeats short enough to wait for.
import { loadConfig, createKysely } from '@portal/workflow-server/service.server.ts'
import { jobPolicies } from '../../src/jobs.ts'
import { createQueue } from '../../src/queue/create-queue.ts'
import { startWorkers } from '../../src/start-workers.ts'

const config = loadConfig(process.env)
const db = createKysely(config.databaseUrl!, 4)
const write = (line: string) => process.stdout.write(`${line}\n`)
const log = {
  info: (a: unknown, b?: string) => write(b ?? String(a)),
  warn: (_: unknown, b: string) => write(b),
  error: (_: unknown, b: string) => write(b),
}
const queue = await createQueue({
  url: config.databaseUrl!,
  redisUrl: config.redisUrl,
  redisPrefix: process.env.TEST_REDIS_PREFIX,
  supervise: true,
  superviseIntervalSeconds: 1,
  // pg-boss refuses a heartbeat under 10 s. BullMQ takes any lock (BULLMQ_LOCK_SECONDS in a deployment): at 10 s a
  // killed worker's job waited up to 40 s for the next worker's stalled checks (one marks it, a later one takes it once
  // its lock has lapsed); at 3 s (renewed every 1.5 s) it waits a few seconds. What the crash test proves is that the job
  // is taken again, not how long it waits.
  policies: jobPolicies.map((p) => ({ ...p, heartbeatSeconds: 10, retryDelaySeconds: 1 })),
  bullmqLockSeconds: 3,
})
await startWorkers(queue, { db, config, log })
const stop = async () => {
  await queue.stop()
  await db.destroy()
  write('stopped')
  process.exit(0)
}
process.once('SIGTERM', () => void stop())
process.once('SIGINT', () => void stop())
write('ready')
