// Demo data of every registry type, generated from its declaration: one group of rows per parent record (point,
// area, company, water system) and year, with values drawn from each field's seed hints (deterministic faker).
import type { Faker } from '@faker-js/faker'
import { sql } from 'kysely'
import { demoFileUrl, writeDemoFile } from './demo-files.server.ts'
import { catalogueTypes, storedFields } from '@portal/workflow-domain/registry.ts'
import type { CatalogueType, FieldDef } from '@portal/workflow-domain/registry.ts'
import { alignPointReportsWithReadings } from './point-reports-seed.ts'
import { insertInBatches, type SeedContext, type SeedStep } from './seed-context.ts'

type Row = Record<string, unknown>

const PARENT_TABLES = { area: 'areas', company: 'companies', measures_point: 'measures_points', water_system: 'water_systems' } as const

function pad(n: number): string {
  return String(n).padStart(2, '0')
}

/** A sampling time in the field season of the year, in the region's time zone (UTC+5). */
function sampledIn(faker: Faker, year: number): string {
  const month = faker.number.int({ min: 6, max: 9 })
  const day = faker.number.int({ min: 1, max: 28 })
  return `${year}-${pad(month)}-${pad(day)}T${pad(faker.number.int({ min: 8, max: 18 }))}:${pad(faker.number.int({ min: 0, max: 59 }))}:00+05:00`
}

function roundNice(value: number): number {
  if (value === 0) return 0
  return Number(value.toPrecision(value >= 100 ? 6 : 3))
}

function valueFor(faker: Faker, type: CatalogueType, field: FieldDef, year: number | undefined, key: string): unknown {
  const hint = field.seed ?? {}
  if (hint.value !== undefined) return hint.value
  if (hint.empty && faker.number.float({ min: 0, max: 1 }) < hint.empty) return null
  switch (field.type) {
    case 'number': {
      const min = hint.min ?? 0
      const max = hint.max ?? 100
      return field.integer ? faker.number.int({ min: Math.ceil(min), max: Math.floor(max) }) : roundNice(faker.number.float({ min, max }))
    }
    case 'boolean':
      return faker.datatype.boolean({ probability: 0.3 })
    case 'enum':
      return faker.helpers.arrayElement(Object.keys(field.options ?? {}))
    case 'date':
      return field.dateOnly ? sampledIn(faker, year ?? 2024).slice(0, 10) : sampledIn(faker, year ?? 2024)
    case 'link':
      return demoFileUrl(type.slug, field.name)
    case 'list':
      return hint.pick ? faker.helpers.arrayElements(hint.pick as string[], { min: 2, max: Math.min(4, hint.pick.length) }) : []
    default:
      if (hint.pick) return faker.helpers.arrayElement(hint.pick as string[])
      return field.required ? `${type.title} ${key}` : null
  }
}

async function parentsOf(context: SeedContext, type: CatalogueType): Promise<Row[]> {
  const plan = type.seed
  if (!plan || plan.per === 'none') return [{}]
  const table = PARENT_TABLES[plan.per]
  const columns = plan.per === 'area' ? sql`id, company_id` : sql`id`
  const conditions = Object.entries(plan.where ?? {}).map(([column, values]) => sql`${sql.ref(column)} = ANY(${values as string[]})`)
  const where = conditions.length ? sql`WHERE ${sql.join(conditions, sql` AND `)}` : sql``
  const { rows } = await sql<Row>`SELECT ${columns} FROM ${sql.table(table)} ${where} ORDER BY id`.execute(context.trx)
  return rows
}

async function idsOf(context: SeedContext, table: string): Promise<number[]> {
  const { rows } = await sql<{ id: number }>`SELECT id FROM ${sql.table(table)} ORDER BY id`.execute(context.trx)
  return rows.map((r) => r.id)
}

async function rowsFor(context: SeedContext, type: CatalogueType): Promise<Row[]> {
  const { faker } = context
  const plan = type.seed
  if (!plan) return []
  const fields = storedFields(type)
  const refIds = new Map<string, number[]>()
  for (const f of fields) if (f.type === 'ref' && f.ref) refIds.set(f.name, await idsOf(context, f.ref.table))

  const make = (parent: Row, year: number | undefined, fixed: Row, key: string): Row => {
    const row: Row = {}
    for (const f of fields) {
      if (f.name in fixed) {
        row[f.column] = fixed[f.name]
        continue
      }
      if (f.name === 'year') {
        row.year = year ?? faker.number.int({ min: f.seed?.min ?? 2010, max: f.seed?.max ?? 2025 })
        continue
      }
      if (f.type === 'ref') {
        if (plan.per !== 'none' && f.name === plan.per) row[f.column] = parent.id
        else if (f.name === 'company' && plan.per === 'area') row[f.column] = parent.company_id ?? null
        else if (f.required || f.name === plan.per) row[f.column] = faker.helpers.arrayElement(refIds.get(f.name) ?? [null])
        else row[f.column] = null
        continue
      }
      row[f.column] = valueFor(faker, type, f, (row.year as number | undefined) ?? year, key)
    }
    for (const f of fields) {
      if (f.name in fixed) continue
      const weights = f.seed?.weightedSumOf ?? (f.seed?.sumOf ? Object.fromEntries(f.seed.sumOf.map((name) => [name, 1])) : null)
      if (!weights) continue
      const sum = Object.entries(weights).reduce((acc, [name, weight]) => acc + (Number(row[fields.find((p) => p.name === name)?.column ?? name]) || 0) * weight, 0)
      row[f.column] = f.integer ? Math.round(sum) : Number(sum.toFixed(3))
    }
    return row
  }

  if (plan.per === 'none') return (plan.rows ?? []).map((fixed, i) => make({}, fixed.year as number | undefined, fixed, String(i + 1)))

  const rows: Row[] = []
  const parents = await parentsOf(context, type)
  const years = plan.years?.length ? plan.years : [undefined]
  for (const parent of parents) {
    for (const year of years) {
      if (plan.density !== undefined && faker.number.float({ min: 0, max: 1 }) > plan.density) continue
      const each = plan.eachOf ? refIds.get(plan.eachOf) ?? [] : undefined
      const fixedRows: Row[] = each ? each.map((id) => ({ [plan.eachOf as string]: id })) : Array.from({ length: plan.count ?? 1 }, () => ({}))
      fixedRows.forEach((fixed, i) => rows.push(make(parent, year, fixed, `${parent.id}-${year ?? 'all'}-${i + 1}`)))
    }
  }
  return rows
}

export const catalogueSeed: SeedStep = {
  name: 'catalogue types',
  async run(context: SeedContext) {
    const counts: string[] = []
    // Flat reference lists first (`per: none`), then the types that hang on parents, in registry order.
    const generated = catalogueTypes.filter((t) => t.origin === 'generated')
    const ordered = [...generated.filter((t) => t.seed?.per === 'none'), ...generated.filter((t) => t.seed && t.seed.per !== 'none')]
    for (const type of ordered) {
      const rows = await rowsFor(context, type)
      // As many rows per INSERT as PostgreSQL's 65 535 bind parameters allow: fewer round trips on a first start.
      const perRow = Math.max(1, storedFields(type).length)
      await insertInBatches(context.trx, type.table as never, rows, Math.floor(60_000 / perRow))
      counts.push(`${type.slug} ${rows.length}`)
      // Every link a record carries opens a real file: one per type and link field.
      if (rows.length) {
        for (const field of storedFields(type).filter((f) => f.type === 'link')) {
          await writeDemoFile(context.storageDir, demoFileUrl(type.slug, field.name), `Demo file: ${type.slug} / ${field.name}`)
        }
      }
    }
    await alignPointReportsWithReadings(context.trx)
    context.log(`demo data: ${counts.join(', ')}`)
  },
}
