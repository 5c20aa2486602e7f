// Entry point of a worker-only node (`npm run workers`): no web server, only the queue consumers.
import { migrateToLatest } from '@portal/migrations/migrate.ts'
import { loadConfig } from '@portal/workflow-service/config.ts'
import { openDatabase } from '@portal/workflow-service/db/connect.server.ts'
import { createLogger } from '@portal/workflow-service/logger.ts'
import { startWorkers } from '@portal/workers/start-workers.ts'
import { openQueue } from './composition.server.ts'

const config = loadConfig()
const log = createLogger(config.logLevel)
const database = await openDatabase(config, (m) => log.info(m)).catch((error: Error) => {
  process.stderr.write(`Ошибка запуска: ${error.message}\n`)
  process.exit(1)
})
await migrateToLatest(database.db)
const queue = await openQueue(config, database.url, true, log)
await startWorkers(queue, { db: database.db, config, log })
const stop = async () => {
  await queue.stop()
  await database.close()
  process.exit(0)
}
process.once('SIGINT', () => void stop())
process.once('SIGTERM', () => void stop())
