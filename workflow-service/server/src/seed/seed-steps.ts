// The demo-data steps, in the order they run (later steps read what earlier ones wrote).
import { catalogueSeed } from './catalogue-seed.ts'
import { coreSeed } from './core-seed.ts'
import { referenceSubstancesSeed } from './reference-substances-seed.ts'
import type { SeedStep } from './seed-context.ts'
import { usersSeed } from './users-seed.ts'
import { workflowSeed } from './workflow-seed.ts'

export const seedSteps: SeedStep[] = [coreSeed, catalogueSeed, referenceSubstancesSeed, usersSeed, workflowSeed]
