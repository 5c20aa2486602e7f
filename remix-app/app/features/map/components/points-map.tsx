// Measuring points on a map. The server draws them as SVG on the region's outline (it shows without JavaScript and
// without any tile server), each marker a link to its point; in the browser Leaflet, loaded only by this component,
// takes over with the tiles of MAP_TILES_URL. A tile server that cannot be reached leaves the outline and the markers
// on a plain background. Dense markers gather into clusters (leaflet.markercluster) that name their points; a marker's
// tooltip gives its name, kind, latest reading and worst multiple of the limit («1,834 × ПДК»), all from the page's
// data (no request per point); a tap on a touch screen shows the tooltip first and a second tap opens the point. The live map takes the points' places from the GeoJSON list of points (the address an
// analyst opens in QGIS, with the page's filter) and from the page's data only what the list lacks: which points the
// filters keep and each one's worst multiple. A list that does not answer leaves the page's own places on the map.
import { useHref, useNavigate } from '@remix-run/react'
import { useEffect, useMemo, useRef, useState } from 'react'
import { LEVEL_LABELS } from '../../charts/chart-geometry.ts'
import { clusterLabel, extentRing, kindColour, LEVEL_COLOURS, levelColour, type MapMarker, markerLines, placesFromGeoJson, projectionOf, ringPath, scaleBar } from '../map-geometry.ts'
import outline from '../yanao-outline.geo.json'

export type { MapMarker }

export interface PointsMapProps {
  points: MapMarker[]
  /** The GeoJSON list of the page's points (`format=geojson` with the filters the list knows): the live map's places. */
  placesUrl: string
  tilesUrl: string
  /** Point kind → its Russian name, in the order of the colours. */
  kindLabels: Record<string, string>
  /** The year the colours are of ('' for every year). */
  yearLabel: string
}

/** The live map's parts that a new answer's markers are drawn with. */
interface LiveMap {
  L: typeof import('leaflet')
  map: import('leaflet').Map
  region: import('leaflet').GeoJSON
  clusters: import('leaflet').MarkerClusterGroup
  names: Map<import('leaflet').Marker, string>
  armed: import('leaflet').Marker | null
}

const ring = outline.geometry.coordinates[0] as Array<[number, number]>

/** How long the live map waits for the list's places before it draws the page's own: a line that never answers must
 *  not leave the map without markers. */
const PLACES_WAIT_MS = 10_000

export function PointsMap({ points, placesUrl, tilesUrl, kindLabels, yearLabel }: PointsMapProps) {
  const kinds = Object.keys(kindLabels)
  const pointHref = useHref('/measures-points/0').replace(/0$/, '')
  const navigate = useNavigate()
  const live = useRef<HTMLDivElement>(null)
  const [leaflet, setLeaflet] = useState(false)
  // Where the live map's markers stand: the GeoJSON list's places, or the page's own when the list failed.
  const [placesFrom, setPlacesFrom] = useState<'geojson' | 'page' | null>(null)
  // The live map, made once per mount; a new answer (other filters) only replaces its markers. Rebuilding the whole
  // map per answer raced with the old map's removal and its animations, and could leave the new one empty.
  const built = useRef<LiveMap | null>(null)
  const lastPlaces = useRef<{ url: string; answer: unknown } | null>(null)
  const presentKinds = kinds.filter((k) => points.some((p) => p.kind === k))
  // The picture without tiles is fitted to the points (an area's map shows its own ground), the region's outline
  // drawn under them as far as it reaches, with a scale bar.
  const picture = useMemo(() => {
    const projection = projectionOf(extentRing(points, ring))
    return { projection, outlinePath: ringPath(ring, projection), scale: scaleBar(projection) }
  }, [points])
  const { projection } = picture

  useEffect(() => {
    let cancelled = false
    void (async () => {
      await Promise.all([import('leaflet'), import('leaflet/dist/leaflet.css'), import('leaflet.markercluster/dist/MarkerCluster.css')])
      // The plugin extends the global L that Leaflet's module sets, so it is loaded after it, and the map is made from
      // that global: the bundler's copy of the module's names is taken before the plugin adds its own.
      await import('leaflet.markercluster')
      const L = (window as unknown as { L: typeof import('leaflet') }).L
      if (cancelled || !live.current) return
      const map = L.map(live.current, { zoomSnap: 0.25, attributionControl: true })
      // The view first: vector layers added to a map without one fail.
      const region = L.geoJSON(outline as GeoJSON.Feature, { style: { color: '#7a8a96', weight: 1.5, fillColor: '#f7f9fa', fillOpacity: 0.6 }, interactive: false })
      map.fitBounds(region.getBounds())
      region.addTo(map)
      // Distances read without tiles too: a metric scale bar at the bottom left, in Russian units (Leaflet writes
      // «km» and «m»; the line's text is set as text, never as markup).
      // Leaflet's types know only the public options: the overridden method is one of its own (Control.Scale).
      const russian: Record<string, unknown> = {
        _updateScale(line: HTMLElement, text: string, ratio: number) {
          line.style.width = `${Math.round(200 * ratio)}px`
          line.textContent = text.replace(/ km$/, ' км').replace(/ m$/, ' м')
        },
      }
      const RussianScale = L.Control.Scale.extend(russian) as typeof L.Control.Scale
      new RussianScale({ imperial: false, maxWidth: 200, position: 'bottomleft' }).addTo(map)
      L.tileLayer(tilesUrl, { maxZoom: 18, attribution: '&copy; участники OpenStreetMap' }).addTo(map)
      const names = new Map<import('leaflet').Marker, string>()
      const clusters = L.markerClusterGroup({
        maxClusterRadius: 40,
        showCoverageOnHover: false,
        // A cluster is a button named by its points: a screen reader hears which points it holds.
        iconCreateFunction: (cluster) => {
          const inside = cluster.getAllChildMarkers().map((m) => names.get(m) ?? '')
          const icon = document.createElement('span')
          const count = document.createElement('span')
          count.setAttribute('aria-hidden', 'true')
          count.textContent = String(inside.length)
          const label = document.createElement('span')
          label.className = 'visually-hidden'
          label.textContent = clusterLabel(inside)
          icon.append(count, label)
          return L.divIcon({ html: icon, className: 'map-cluster', iconSize: L.point(34, 34) })
        },
      })
      // Enter (and Space) on a focused cluster zooms to its points, as a click does.
      clusters.on('clusterkeypress', (event) => {
        const key = ((event as unknown as { originalEvent: KeyboardEvent }).originalEvent).key
        if (key === 'Enter' || key === ' ') (event as unknown as { layer: import('leaflet').MarkerCluster }).layer.zoomToBounds()
      })
      const made: LiveMap = { L, map, region, clusters, names, armed: null }
      // The marker whose tooltip the last tap showed: tapped again, it opens its point. (Leaflet closes a tooltip on
      // any click before the marker hears it, so the tooltip's own state cannot tell.)
      map.on('click zoomstart', () => {
        made.armed = null
      })
      clusters.addTo(map)
      built.current = made
      setLeaflet(true)
    })().catch((error: unknown) => {
      // The picture stays: the server's SVG map is whole without Leaflet.
      console.error('the live map could not be made', error)
    })
    return () => {
      cancelled = true
      built.current?.map.remove()
      built.current = null
      setLeaflet(false)
    }
  }, [tilesUrl])

  // The page's data decides the markers: drawn once the map is shown (so it measures its real box), again for each
  // new answer, at the places the GeoJSON list gives. An answer overtaken by a newer one is dropped.
  useEffect(() => {
    const current = built.current
    if (!leaflet || !current) return
    let stale = false
    const asked = new AbortController()
    const timer = setTimeout(() => asked.abort(), PLACES_WAIT_MS)
    // The list's answer is kept for its address: another year or substance keeps the list's filter and asks nothing
    // (a GeoJSON list counts against the per-address export limit, decision 2791).
    const kept = lastPlaces.current?.url === placesUrl ? lastPlaces.current.answer : undefined
    // The page's own places at once, so a slow list never leaves the map empty; the list's places replace them.
    if (kept === undefined) drawMarkers(current, points)
    const answer = kept !== undefined
      ? Promise.resolve(kept)
      : fetch(placesUrl, { signal: asked.signal, headers: { Accept: 'application/geo+json' } }).then(async (res) => (res.ok ? ((await res.json()) as unknown) : null))
    void answer
      .catch(() => null)
      .then((body) => {
        const placed = placesFromGeoJson(body, points)
        if (placed && kept === undefined) lastPlaces.current = { url: placesUrl, answer: body }
        clearTimeout(timer)
        if (stale) return
        if (!placed) console.warn(`the points' places could not be read from ${placesUrl}: the page's own are shown`)
        drawMarkers(current, placed ?? points)
        setPlacesFrom(placed ? 'geojson' : 'page')
      })
    return () => {
      stale = true
      clearTimeout(timer)
      asked.abort()
    }
  }, [leaflet, points, placesUrl])

  function drawMarkers(current: LiveMap, points: MapMarker[]) {
    const { L, map, region, clusters, names } = current
    const noHover = window.matchMedia('(hover: none)').matches
    clusters.clearLayers()
    names.clear()
    current.armed = null
    const markers = points.map((p) => {
      const dot = document.createElement('span')
      dot.style.background = levelColour(p.worst)
      dot.style.borderColor = kindColour(p.kind, kinds)
      const marker = L.marker([p.latitude, p.longitude], { icon: L.divIcon({ html: dot, className: 'map-point', iconSize: L.point(16, 16) }), keyboard: true })
      names.set(marker, p.name)
      const open = () => navigate(`/measures-points/${p.id}`)
      marker.on('click', (event) => {
        const touch = noHover || (event.originalEvent as PointerEvent | undefined)?.pointerType === 'touch'
        if (touch && current.armed !== marker) {
          current.armed = marker
          // After the tooltip's own handling of this click (it closes on every click first).
          setTimeout(() => marker.openTooltip(), 0)
          return
        }
        open()
      })
      marker.on('keypress', (event) => {
        const key = (event.originalEvent as KeyboardEvent).key
        if (key === 'Enter' || key === ' ') open()
      })
      // Leaflet sets a string tooltip as HTML: the lines go in as text, so markup in a name is shown, never run.
      const tip = document.createElement('span')
      markerLines(p, kindLabels, yearLabel).forEach((line, i) => {
        const row = document.createElement(i === 0 ? 'strong' : 'span')
        row.textContent = line
        row.className = 'map-tip-line'
        tip.append(row)
      })
      marker.bindTooltip(tip, { direction: 'top', offset: L.point(0, -8) })
      marker.on('add', () => {
        // The marker is a link for the keyboard and for screen readers too; its place is written out for the tests
        // that check it stands where the list put it.
        const element = marker.getElement()
        element?.setAttribute('role', 'link')
        element?.setAttribute('aria-label', p.name)
        element?.setAttribute('data-place', `${marker.getLatLng().lat},${marker.getLatLng().lng}`)
      })
      return marker
    })
    const pointBounds = L.latLngBounds(points.map((p) => [p.latitude, p.longitude] as [number, number]))
    map.invalidateSize()
    map.fitBounds(pointBounds.isValid() ? pointBounds.pad(0.1) : region.getBounds(), { maxZoom: 11, animate: false })
    clusters.addLayers(markers)
  }

  return (
    <div className="points-map-block">
      {/* A group, not an image: it holds a link per point, and an image may not hold controls (axe nested-interactive). */}
      <div className={`points-map${leaflet ? ' live' : ''}`} data-map-mode={leaflet ? 'leaflet' : 'svg'} data-points={points.length} data-places={leaflet ? (placesFrom ?? 'loading') : 'page'}>
        <svg className="map-svg" viewBox={`0 0 ${projection.width} ${projection.height}`} role="group" aria-label={`Карта пунктов наблюдения: ${points.length}`}>
          <path className="map-outline" d={picture.outlinePath} />
          {points.map((p) => {
            const [x, y] = projection.project(p.longitude, p.latitude)
            return (
              <a key={p.id} href={`${pointHref}${p.id}`} aria-label={p.name}>
                <circle className="map-marker" cx={x} cy={y} r={5} fill={levelColour(p.worst)} stroke={kindColour(p.kind, kinds)} strokeWidth={2}>
                  <title>{markerLines(p, kindLabels, yearLabel).join('\n')}</title>
                </circle>
              </a>
            )
          })}
          <g className="map-scale" role="img" aria-label={`Масштаб: ${picture.scale.label}`} transform={`translate(16 ${projection.height - 14})`}>
            <path d={`M0,-6V0H${picture.scale.width}V-6`} />
            <text x={picture.scale.width / 2} y={-9} textAnchor="middle">
              {picture.scale.label}
            </text>
          </g>
        </svg>
        <div ref={live} className="map-live" />
      </div>
      <ul className="map-legend" aria-label="Заливка: наибольшая кратность ПДК">
        {Object.entries(LEVEL_COLOURS).map(([level, colour]) => (
          <li key={level}>
            <span className="chart-key" style={{ background: colour }} /> {LEVEL_LABELS[level]}
            {yearLabel ? ` (${yearLabel})` : ''}
          </li>
        ))}
      </ul>
      <ul className="map-legend" aria-label="Обводка: вид пункта">
        {presentKinds.map((k) => (
          <li key={k}>
            <span className="map-kind" style={{ borderColor: kindColour(k, kinds) }} /> {kindLabels[k]}
          </li>
        ))}
      </ul>
    </div>
  )
}
