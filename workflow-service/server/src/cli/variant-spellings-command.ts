// `npm run spellings`: lists the published readings whose substance is spelled otherwise than the reference data
// spells it, and the points whose codes fold to one code (decision 3410). It changes nothing.
import { loadConfig } from '../config.ts'
import { openDatabase } from '@portal/workflow-platform/database.server.ts'
import { pointCodeVariants, substanceVariants, variantLines } from '@portal/workflow-domain/commands.server.ts'

const database = await openDatabase(loadConfig())
try {
  const lines = variantLines(await substanceVariants(database.db), await pointCodeVariants(database.db))
  for (const line of lines) process.stdout.write(`${line}\n`)
} finally {
  await database.close()
}
