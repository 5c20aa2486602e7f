// `npm run migrate`: applies the pending migrations to the configured database and exits.
import { loadConfig } from '@portal/workflow-service/config.ts'
import { openDatabase } from '@portal/workflow-service/db/connect.server.ts'
import { migrateToLatest } from './migrate.ts'

const database = await openDatabase(loadConfig()).catch((error: Error) => {
  process.stderr.write(`Ошибка: ${error.message}\n`)
  process.exit(1)
})
try {
  const applied = await migrateToLatest(database.db)
  process.stdout.write(applied.length ? `applied: ${applied.join(', ')}\n` : 'the database is up to date\n')
} finally {
  await database.close()
}
