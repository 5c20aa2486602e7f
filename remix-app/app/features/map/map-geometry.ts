// The map drawn without tiles: longitude and latitude projected onto an SVG (equirectangular, stretched by the cosine
// of the middle latitude so the region keeps its shape), the outline's path, and the colours of kinds and levels.
import { levelOf } from '../charts/chart-geometry.ts'
import { formatDate } from '@portal/workflow-domain/registry.ts'
import { formatNumber } from '../../utils/russian-format.ts'

export type Ring = ReadonlyArray<readonly [number, number] | readonly number[]>

export interface Projection {
  width: number
  height: number
  project: (lon: number, lat: number) => [number, number]
  /** The picture's units per kilometre (one degree of latitude is 111,32 km everywhere). */
  perKm: number
}

/** A projection of these bounds into a picture `width` wide, with a margin. */
export function projectionOf(ring: Ring, width = 800, margin = 16): Projection {
  const lons = ring.map((p) => p[0])
  const lats = ring.map((p) => p[1])
  const [minLon, maxLon, minLat, maxLat] = [Math.min(...lons), Math.max(...lons), Math.min(...lats), Math.max(...lats)]
  const stretch = Math.cos((((minLat + maxLat) / 2) * Math.PI) / 180)
  const scale = (width - 2 * margin) / ((maxLon - minLon) * stretch || 1)
  const height = Math.round((maxLat - minLat) * scale + 2 * margin)
  return {
    width,
    height,
    perKm: scale / 111.32,
    project: (lon, lat) => [Math.round((margin + (lon - minLon) * stretch * scale) * 10) / 10, Math.round((margin + (maxLat - lat) * scale) * 10) / 10],
  }
}

/** The smallest box the map shows around its points, in kilometres a side: an area of a few points still has ground around it. */
const MIN_EXTENT_KM = 10

/**
 * The ring of the box a map is fitted to: the points' extent with a tenth on each side (and at least MIN_EXTENT_KM
 * across), or the region's outline when there is no point, so an area's map shows its own ground, not the whole okrug.
 */
export function extentRing(points: ReadonlyArray<{ latitude: number; longitude: number }>, region: Ring): Ring {
  const placed = points.filter((p) => Number.isFinite(p.latitude) && Number.isFinite(p.longitude))
  if (placed.length === 0) return region
  const lats = placed.map((p) => p.latitude)
  const lons = placed.map((p) => p.longitude)
  const [minLat, maxLat, minLon, maxLon] = [Math.min(...lats), Math.max(...lats), Math.min(...lons), Math.max(...lons)]
  const middle = (minLat + maxLat) / 2
  const halfLat = Math.max(((maxLat - minLat) * 1.2) / 2, MIN_EXTENT_KM / 2 / 111.32)
  const halfLon = Math.max(((maxLon - minLon) * 1.2) / 2, MIN_EXTENT_KM / 2 / (111.32 * Math.cos((middle * Math.PI) / 180)))
  const [lat, lon] = [middle, (minLon + maxLon) / 2]
  return [
    [lon - halfLon, lat - halfLat],
    [lon + halfLon, lat - halfLat],
    [lon + halfLon, lat + halfLat],
    [lon - halfLon, lat + halfLat],
  ]
}

/** A scale bar: the roundest length (1, 2 or 5 × 10ⁿ km) no wider than a quarter of the picture, and its width. */
export function scaleBar(projection: Projection): { km: number; width: number; label: string } {
  const most = (projection.width * 0.25) / projection.perKm
  const power = 10 ** Math.floor(Math.log10(most))
  const km = [5, 2, 1].map((m) => m * power).find((k) => k <= most) ?? power
  const label = km >= 1 ? `${formatNumber(km)} км` : `${formatNumber(km * 1000)} м`
  return { km, width: Math.round(km * projection.perKm * 10) / 10, label }
}

export function ringPath(ring: Ring, projection: Projection): string {
  return ring.map((p, i) => `${i === 0 ? 'M' : 'L'}${projection.project(p[0], p[1]).join(',')}`).join('') + 'Z'
}

/** The fill of a marker: the colour of its worst multiple of the limit in the year. */
export const LEVEL_COLOURS: Record<string, string> = {
  'below-1': '#2e7d32',
  '1-2': '#b08900',
  '2-5': '#e65100',
  'above-5': '#b71c1c',
  none: '#90a4ae',
}

export function levelColour(worst: number | null): string {
  return LEVEL_COLOURS[levelOf(worst)]
}

const KIND_PALETTE = ['#1565c0', '#6a1b9a', '#00838f', '#4e342e', '#ad1457', '#283593', '#558b2f', '#ef6c00', '#37474f', '#00695c', '#5d4037', '#c2185b', '#303f9f', '#0277bd', '#827717', '#4527a0', '#2e7d32']

/** The ring colour of a marker: one per point kind, in the order of the kinds' list. */
export function kindColour(kind: string, kinds: readonly string[]): string {
  const i = kinds.indexOf(kind)
  return KIND_PALETTE[(i < 0 ? kinds.length : i) % KIND_PALETTE.length]
}

/** A multiple of the limit as the map says it: «1,834 × ПДК», with the three decimals the server keeps (as the
 *  exceedances list shows it: 0,126 is not «0,13»). */
export function timesLimit(multiple: number): string {
  return `${formatNumber(multiple)} × ПДК`
}

/**
 * What a marker's tooltip says, line by line: the point's name, its kind, its latest reading of the year shown (the
 * substance, value, unit and sampling day), and its worst multiple of the limit that year: all from the page's data.
 */
export function markerLines(point: Pick<MapMarker, 'name' | 'kind' | 'worst' | 'latest'>, kindLabels: Record<string, string>, yearLabel: string): string[] {
  const year = yearLabel ? ` (${yearLabel})` : ''
  const latest = point.latest
    ? `Последнее значение: ${point.latest.name} — ${formatNumber(point.latest.value)}${point.latest.measure ? ` ${point.latest.measure}` : ''}${point.latest.sampled ? `, ${formatDate(point.latest.sampled)}` : ''}`
    : `Последнее значение${year}: нет данных`
  const worst =
    point.worst === null || !Number.isFinite(point.worst)
      ? `Кратность ПДК${year}: нет данных`
      : `Наибольшая кратность ПДК${year}: ${timesLimit(point.worst)}`
  return [point.name, kindLabels[point.kind] ?? point.kind, latest, worst]
}

/** What a cluster says to a screen reader: how many points, and which (every name, so a person looking for one point
 * can tell which cluster holds it). */
export function clusterLabel(names: readonly string[]): string {
  return `Пунктов: ${names.length} — ${names.join('; ')}`
}

/** A point as the map draws it: its place, and its worst multiple of the limit in the year shown. */
export interface MapMarker {
  id: number
  name: string
  kind: string
  latitude: number
  longitude: number
  worst: number | null
  /** Its latest reading of the year shown, or null without any. */
  latest: { name: string; value: number; measure: string; sampled: string | null } | null
}

/**
 * The live map's points: the places the GeoJSON list of points answers (the address QGIS opens), the rest from the
 * page's data. The page's data decides which points are shown — its filters (year, substance, kind of area) go further
 * than the list's — and gives each its worst multiple and latest reading, which are not fields of the list; the list
 * gives each its place, name and kind. A point the list leaves out has no usable place and is not drawn. An answer that is not a
 * FeatureCollection gives `null`: the caller keeps the page's own places rather than an empty map.
 */
export function placesFromGeoJson(answer: unknown, points: readonly MapMarker[]): MapMarker[] | null {
  const features = (answer as { type?: unknown; features?: unknown } | null)?.features
  if ((answer as { type?: unknown } | null)?.type !== 'FeatureCollection' || !Array.isArray(features)) return null
  const byId = new Map<number, { coordinates: unknown; properties: Record<string, unknown> }>()
  for (const f of features as Array<{ id?: unknown; geometry?: { type?: unknown; coordinates?: unknown } | null; properties?: Record<string, unknown> | null }>) {
    if (typeof f?.id === 'number' && f.geometry?.type === 'Point') byId.set(f.id, { coordinates: f.geometry.coordinates, properties: f.properties ?? {} })
  }
  return points.flatMap((p) => {
    const place = byId.get(p.id)
    const [longitude, latitude] = Array.isArray(place?.coordinates) ? (place.coordinates as unknown[]) : []
    if (!place || typeof latitude !== 'number' || typeof longitude !== 'number' || !Number.isFinite(latitude) || !Number.isFinite(longitude)) return []
    const { name, kind } = place.properties
    return [{ id: p.id, name: typeof name === 'string' ? name : p.name, kind: typeof kind === 'string' ? kind : p.kind, latitude, longitude, worst: p.worst, latest: p.latest }]
  })
}
