// The page addresses the catalogue registry declares (a type's list, its cards, the lists scoped to a parent), as
// route patterns: `routes.ts` declares each of them, and the registry page's loader finds its type by them.
import { catalogueTypes } from '@portal/workflow-domain/registry.ts'
import type { ParentKind } from '@portal/workflow-domain/registry.ts'
import { REGIONAL_POINT_LISTS } from './polygon-section-addresses.ts'

/** The first address segment of each parent kind's pages; an area's lists also live under its polygon addresses. */
export const PARENT_BASES: Record<ParentKind, readonly string[]> = {
  company: ['companies'],
  area: ['areas', 'polygons', 'polygons-yanao'],
  measures_point: ['measures-points'],
  water_system: ['water-systems'],
}

export interface RegistryAddress {
  /** The route pattern, e.g. `/forecasts/:id` or `/areas/:id/forecast`. */
  pattern: string
  shape: 'list' | 'card' | 'scoped'
  slug: string
}

/** Every registry page address, in the order the old dispatcher tried them (lists, cards, scoped lists). */
export function registryAddresses(): RegistryAddress[] {
  const lists = catalogueTypes.flatMap((t) => (t.pages?.list ? [{ pattern: t.pages.list, shape: 'list' as const, slug: t.slug }] : []))
  const cards = catalogueTypes.flatMap((t) => (t.pages?.detail ? [{ pattern: `${t.pages.detail}/:id`, shape: 'card' as const, slug: t.slug }] : []))
  const scoped = catalogueTypes.flatMap((t) =>
    (t.pages?.scoped ?? []).flatMap((s) => PARENT_BASES[s.parent].map((base) => ({ pattern: `/${base}/:id/${s.suffix}`, shape: 'scoped' as const, slug: t.slug }))),
  )
  // A regional polygon's point shows its indicator lists under /regional-measures-point/{id}/{kind}/ (§2.1).
  const regional = new Set<string>(REGIONAL_POINT_LISTS)
  const regionalPoint = catalogueTypes.flatMap((t) =>
    (t.pages?.scoped ?? [])
      .filter((s) => s.parent === 'measures_point' && regional.has(s.suffix))
      .map((s) => ({ pattern: `/regional-measures-point/:id/:kind/${s.suffix}`, shape: 'scoped' as const, slug: t.slug })),
  )
  const seen = new Set<string>()
  return [...lists, ...cards, ...scoped, ...regionalPoint].filter((a) => !seen.has(a.pattern) && seen.add(a.pattern))
}

export interface MatchedAddress extends RegistryAddress {
  /** The id segment of a card or scoped list, as written in the address. */
  id?: string
  /** The first segment of a scoped list's address (`areas`, `polygons`…). */
  base?: string
  suffix?: string
  /** The point kind segment of a /regional-measures-point/{id}/{kind}/… address. */
  kind?: string
}

/** The registry page an address belongs to (`/forecasts/3`, `/polygons/7/forecast`), or undefined. */
export function matchRegistryAddress(path: string): MatchedAddress | undefined {
  const segments = path.split('/').filter(Boolean)
  for (const address of registryAddresses()) {
    const pattern = address.pattern.split('/').filter(Boolean)
    if (pattern.length !== segments.length) continue
    if (!pattern.every((p, i) => p === ':id' || p === ':kind' || p === segments[i])) continue
    const at = pattern.indexOf(':id')
    const kindAt = pattern.indexOf(':kind')
    return {
      ...address,
      ...(at >= 0 ? { id: segments[at] } : {}),
      ...(kindAt >= 0 ? { kind: segments[kindAt] } : {}),
      ...(address.shape === 'scoped' ? { base: segments[0], suffix: segments[segments.length - 1] } : {}),
    }
  }
  return undefined
}
