// What changed in an observation-results report (decision 3714), the pure comparison: means in this round's unit,
// a substance of one side only, a zero before, the plausibility rule's hits, and the order.
import { describe, expect, it } from 'vitest'
import { changeOf, changeWords, compareRounds, type ReadingGroup } from '../domain/src/changes/round-changes.ts'

const points = new Map([
  [1, { id: 1, nomenclature: 'ПН-1-01', name: 'Река' }],
  [2, { id: 2, nomenclature: 'ПН-1-02', name: 'Озеро' }],
])
const group = (point: number, name: string, unit: string, values: number[]): ReadingGroup => ({
  point,
  name,
  unit,
  sum: values.reduce((a, b) => a + b, 0),
  count: values.length,
  low: values.filter((v) => v > 0).reduce<number | null>((a, b) => (a === null || b < a ? b : a), null),
  high: values.reduce<number | null>((a, b) => (a === null || b > a ? b : a), null),
})

describe('the comparison of a round with the declined one and last year', () => {
  it('compares a value given in another unit in this round’s unit, so 20 мкг/дм³ is 0,02 мг/дм³ and no change', () => {
    const rows = compareRounds({
      current: [group(1, 'Нефтепродукты', 'мг/дм³', [0.02])],
      previous: [group(1, 'Нефтепродукты', 'мкг/дм³', [20])],
      lastYear: [group(1, 'нефтепродукты', 'мкг/дм³', [10, 30])],
      points,
      factor: 10,
    })
    expect(rows).toHaveLength(1)
    expect(rows[0].unit).toBe('мг/дм³')
    expect(rows[0].previous).toBeCloseTo(0.02)
    expect(rows[0].lastYear).toBeCloseTo(0.02)
    expect(changeWords(rows[0].fromPrevious)).toBe('0 %')
    expect(rows[0].plausibility).toBeNull()
  })

  it('lists a substance present in only one of the rounds, saying which, after the measured changes', () => {
    const rows = compareRounds({
      current: [group(1, 'Железо', 'мг/дм³', [0.2]), group(1, 'Медь', 'мг/дм³', [0.003])],
      previous: [group(1, 'Железо', 'мг/дм³', [0.1]), group(2, 'Свинец', 'мг/дм³', [0.01])],
      lastYear: [],
      points,
      factor: 10,
    })
    expect(rows.map((r) => [r.substance, changeWords(r.fromPrevious)])).toEqual([
      ['Железо', '+100 %'],
      ['Медь', 'нет раньше'],
      ['Свинец', 'нет в этом раунде'],
    ])
    expect(rows[2].current).toBeNull()
    expect(rows[2].point.nomenclature).toBe('ПН-1-02')
  })

  it('says a change from zero in words, never Infinity or NaN, and ranks it above every relative change', () => {
    expect(changeOf(5, 0)).toEqual({ kind: 'from-zero' })
    expect(changeOf(0, 0)).toMatchObject({ kind: 'relative', relative: 0 })
    const rows = compareRounds({
      current: [group(1, 'Железо', 'мг/дм³', [0.5]), group(1, 'Фенолы', 'мг/дм³', [0.001])],
      previous: [group(1, 'Железо', 'мг/дм³', [0.1]), group(1, 'Фенолы', 'мг/дм³', [0])],
      lastYear: [],
      points,
      factor: 10,
    })
    expect(rows[0].substance).toBe('Фенолы')
    expect(changeWords(rows[0].fromPrevious)).toBe('с нуля')
    expect(JSON.stringify(rows)).not.toMatch(/Infinity|NaN|null,"factor"/)
  })

  it('marks a reading more than ten times off last year’s mean (the file check’s rule) and puts it first, a tenfold fall ranked as a rise', () => {
    const rows = compareRounds({
      current: [group(1, 'Железо', 'мг/дм³', [0.3]), group(2, 'Медь', 'мг/дм³', [0.001, 0.002]), group(2, 'Свинец', 'мг/дм³', [0.05])],
      previous: [group(1, 'Железо', 'мг/дм³', [0.1]), group(2, 'Медь', 'мг/дм³', [0.02]), group(2, 'Свинец', 'мг/дм³', [0.04])],
      lastYear: [group(2, 'Медь', 'мг/дм³', [0.03]), group(2, 'Свинец', 'мг/дм³', [0.04])],
      points,
      factor: 10,
    })
    expect(rows[0].substance).toBe('Медь')
    expect(rows[0].plausibility).toEqual({ value: 0.001, times: 30, direction: 'down' })
    expect(rows[0].roundJump).toBe(true)
    expect(changeWords(rows[0].fromPrevious)).toBe('−93 %')
    expect(rows.slice(1).map((r) => r.substance)).toEqual(['Железо', 'Свинец'])
    expect(rows[1].plausibility).toBeNull()
  })
})
