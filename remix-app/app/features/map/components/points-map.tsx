// Measuring points on a map. The server draws them as SVG on the region's outline (it shows without JavaScript and
// without any tile server), each marker a link to its point; in the browser Leaflet, loaded only by this component,
// takes over with the tiles of MAP_TILES_URL. A tile server that cannot be reached leaves the outline and the markers
// on a plain background.
import { useHref, useNavigate } from '@remix-run/react'
import { useEffect, useRef, useState } from 'react'
import { LEVEL_LABELS } from '../../charts/chart-geometry.ts'
import { kindColour, LEVEL_COLOURS, levelColour, projectionOf, ringPath } from '../map-geometry.ts'
import outline from '../yanao-outline.geo.json'

export interface MapMarker {
  id: number
  name: string
  kind: string
  latitude: number
  longitude: number
  worst: number | null
}

export interface PointsMapProps {
  points: MapMarker[]
  tilesUrl: string
  /** Point kind → its Russian name, in the order of the colours. */
  kindLabels: Record<string, string>
  /** The year the colours are of ('' for every year). */
  yearLabel: string
}

const ring = outline.geometry.coordinates[0] as Array<[number, number]>
const projection = projectionOf(ring)
const OUTLINE_PATH = ringPath(ring, projection)

export function PointsMap({ points, tilesUrl, kindLabels, yearLabel }: PointsMapProps) {
  const kinds = Object.keys(kindLabels)
  const pointHref = useHref('/measures-points/0').replace(/0$/, '')
  const navigate = useNavigate()
  const live = useRef<HTMLDivElement>(null)
  const [leaflet, setLeaflet] = useState(false)
  const fit = useRef<(() => void) | null>(null)
  const presentKinds = kinds.filter((k) => points.some((p) => p.kind === k))

  useEffect(() => {
    let map: import('leaflet').Map | undefined
    let cancelled = false
    void (async () => {
      const [L] = await Promise.all([import('leaflet'), import('leaflet/dist/leaflet.css')])
      if (cancelled || !live.current) return
      map = L.map(live.current, { zoomSnap: 0.25, attributionControl: true })
      // The view first: vector layers added to a map without one fail.
      const region = L.geoJSON(outline as GeoJSON.Feature, { style: { color: '#7a8a96', weight: 1.5, fillColor: '#f7f9fa', fillOpacity: 0.6 }, interactive: false })
      const pointBounds = L.latLngBounds(points.map((p) => [p.latitude, p.longitude] as [number, number]))
      const bounds = pointBounds.isValid() ? pointBounds.pad(0.1) : region.getBounds()
      fit.current = () => {
        map?.invalidateSize()
        map?.fitBounds(bounds, { maxZoom: 11 })
      }
      fit.current()
      region.addTo(map)
      L.tileLayer(tilesUrl, { maxZoom: 18, attribution: '&copy; участники OpenStreetMap' }).addTo(map)
      for (const p of points) {
        const marker = L.circleMarker([p.latitude, p.longitude], { radius: 6, color: kindColour(p.kind, kinds), weight: 2.5, fillColor: levelColour(p.worst), fillOpacity: 0.95 })
        // Leaflet sets a string tooltip as HTML: the name goes in as text, so markup in a name is shown, never run.
        const label = document.createElement('span')
        label.textContent = p.name
        marker.bindTooltip(label)
        marker.on('click', () => navigate(`/measures-points/${p.id}`))
        marker.on('add', () => {
          // The marker's path is a link for the keyboard and for screen readers too.
          const element = marker.getElement()
          element?.setAttribute('role', 'link')
          element?.setAttribute('aria-label', p.name)
          element?.setAttribute('tabindex', '0')
          element?.addEventListener('keydown', (event) => {
            if ((event as KeyboardEvent).key === 'Enter') navigate(`/measures-points/${p.id}`)
          })
        })
        marker.addTo(map)
      }
      setLeaflet(true)
    })()
    return () => {
      cancelled = true
      map?.remove()
    }
    // The page's data decides the map; a new answer (other filters) builds it again.
  }, [points, tilesUrl])
  // Once shown in place of the picture, the map measures its box again.
  useEffect(() => {
    if (leaflet) fit.current?.()
  }, [leaflet])

  return (
    <div className="points-map-block">
      {/* A group, not an image: it holds a link per point, and an image may not hold controls (axe nested-interactive). */}
      <div className={`points-map${leaflet ? ' live' : ''}`} data-map-mode={leaflet ? 'leaflet' : 'svg'} data-points={points.length}>
        <svg className="map-svg" viewBox={`0 0 ${projection.width} ${projection.height}`} role="group" aria-label={`Карта пунктов наблюдения: ${points.length}`}>
          <path className="map-outline" d={OUTLINE_PATH} />
          {points.map((p) => {
            const [x, y] = projection.project(p.longitude, p.latitude)
            return (
              <a key={p.id} href={`${pointHref}${p.id}`} aria-label={p.name}>
                <circle className="map-marker" cx={x} cy={y} r={5} fill={levelColour(p.worst)} stroke={kindColour(p.kind, kinds)} strokeWidth={2}>
                  <title>{p.name}</title>
                </circle>
              </a>
            )
          })}
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
