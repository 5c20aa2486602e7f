import { afterAll, describe, expect, it } from 'vitest'
import { checkDataFile, type CheckedRow } from '../src/files/check-data-file.server.ts'
import type { RowContext } from '../src/files/check-row.ts'
import { uploadSpecOf, convertUnit, unitsConvertibleTo, pointReportTypes, unitFitsKind, unitsOf } from '@portal/workflow-domain/registry.ts'
import { tempFolder, writeCsv } from './support/fixture-files.ts'

const folder = tempFolder()
afterAll(() => folder.remove())

const observation = uploadSpecOf('observation_results')
const HEADER = observation.columns.map((c) => c.header)
const header = (field: string) => observation.columns.find((c) => c.field === field)!.header

/** The report of 2026 on an area with one point of each medium, and the ПДК units the reference data gives. */
const context: RowContext = {
  year: 2026,
  scope: 'на участке «Южный»',
  references: {
    measures_point: new Map([
      ['пн-1-01', { id: 11, kind: 'ambient_air' }],
      ['пн-1-03', { id: 13, kind: 'surface_water' }],
      ['пн-1-06', { id: 16, kind: 'soils' }],
    ]),
  },
  limitUnits: new Map([
    ['диоксид азота (no2)', ['мг/м³']],
    ['бенз(а)пирен', ['мкг/м³']],
    ['нефтепродукты', ['мг/дм³', 'мг/кг']],
    ['свинец', ['мг/дм³', 'мг/кг']],
    ['бпк5', ['мгО2/дм³']],
  ]),
  today: new Date('2026-11-24T00:00:00Z'),
}

async function check(name: string, rows: Array<Array<string | number>>) {
  const staged: CheckedRow[] = []
  const result = await checkDataFile(writeCsv(folder.file(name), [HEADER, ...rows]), observation, context, { onRows: async (batch) => void staged.push(...batch) })
  return { ...result, staged }
}

const air = (value: string | number, unit: string, name = 'Диоксид азота (NO2)', mpc: string | number = '0,2') => ['ПН-1-01', 2026, '15.07.2026', name, value, unit, mpc, '']
const water = (value: string | number, unit: string, name = 'Нефтепродукты') => ['ПН-1-03', 2026, '01.08.2026', name, value, unit, '0,05', '']
const soil = (value: string | number, unit: string, name = 'Свинец') => ['ПН-1-06', 2026, '01.08.2026', name, value, unit, 32, '']

describe('readings stored in the unit of their ПДК', () => {
  it('converts 45 мкг/м³ of NO2 to 0,045 мг/м³ (its ПДК 0,2 мг/м³), says so once for the column, and raises no false «N раз» warning', async () => {
    const result = await check('no2.csv', [air(45, 'мкг/м³'), air('30', ' МКГ / М3 '), air('0,05', 'мг/м³')])
    expect(result).toMatchObject({ ok: true, problems: [], rows: 3 })
    expect(result.staged.map((r) => [r.values.value, r.values.measure, r.values.mpc])).toEqual([
      [0.045, 'мг/м³', 0.2],
      [0.03, 'мг/м³', 0.2],
      [0.05, 'мг/м³', 0.2],
    ])
    const notices = result.warnings.filter((w) => w.reason.includes('пересчитаны'))
    expect(notices).toEqual([{ column: header('value'), reason: 'Значения в мкг/м³ пересчитаны в мг/м³ (единица ПДК)', level: 'warning' }])
    expect(result.warnings.some((w) => w.reason.includes('выше ПДК'))).toBe(false)
  })

  it('judges the «N раз выше ПДК» warning on the converted value', async () => {
    const result = await check('no2-high.csv', [air(4200, 'мкг/м³')])
    expect(result.ok).toBe(true)
    expect(result.staged[0].values).toMatchObject({ value: 4.2, measure: 'мг/м³' })
    expect(result.warnings.find((w) => w.row === 2)).toMatchObject({
      column: header('value'),
      value: '4200',
      reason: 'значение выше ПДК в 21 раз: проверьте единицу измерения и разделитель дробной части',
    })
  })

  it('converts water readings in мкг/л and мг/л to мг/дм³, one notice per unit, and a solid one in г/кг to мг/кг', async () => {
    const result = await check('water.csv', [water(12, 'мкг/л'), water(7, 'мкг/л'), water('0,02', 'мг/л'), water('0,03', 'мг/дм3'), soil('0,5', 'г/кг')])
    expect(result.ok).toBe(true)
    expect(result.staged.map((r) => [r.values.value, r.values.measure])).toEqual([
      [0.012, 'мг/дм³'],
      [0.007, 'мг/дм³'],
      [0.02, 'мг/дм³'],
      [0.03, 'мг/дм³'],
      [500, 'мг/кг'],
    ])
    expect(result.warnings.filter((w) => w.reason.includes('пересчитаны')).map((w) => w.reason)).toEqual([
      'Значения в мкг/л пересчитаны в мг/дм³ (единица ПДК)',
      'Значения в мг/л пересчитаны в мг/дм³ (единица ПДК)',
      'Значения в г/кг пересчитаны в мг/кг (единица ПДК)',
    ])
  })

  it('takes the ПДК unit from the reference data: a substance limited in мкг/м³ is stored in мкг/м³', async () => {
    const result = await check('bap.csv', [air('0,000002', 'мг/м³', 'Бенз(а)пирен', '0,001')])
    expect(result.ok).toBe(true)
    expect(result.staged[0].values).toMatchObject({ value: 0.002, measure: 'мкг/м³', mpc: 0.001 })
    expect(result.warnings.map((w) => w.reason)).toEqual(['Значения в мг/м³ пересчитаны в мкг/м³ (единица ПДК)'])
  })

  it('gives a substance the reference data does not list the first unit of its family (мкг/м³ → мг/м³)', async () => {
    const result = await check('other.csv', [air(12, 'мкг/м³', 'Формальдегид', '0,05')])
    expect(result.ok).toBe(true)
    expect(result.staged[0].values).toMatchObject({ value: 0.012, measure: 'мг/м³' })
  })

  it('refuses a unit with no conversion to the ПДК unit, naming the units allowed for the substance, and stages nothing', async () => {
    const result = await check('wrong-unit.csv', [water('0,02', 'мг/дм³'), water(7, '°C')])
    // 7 °C is not compared with a ПДК in мг/дм³: no «N раз» warning beside the refusal.
    expect(result.warnings).toEqual([])
    expect(result.ok).toBe(false)
    expect(result.staged).toEqual([])
    expect(result.problems).toEqual([
      {
        row: 3,
        column: header('measure'),
        value: '°C',
        reason: 'единица «°C» не пересчитывается в единицу ПДК «мг/дм³»: для вещества «Нефтепродукты» допустимы мг/дм³, мг/л, мкг/дм³, мкг/л',
      },
    ])
  })

  it('refuses NaN, Infinity, 1e400, a negative value and a value that overflows once converted', async () => {
    const result = await check('hostile.csv', [air('NaN', 'мкг/м³'), air('Infinity', 'мкг/м³'), air('1e400', 'мкг/м³'), air('-45', 'мкг/м³'), soil('1e306', 'г/кг'), air('1e-320', 'мкг/м³')])
    expect(result.ok).toBe(false)
    expect(result.problems.map((p) => [p.row, p.column, p.value, p.reason])).toEqual([
      [2, header('value'), 'NaN', 'ожидается число'],
      [3, header('value'), 'Infinity', 'ожидается число'],
      [4, header('value'), '1e400', 'число вне допустимого диапазона'],
      [5, header('value'), '-45', 'значение не может быть отрицательным'],
      [6, header('value'), '1e306', 'значение в мг/кг (единица ПДК) вне допустимого диапазона'],
    ])
  })
})

describe('the declared unit conversions', () => {
  it('convert within a family exactly and refuse across families', () => {
    expect(convertUnit(45, 'мкг/м³', 'мг/м³')).toBe(0.045)
    expect(convertUnit(0.045, 'мг/м³', 'мкг/м³')).toBe(45)
    expect(convertUnit(3, 'мг/л', 'мг/дм³')).toBe(3)
    expect(convertUnit(0.1, 'мкг/дм3', 'мг/л')).toBe(0.0001)
    expect(convertUnit(1, 'мг/м³', 'мг/дм³')).toBeNull()
    expect(convertUnit(1, '%', 'мг/кг')).toBeNull()
    expect(convertUnit(7, 'ед. pH', 'ед. pH')).toBe(7)
    expect(unitsConvertibleTo('мг/дм³')).toEqual(['мг/дм³', 'мг/л', 'мкг/дм³', 'мкг/л'])
    expect(unitsConvertibleTo('Бк/кг')).toEqual(['Бк/кг'])
  })
})

describe('a unit written with Latin letters that look Cyrillic', () => {
  it('is the same unit: БПК5 in «мгO2/дм³» with a Latin O is stored as written in its ПДК unit «мгО2/дм³», with no conversion and no error', async () => {
    const result = await check('bod.csv', [water('1,5', 'мгO2/дм³', 'БПК5'), water('2,5', 'мгО2/дм³', 'БПК5'), water('3', 'MГO2/ДM3', 'БПК5')])
    expect(result).toMatchObject({ ok: true, problems: [], rows: 3 })
    expect(result.staged.map((r) => [r.values.value, r.values.measure])).toEqual([
      [1.5, 'мгО2/дм³'],
      [2.5, 'мгО2/дм³'],
      [3, 'мгО2/дм³'],
    ])
    expect(result.warnings.filter((w) => w.reason.includes('пересчитаны') || w.reason.includes('написана'))).toEqual([])
  })

  it('never enters the registry: every unit a point report column declares is one of the units listed for its point kind', () => {
    const strays = pointReportTypes.flatMap((type) => {
      const kind = type.seed?.where?.kind?.[0]
      expect(kind, type.slug).toBeTruthy()
      return type.fields.filter((field) => field.unit && !unitsOf(kind!).includes(field.unit)).map((field) => `${type.slug}.${field.name}: ${field.unit}`)
    })
    expect(strays).toEqual([])
    expect(unitFitsKind('мгO2/дм³', 'surface_water')).toBe(true)
  })
})
