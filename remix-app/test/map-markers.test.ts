import { describe, expect, it } from 'vitest'
import { clusterLabel, markerLines } from '../app/features/map/map-geometry.ts'

const KINDS = { surface_water: 'Поверхностные воды', ambient_air: 'Атмосферный воздух' }

describe("a map marker's tooltip and a cluster's label", () => {
  it('names the point, its kind in words and its worst multiple of the limit with the year, in Russian digits', () => {
    // The multiple keeps the three decimals the server gives it, as the exceedances list shows it (0,126 is not «0,13»).
    expect(markerLines({ name: 'ПН-1-01', kind: 'surface_water', worst: 1.834 }, KINDS, '2024')).toEqual(['ПН-1-01', 'Поверхностные воды', 'Наибольшая кратность ПДК (2024): 1,834'])
    expect(markerLines({ name: 'ПН-1-02', kind: 'ambient_air', worst: 0.126 }, KINDS, '')).toEqual(['ПН-1-02', 'Атмосферный воздух', 'Наибольшая кратность ПДК: 0,126'])
  })

  it('says there is no data rather than a zero when the point has no multiple', () => {
    expect(markerLines({ name: 'ПН', kind: 'ambient_air', worst: null }, KINDS, '2024')[2]).toBe('Кратность ПДК (2024): нет данных')
  })

  it('counts a cluster and names every point in it', () => {
    const names = Array.from({ length: 12 }, (_, i) => `П${i + 1}`)
    expect(clusterLabel(names.slice(0, 2))).toBe('Пунктов: 2 — П1; П2')
    expect(clusterLabel(names)).toBe(`Пунктов: 12 — ${names.join('; ')}`)
  })
})
