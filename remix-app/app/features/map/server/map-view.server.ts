// The map's data for a page: the points matching the filters with their worst multiple of the limit in the chosen
// year (the latest by default, 'Все' for every year), the address of their places as GeoJSON, the tile address from
// the configuration and the filters.
import type { AppLoadContext } from '@remix-run/node'
import { MAX_ID } from '@portal/workflow-domain/views.ts'
import { AREA_KINDS, POINT_KINDS } from '@portal/workflow-domain/registry.ts'
import { recordOf } from '../../../utils/catalogue-record.server.ts'
import { type FilterControl } from '../../../components/filter-form.tsx'
import { readValue } from '../../../utils/use-case-answers.server.ts'

export interface MapScope {
  area?: number
  kind?: string
}

const select = (name: string, label: string, value: string, options: Array<{ value: string; label: string }>): FilterControl => ({
  name,
  label,
  kind: 'select',
  value,
  options: [{ value: '', label: 'Все' }, ...options],
})

/** The map of a page: `scope` is fixed by the page (an area, a kind); the address adds year, kind, area kind and substance. */
export async function mapView(context: AppLoadContext, params: URLSearchParams, scope: MapScope = {}) {
  const substances = await context.catalogue.substanceNames(context.useCaseContext, {}).then(readValue)
  const substance = substances.includes(params.get('substance') ?? '') ? params.get('substance')! : undefined
  const years = await context.catalogue.readingYears(context.useCaseContext, substance ? { substance } : {}).then(readValue)
  // No year in the address: the latest; the filter's 'Все' (an empty year) colours by every year.
  const asked = Number(params.get('year'))
  const year = params.get('year') === '' ? undefined : years.includes(asked) ? asked : years[0]
  const kind = scope.kind ?? (params.get('kind') && params.get('kind')! in POINT_KINDS ? params.get('kind')! : undefined)
  const areaKind = scope.area === undefined && params.get('area_kind') && params.get('area_kind')! in AREA_KINDS ? params.get('area_kind')! : undefined
  const areaParam = Number(params.get('area'))
  const area = scope.area ?? (Number.isInteger(areaParam) && areaParam > 0 && areaParam <= MAX_ID ? areaParam : undefined)
  // An area chosen in the address (a link from its pages) is a filter the person sees and can drop.
  const areaName = area === undefined ? undefined : (await recordOf<{ name?: string }>(context, 'areas', area))?.name
  const points = await context.catalogue.mapPoints(context.useCaseContext, { area, areaKind, kind, year, substance }).then(readValue)
  const controls: FilterControl[] = [
    select('year', 'Отчетный период', year === undefined ? '' : String(year), years.map((y) => ({ value: String(y), label: String(y) }))),
    ...(scope.kind ? [] : [select('kind', 'Вид пункта', kind ?? '', Object.entries(POINT_KINDS).map(([value, label]) => ({ value, label })))]),
    ...(scope.area !== undefined ? [] : [select('area_kind', 'Участки', areaKind ?? '', Object.entries(AREA_KINDS).map(([value, label]) => ({ value, label })))]),
    select('substance', 'Вещество', substance ?? '', substances.map((s) => ({ value: s, label: s }))),
    ...(scope.area === undefined && area !== undefined ? [select('area', 'Лицензионный участок', String(area), [{ value: String(area), label: areaName ?? `№ ${area}` }])] : []),
  ]
  return {
    map: {
      // The places stay in the page's data: the server's SVG map (without JavaScript) draws them, and the live map
      // falls back to them when the list below does not answer.
      points: points.map(({ id, name, kind: k, latitude, longitude, worst, latest }) => ({ id, name, kind: k, latitude, longitude, worst, latest })),
      // The live map's places: the GeoJSON list with the filters it shares with the map (area and kind); the year,
      // substance and kind of area it lacks are applied by keeping only the points above.
      placesUrl: `/api/v1/measures-points/?${new URLSearchParams({ ...(area === undefined ? {} : { area: String(area) }), ...(kind === undefined ? {} : { kind }), format: 'geojson' })}`,
      tilesUrl: context.view.mapTilesUrl,
      kindLabels: POINT_KINDS as Record<string, string>,
      yearLabel: year === undefined ? '' : `${year}`,
    },
    controls,
    area,
    areaName,
  }
}
