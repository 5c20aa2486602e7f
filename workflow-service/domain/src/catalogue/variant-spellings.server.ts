// The one-off check of what was published before names were folded (decision 3410): the readings whose substance is
// spelled otherwise than the reference data spells it (case, spaces, a Latin look-alike, ё/е, a subscript), and the
// measuring points whose codes fold to one code, so the Department can see them. It reads and changes nothing.
import { type Kysely, sql } from 'kysely'
import type { Database } from '@portal/migrations/database.ts'
import { foldName } from '../text/name-fold.ts'

export interface VariantSpelling {
  /** The spelling as published, with how many readings carry it. */
  name: string
  readings: number
}

export interface SubstanceVariants {
  /** The reference data's name the spellings fold to, or null when the reference has none (two spellings of one unknown name). */
  reference: string | null
  spellings: VariantSpelling[]
}

export interface PointCodeVariants {
  codes: Array<{ id: number; nomenclature: string }>
}

/** Every group of published substance names that fold to one name yet are spelled otherwise than the reference. */
export async function substanceVariants(db: Kysely<Database>): Promise<SubstanceVariants[]> {
  const [published, reference] = await Promise.all([
    sql<{ name: string; readings: number }>`SELECT name, count(*)::int AS readings FROM measures_point_indications GROUP BY name ORDER BY name`.execute(db),
    sql<{ name: string }>`SELECT DISTINCT name FROM substances ORDER BY name`.execute(db),
  ])
  const names = new Map(reference.rows.map((r) => [foldName(r.name), r.name]))
  const groups = new Map<string, VariantSpelling[]>()
  for (const row of published.rows) {
    const key = foldName(row.name)
    groups.set(key, [...(groups.get(key) ?? []), { name: row.name, readings: Number(row.readings) }])
  }
  const found: SubstanceVariants[] = []
  for (const [key, spellings] of groups) {
    const own = names.get(key) ?? null
    const variants = own === null ? (spellings.length > 1 ? spellings : []) : spellings.filter((s) => s.name !== own)
    if (variants.length > 0) found.push({ reference: own, spellings: variants })
  }
  return found
}

/** Measuring points of one area whose codes fold to one code («ПН-1-01» and «ПH-1-01» with a Latin H). */
export async function pointCodeVariants(db: Kysely<Database>): Promise<PointCodeVariants[]> {
  const { rows } = await sql<{ id: number; area_id: number | null; nomenclature: string }>`
    SELECT id, area_id, nomenclature FROM measures_points WHERE nomenclature IS NOT NULL ORDER BY id`.execute(db)
  const groups = new Map<string, Array<{ id: number; nomenclature: string }>>()
  for (const row of rows) {
    const key = `${row.area_id}\u0000${foldName(row.nomenclature)}`
    groups.set(key, [...(groups.get(key) ?? []), { id: row.id, nomenclature: row.nomenclature }])
  }
  return [...groups.values()].filter((codes) => codes.length > 1).map((codes) => ({ codes }))
}

/** The check's report as lines a person reads. */
export function variantLines(substances: readonly SubstanceVariants[], points: readonly PointCodeVariants[]): string[] {
  const lines = substances.map((g) => `${g.reference === null ? 'без записи в справочнике' : `«${g.reference}»`}: ${g.spellings.map((s) => `«${s.name}» (${s.readings})`).join(', ')}`)
  for (const g of points) lines.push(`пункты наблюдения ${g.codes.map((c) => `№ ${c.id} «${c.nomenclature}»`).join(', ')}: один код`)
  return lines.length ? lines : ['иначе записанных веществ и кодов пунктов нет']
}
