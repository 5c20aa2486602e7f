// `npm run migrate`: applies the pending migrations to the configured database (as its owner) and exits. It is the
// migrate step of a deployment whose nodes run with MIGRATIONS=check, so it always applies whatever that says.
import './required-node.ts' // first: a Node older than the declared one stops here, before anything else loads
import { loadConfig, openDatabase } from '@portal/workflow-server/service.server.ts'

const database = await openDatabase(
  loadConfig({ ...process.env, MIGRATIONS: 'apply' }),
  () => {},
  (warning) => process.stderr.write(`Предупреждение: ${warning}\n`),
).catch((error: Error) => {
  process.stderr.write(`Ошибка: ${error.message}\n`)
  process.exit(1)
})
try {
  const applied = database.applied
  process.stdout.write(applied.length ? `applied: ${applied.join(', ')}\n` : 'the database is up to date\n')
} finally {
  await database.close()
}
