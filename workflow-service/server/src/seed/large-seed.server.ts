// `npm run seed -- --scale large`: the demo data set, then the benchmark's large catalogue and workflow log on top.
import { type Kysely, sql } from 'kysely'
import type { Database } from '@portal/migrations/database.ts'
import { LARGE_CATALOGUE, type LargeCatalogueSize, seedLargeCatalogue } from './large-catalogue-seed.server.ts'
import { seedLargeWorkflow } from './large-workflow-seed.server.ts'
import type { SeedStep } from './seed-context.ts'
import { runSeed } from './seed.server.ts'
import { skipDemoMail } from './demo-mail.server.ts'
import { recordCatalogueBaseline } from '@portal/workflow-domain/commands.server.ts'

export interface LargeSeedOptions {
  storageDir: string
  demoUsers: boolean
  /** The demo data's steps that live outside the domain (the composition root passes them). */
  extraSteps?: readonly SeedStep[]
  /** Smaller sizes for the benchmark's own smoke test; the defaults are the benchmark's data set. */
  catalogue?: LargeCatalogueSize
  workflowEvents?: number
  /**
   * The database already holds the demo data (a copy of one that was seeded, as the benchmark harness's test takes
   * the test run's template): only the large part is loaded on top of it.
   */
  demoDataLoaded?: boolean
  log?: (message: string) => void
}

export const LARGE_WORKFLOW_EVENTS = 200_000

export async function runLargeSeed(db: Kysely<Database>, options: LargeSeedOptions): Promise<void> {
  const log = options.log ?? (() => {})
  const started = Date.now()
  if (!options.demoDataLoaded) await runSeed(db, { scale: 1, demoUsers: options.demoUsers, storageDir: options.storageDir, extraSteps: options.extraSteps, log })
  const catalogue = await seedLargeCatalogue(db, options.catalogue ?? LARGE_CATALOGUE, log)
  const workflow = await seedLargeWorkflow(db, { events: options.workflowEvents ?? LARGE_WORKFLOW_EVENTS, storageDir: options.storageDir, log })
  await skipDemoMail(db)
  // The catalogue as the large data set leaves it is the new baseline verify holds the public record against.
  await recordCatalogueBaseline(db)
  // VACUUM as well: with the visibility map set, counts over millions of readings are index-only scans.
  await sql`VACUUM ANALYZE`.execute(db)
  log(
    `large data set loaded in ${((Date.now() - started) / 1000).toFixed(0)} s: ${catalogue.companies} companies, ` +
      `${catalogue.areas} licence areas, ${catalogue.points} points, ${catalogue.readings} readings, ` +
      `${workflow.events} workflow events on ${workflow.areas} areas (plus the demo data)`,
  )
}
