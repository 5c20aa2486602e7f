// The control indicators of a water-object point: its sediment and surface-water rows merged into one list, each
// item naming its model (catalogue.md §3) so a page links it to the right card.
import { type Kysely, sql } from 'kysely'
import type { Database } from '@portal/migrations/database.ts'
import { findType } from './registry/index.ts'
import type { CatalogueType } from './registry/types.ts'

/** The model discriminator of each merged type, as the spec's client names them. */
export const CONTROL_MODELS = {
  EcoMonSedimentControlIndicators: 'ecomon-sediment-control-indicators',
  EcoMonWatersControlIndicators: 'ecomon-waters-control-indicators',
} as const

export type ControlModel = keyof typeof CONTROL_MODELS

export interface ControlIndicatorItem {
  id: number
  model: ControlModel
  year: number
  /** Sampling time (ISO) or null. */
  sampled: string | null
  /** The list title of its type: 'Контроль донных отложений' or 'Контроль поверхностных вод'. */
  title: string
  /** The card of the record: `/sediment-control-indicators/{id}` or `/waters-control-indicators/{id}`. */
  href: string
}

const modelTypes = (): Array<[ControlModel, CatalogueType]> =>
  (Object.entries(CONTROL_MODELS) as Array<[ControlModel, string]>).map(([model, slug]) => {
    const type = findType(slug)
    if (!type) throw new Error(`no catalogue type ${slug}`)
    return [model, type]
  })

/** One page of the merged list (newest year and sampling first) and its count: one query each, whatever the size. */
export async function listControlIndicators(
  db: Kysely<Database>,
  pointId: number,
  filters: { year?: number },
  limit: number,
  offset: number,
): Promise<{ count: number; results: ControlIndicatorItem[] }> {
  const parts = modelTypes().map(
    ([model, type]) => sql`SELECT id, ${model}::text AS model, year, sampled FROM ${sql.table(type.table)}
      WHERE measures_point_id = ${pointId} ${filters.year === undefined ? sql`` : sql`AND year = ${filters.year}`}`,
  )
  const merged = sql.join(parts, sql` UNION ALL `)
  const [rows, total] = await Promise.all([
    sql<{ id: number; model: ControlModel; year: number; sampled: Date | null }>`
      SELECT * FROM (${merged}) AS m ORDER BY year DESC, sampled DESC NULLS LAST, model, id LIMIT ${limit} OFFSET ${offset}`.execute(db),
    sql<{ count: number }>`SELECT count(*)::int AS count FROM (${merged}) AS m`.execute(db),
  ])
  const types = new Map(modelTypes())
  return {
    count: total.rows[0]?.count ?? 0,
    results: rows.rows.map((r) => {
      const type = types.get(r.model)!
      return {
        id: r.id,
        model: r.model,
        year: r.year,
        sampled: r.sampled ? new Date(r.sampled).toISOString() : null,
        title: type.title,
        href: `${type.pages?.detail}/${r.id}`,
      }
    }),
  }
}

/** The years that hold either kind of control indicator for the point, newest first (the 'Отчетный период' options). */
export async function controlIndicatorYears(db: Kysely<Database>, pointId: number): Promise<number[]> {
  const parts = modelTypes().map(([, type]) => sql`SELECT year FROM ${sql.table(type.table)} WHERE measures_point_id = ${pointId}`)
  const { rows } = await sql<{ year: number }>`SELECT DISTINCT year FROM (${sql.join(parts, sql` UNION ALL `)}) AS y ORDER BY year DESC`.execute(db)
  return rows.map((r) => r.year)
}
