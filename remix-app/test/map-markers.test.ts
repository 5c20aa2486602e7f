import { describe, expect, it } from 'vitest'
import { clusterLabel, markerLines, placesFromGeoJson } from '../app/features/map/map-geometry.ts'

const KINDS = { surface_water: 'Поверхностные воды', ambient_air: 'Атмосферный воздух' }

describe("a map marker's tooltip and a cluster's label", () => {
  it('names the point, its kind in words, its latest reading and its worst multiple of the limit with the year, in Russian digits', () => {
    // The multiple keeps the three decimals the server gives it, as the exceedances list shows it (0,126 is not «0,13»).
    const copper = { name: 'Медь', value: 12345.5, measure: 'мг/дм³', sampled: '2024-07-15' }
    expect(markerLines({ name: 'ПН-1-01', kind: 'surface_water', worst: 1.834, latest: copper }, KINDS, '2024')).toEqual([
      'ПН-1-01',
      'Поверхностные воды',
      'Последнее значение: Медь — 12\u00a0345,5 мг/дм³, 15.07.2024',
      'Наибольшая кратность ПДК (2024): 1,834 × ПДК',
    ])
    const soot = { name: 'Сажа', value: 0.012, measure: 'мг/м³', sampled: null }
    expect(markerLines({ name: 'ПН-1-02', kind: 'ambient_air', worst: 0.126, latest: soot }, KINDS, '')).toEqual(['ПН-1-02', 'Атмосферный воздух', 'Последнее значение: Сажа — 0,012 мг/м³', 'Наибольшая кратность ПДК: 0,126 × ПДК'])
  })

  it('says there is no data rather than a zero when the point has no reading or no multiple', () => {
    expect(markerLines({ name: 'ПН', kind: 'ambient_air', worst: null, latest: null }, KINDS, '2024').slice(2)).toEqual(['Последнее значение (2024): нет данных', 'Кратность ПДК (2024): нет данных'])
  })

  it('counts a cluster and names every point in it', () => {
    const names = Array.from({ length: 12 }, (_, i) => `П${i + 1}`)
    expect(clusterLabel(names.slice(0, 2))).toBe('Пунктов: 2 — П1; П2')
    expect(clusterLabel(names)).toBe(`Пунктов: 12 — ${names.join('; ')}`)
  })
})

describe("the live map's places from the GeoJSON list", () => {
  const page = [
    { id: 1, name: 'ПН-1', kind: 'surface_water', latitude: 66, longitude: 70, worst: 2.5, latest: { name: 'Медь', value: 2.5, measure: 'мг/дм³', sampled: '2024-07-15' } },
    { id: 2, name: 'ПН-2', kind: 'surface_water', latitude: 67, longitude: 71, worst: null, latest: null },
    { id: 3, name: 'ПН-3', kind: 'surface_water', latitude: 68, longitude: 72, worst: 0.4, latest: null },
  ]
  const feature = (id: number, coordinates: unknown, properties: Record<string, unknown> = {}) => ({ type: 'Feature', id, geometry: { type: 'Point', coordinates }, properties })

  it("puts each of the page's points at the list's place, keeps its worst multiple and latest reading and leaves out the points the page's filters dropped", () => {
    const answer = { type: 'FeatureCollection', features: [feature(3, [72.5, 68.5], { name: 'ПН-3 новое', kind: 'surface_water' }), feature(1, [70, 66]), feature(9, [80, 70])] }
    expect(placesFromGeoJson(answer, page)).toEqual([
      { id: 1, name: 'ПН-1', kind: 'surface_water', latitude: 66, longitude: 70, worst: 2.5, latest: page[0].latest },
      { id: 3, name: 'ПН-3 новое', kind: 'surface_water', latitude: 68.5, longitude: 72.5, worst: 0.4, latest: null },
    ])
  })

  it('leaves out a point whose place the list does not give as two numbers', () => {
    const answer = { type: 'FeatureCollection', features: [feature(1, ['70', 66]), feature(2, [71]), { type: 'Feature', id: 3, geometry: null, properties: {} }] }
    expect(placesFromGeoJson(answer, page)).toEqual([])
  })

  it('answers nothing for an answer that is not a FeatureCollection, so the page keeps its own places', () => {
    expect(placesFromGeoJson({ detail: 'Ошибка' }, page)).toBeNull()
    expect(placesFromGeoJson(null, page)).toBeNull()
    expect(placesFromGeoJson({ type: 'FeatureCollection' }, page)).toBeNull()
  })
})
