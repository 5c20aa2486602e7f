import { afterAll, describe, expect, it } from 'vitest'
import { checkDataFile, type CheckedRow } from '../src/files/check-data-file.server.ts'
import { parseDate, type RowContext, type SubstanceEntry } from '../src/files/check-row.ts'
import { foldName, uploadSpecOf, co2Equivalent } from '@portal/workflow-domain/registry.ts'
import { formatNumber, formatTimes, multipleOf } from '@portal/workflow-domain/views.ts'
import { tempFolder, writeCsv } from './support/fixture-files.ts'

const folder = tempFolder()
afterAll(() => folder.remove())

const observation = uploadSpecOf('observation_results')
const greenhouse = uploadSpecOf('greenhouse_gases')
const HEADER = observation.columns.map((c) => c.header)

const entry = (id: number, name: string, unit: string, mpc: number | null, extra: Partial<SubstanceEntry> = {}): SubstanceEntry => ({ id, name, unit, mpc, mpcMax: null, ...extra })

/** The reference data as a file check loads it: by folded name, each with its limits and their recorded changes. */
function referenceOf(entries: SubstanceEntry[]): Pick<RowContext, 'substances' | 'limitUnits'> {
  const substances = new Map<string, SubstanceEntry[]>()
  const limitUnits = new Map<string, string[]>()
  for (const e of entries) {
    substances.set(foldName(e.name), [...(substances.get(foldName(e.name)) ?? []), e])
    limitUnits.set(foldName(e.name), [...(limitUnits.get(foldName(e.name)) ?? []), e.unit])
  }
  return { substances, limitUnits }
}

const REFERENCE = [
  entry(1, 'Диоксид азота (NO2)', 'мг/м³', 0.2),
  entry(2, 'Жёсткость общая', '°Ж', 7),
  entry(3, 'Нефтепродукты', 'мг/дм³', 0.05),
  entry(4, 'Нефтепродукты', 'мг/кг', 1000),
  entry(5, 'Свинец', 'мг/кг', 32),
  entry(6, 'Средняя скорость течения', 'м/с', null),
]

const context = (entries = REFERENCE, today = new Date('2026-11-24T00:00:00Z')): RowContext => ({
  year: 2026,
  scope: 'на участке «Южный»',
  references: {
    measures_point: new Map([
      ['пн-1-01', { id: 11, kind: 'ambient_air' }],
      ['пн-1-03', { id: 13, kind: 'surface_water' }],
      ['пн-1-04', { id: 14, kind: 'groundwater' }],
      ['пн-1-06', { id: 16, kind: 'soils' }],
      ['пн-1-07', { id: 17, kind: 'hydrological_point' }],
    ]),
    greenhouse_category: new Map([['стационарное сжигание топлива', { id: 1 }]]),
  },
  today,
  ...referenceOf(entries),
})

async function check(name: string, rows: Array<Array<string | number>>, rowContext = context(), spec = observation) {
  const staged: CheckedRow[] = []
  const header = spec === observation ? HEADER : spec.columns.map((c) => c.header)
  const result = await checkDataFile(writeCsv(folder.file(name), [header, ...rows]), spec, rowContext, { onRows: async (batch) => void staged.push(...batch) })
  return { ...result, staged }
}

const reasons = (result: { problems: Array<{ reason: string }> }) => result.problems.map((p) => p.reason)

describe('one substance, one name: the fold of names and point codes', () => {
  it('publishes «Диоксид азота (NO2)» under one name however the file spells it: case, double and no-break spaces, a Latin «o», a subscript', async () => {
    const spellings = ['Диоксид азота (NO2)', 'диоксид азота (NO2)', 'Диоксид  азота (NO2)', 'Диoксид азота (NO2)', 'Диоксид\u00a0азота (NO₂)']
    const result = await check('spellings.csv', spellings.map((name, i) => ['ПН-1-01', 2026, `1${i}.03.2026`, name, '0,05', 'мг/м³', '0,2', '']))
    expect(result).toMatchObject({ ok: true, rows: 5 })
    expect(new Set(result.staged.map((r) => r.values.name))).toEqual(new Set(['Диоксид азота (NO2)']))
    expect(new Set(spellings.map(foldName)).size).toBe(1)
  })

  it('takes «Жесткость общая» and «ЖЁСТКОСТЬ ОБЩАЯ» as the reference\'s «Жёсткость общая»', async () => {
    const result = await check('hardness.csv', [
      ['ПН-1-04', 2026, '01.03.2026', 'Жесткость общая', 3, '°Ж', '', ''],
      ['ПН-1-04', 2026, '02.03.2026', 'ЖЁСТКОСТЬ ОБЩАЯ', 3, '°Ж', '', ''],
    ])
    expect(result.staged.map((r) => r.values.name)).toEqual(['Жёсткость общая', 'Жёсткость общая'])
  })

  it('refuses a name no substance of the reference has for the point\'s kind, naming the file\'s row, column and value and the allowed names', async () => {
    const result = await check('unknown.csv', [
      ['ПН-1-01', 2026, '01.03.2026', 'Диоксид азота (NO3)', '0,05', 'мг/м³', '', ''],
      ['ПН-1-04', 2026, '01.03.2026', 'Диоксид азота (NO2)', '0,05', 'мг/дм³', '', ''],
    ])
    expect(result.ok).toBe(false)
    expect(result.problems).toEqual([
      { row: 2, column: 'Показатель', value: 'Диоксид азота (NO3)', reason: 'вещества нет в справочнике для пунктов вида «Атмосферный воздух»: допустимы «Диоксид азота (NO2)»' },
      { row: 3, column: 'Показатель', value: 'Диоксид азота (NO2)', reason: 'вещества нет в справочнике для пунктов вида «Подземные воды»: допустимы «Жёсткость общая», «Нефтепродукты»' },
    ])
    expect(result.staged).toEqual([])
  })

  it('finds a point whose code is written with a Latin «H» and a no-break space', async () => {
    const result = await check('point.csv', [['ПH-1-01\u00a0', 2026, '01.03.2026', 'Диоксид азота (NO2)', '0,05', 'мг/м³', '', '']])
    expect(result).toMatchObject({ ok: true, rows: 1 })
    expect(result.staged[0].values.measures_point_id).toBe(11)
  })
})

describe('dates read in the region\'s time (Asia/Yekaterinburg)', () => {
  it('reads one moment in each accepted spelling as one day, the region\'s', () => {
    // 12.03.2026 03:00 in Yekaterinburg is 11.03.2026 22:00 UTC; Excel keeps wall-clock time (46093 is 12.03.2026).
    const spellings: unknown[] = ['12.03.2026', '12.03.2026 03:00', '2026-03-12', '2026-03-12 03:00', '2026-03-12T03:00:00', '2026-03-11T22:00:00Z', '2026-03-12T03:00:00+05:00', '2026-03-11T23:00:00+01:00', 46093, 46093.125, new Date(Date.UTC(2026, 2, 12, 3))]
    expect(new Set(spellings.map(parseDate))).toEqual(new Set(['2026-03-12']))
  })

  it('stages 22:00Z on 11 March and 12.03.2026 under one key, so the second repeats the first', async () => {
    const result = await check('moments.csv', [
      ['ПН-1-01', 2026, '2026-03-11T22:00:00Z', 'Диоксид азота (NO2)', '0,05', 'мг/м³', '', ''],
      ['ПН-1-01', 2026, '12.03.2026', 'Диоксид азота (NO2)', '0,05', 'мг/м³', '', ''],
    ])
    expect(result.staged.map((r) => r.values.sampled)).toEqual(['2026-03-12', '2026-03-12'])
  })

  it('accepts a sample of today at 00:52 in the region, when UTC is still at yesterday, and refuses tomorrow', async () => {
    const at = new Date('2026-03-11T19:52:00Z') // 12.03.2026 00:52 in Yekaterinburg
    const today = await check('today.csv', [['ПН-1-01', 2026, '12.03.2026', 'Диоксид азота (NO2)', '0,05', 'мг/м³', '', '']], context(REFERENCE, at))
    expect(today).toMatchObject({ ok: true, problems: [] })
    const tomorrow = await check('tomorrow.csv', [['ПН-1-01', 2026, '13.03.2026', 'Диоксид азота (NO2)', '0,05', 'мг/м³', '', '']], context(REFERENCE, at))
    expect(reasons(tomorrow)).toEqual(['дата отбора в будущем'])
  })
})

describe('the limit of record is the reference limit on the sampling day, in the value\'s unit', () => {
  it('judges lead of 0,1 г/кг with the file\'s 0,032 г/кг against the reference 32 мг/кг: 3,1 times, no mismatch', async () => {
    const result = await check('lead.csv', [['ПН-1-06', 2026, '01.08.2026', 'Свинец', '0,1', 'г/кг', '0,032', '']])
    expect(result).toMatchObject({ ok: true, rows: 1 })
    expect(result.staged[0].values).toMatchObject({ value: 100, measure: 'мг/кг', mpc: 32 })
    expect(multipleOf(100, 32)).toBe(3.125)
    expect(result.warnings.filter((w) => w.column === 'ПДК')).toEqual([])
  })

  it('takes the reference 0,05 мг/дм³ for oil products in water when the file writes the soil limit 1000, with a warning naming both', async () => {
    const result = await check('oil.csv', [['ПН-1-03', 2026, '01.08.2026', 'Нефтепродукты', '0,03', 'мг/дм³', '1000', '']])
    expect(result.staged[0].values).toMatchObject({ value: 0.03, mpc: 0.05 })
    expect(result.warnings).toContainEqual({
      row: 2,
      column: 'ПДК',
      value: '1000',
      reason: 'ПДК в файле 1000 мг/дм³ не совпадает с ПДК справочника 0,05 мг/дм³ для вещества «Нефтепродукты»: принята ПДК справочника',
      level: 'warning',
    })
  })

  it('gives NO2 of 1,0 мг/м³ with no ПДК in the file the reference 0,2, so it is counted as 5 times its limit', async () => {
    const result = await check('no-limit.csv', [['ПН-1-01', 2026, '01.08.2026', 'Диоксид азота (NO2)', '1,0', 'мг/м³', '', '']])
    expect(result.staged[0].values).toMatchObject({ value: 1, mpc: 0.2 })
  })

  it('converts the file\'s ПДК with the row\'s unit: 500 мкг/м³ with ПДК 200 мкг/м³ is 0,5 against 0,2 мг/м³', async () => {
    const result = await check('micrograms.csv', [['ПН-1-01', 2026, '01.08.2026', 'Диоксид азота (NO2)', 500, 'мкг/м³', 200, '']])
    expect(result.staged[0].values).toMatchObject({ value: 0.5, measure: 'мг/м³', mpc: 0.2 })
    expect(result.warnings.filter((w) => w.column === 'ПДК')).toEqual([])
  })

  it('after the reference moved NO2 to мкг/м³ (ПДК 40), stores 0,05 мг/м³ with the template\'s 0,2 as 50 against 40, never 50 against 0,2', async () => {
    const micro = [entry(1, 'Диоксид азота (NO2)', 'мкг/м³', 40)]
    const result = await check('unit-changed.csv', [['ПН-1-01', 2026, '01.08.2026', 'Диоксид азота (NO2)', '0,05', 'мг/м³', '0,2', '']], context(micro))
    expect(result.staged[0].values).toMatchObject({ value: 50, measure: 'мкг/м³', mpc: 40 })
    expect(result.warnings.find((w) => w.column === 'ПДК')?.reason).toBe(
      'ПДК в файле 0,2 мг/м³ (200 мкг/м³) не совпадает с ПДК справочника 40 мкг/м³ для вещества «Диоксид азота (NO2)»: принята ПДК справочника',
    )
    expect(result.warnings.some((w) => w.reason.includes('выше ПДК'))).toBe(false)
  })

  it('takes the limit that stood on the sampling day: a change recorded later does not judge an earlier sample', async () => {
    const changed = [entry(1, 'Диоксид азота (NO2)', 'мг/м³', 0.1, { changes: [{ at: new Date('2026-06-01T10:00:00Z'), changes: [{ field: 'mpc', from: 0.2, to: 0.1 }] }] })]
    const result = await check('as-of.csv', [
      ['ПН-1-01', 2026, '15.05.2026', 'Диоксид азота (NO2)', '0,15', 'мг/м³', '', ''],
      ['ПН-1-01', 2026, '15.06.2026', 'Диоксид азота (NO2)', '0,15', 'мг/м³', '', ''],
    ], context(changed))
    expect(result.staged.map((r) => r.values.mpc)).toEqual([0.2, 0.1])
  })
})

describe('plausible values and finite multiples', () => {
  it('refuses a current of 58 м/с naming the bound, and a concentration past its unit\'s bound', async () => {
    const result = await check('implausible.csv', [
      ['ПН-1-07', 2026, '01.08.2026', 'Средняя скорость течения', 58, 'м/с', '', ''],
      ['ПН-1-01', 2026, '01.08.2026', 'Диоксид азота (NO2)', '5e302', 'мг/м³', '0,2', ''],
    ])
    expect(result.ok).toBe(false)
    expect(result.problems).toEqual([
      { row: 2, column: 'Значение', value: '58', reason: 'значение больше правдоподобного (не более 5 м/с): проверьте единицу измерения и разделитель дробной части' },
      { row: 3, column: 'Значение', value: '5e302', reason: 'значение больше правдоподобного (не более 10\u00a0000 мг/м³): проверьте единицу измерения и разделитель дробной части' },
    ])
  })

  it('gives a multiple only as a finite number or none', () => {
    expect(multipleOf(1e308, 1e-10)).toBeNull()
    expect(multipleOf(1, 0)).toBeNull()
    expect(multipleOf(1, null)).toBeNull()
    expect(multipleOf(1000, 0.00000015)).toBe(6666666666.667)
    expect(multipleOf(-0, 0.2)).toBe(0)
  })
})

describe('greenhouse totals checked against the gases and their potentials (AR4)', () => {
  const header = greenhouse.columns.map((c) => c.header)
  const row = (co2: number, total: number) => [2026, 'Стационарное сжигание топлива', co2, 0, 0, 0, 0, 0, 0, total]

  it('refuses «Всего» of 100 against CO2 125 000,5 and 999 999 999 against CO2 1 000, naming the row, the total and the sum', async () => {
    const result = await check('totals.csv', [row(125000.5, 100), row(1000, 999999999), row(1000, 1000.4)], context(), greenhouse)
    expect(result.problems).toEqual([
      { row: 2, column: 'Всего, т CO2-экв.', value: '100', reason: '«Всего, т CO2-экв.» 100 не равно сумме газов, умноженных на их потенциалы глобального потепления (AR4): 125\u00a0000,5' },
      { row: 3, column: 'Всего, т CO2-экв.', value: '999999999', reason: '«Всего, т CO2-экв.» 999\u00a0999\u00a0999 не равно сумме газов, умноженных на их потенциалы глобального потепления (AR4): 1000' },
    ])
    expect(co2Equivalent({ co2: 100, ch4: 2, n2o: 0.1 })).toBe(179.8)
  })
})

describe('numbers in messages read as Russian numbers', () => {
  it('says «в 3,1 раза», «в 25 раз», «более чем в 10⁶ раз» and never Infinity, e+302 or -0', () => {
    expect(formatTimes(3.125)).toBe('в 3,1 раза')
    expect(formatTimes(25)).toBe('в 25 раз')
    expect(formatTimes(2.0491803278688524e303)).toBe('более чем в 10⁶ раз')
    expect(formatTimes(Infinity)).toBe('более чем в 10⁶ раз')
    expect(formatNumber(-0)).toBe('0')
    expect(formatNumber(5e302)).toBe('5·10³⁰²')
    expect(formatNumber(Infinity)).toBe('—')
    expect(formatNumber(-0.0000001, { decimals: 2 })).toBe('0,00')
  })

  it('warns of a value far above its ПДК in words a reader trusts: «в 1250 раз», not a raw double', async () => {
    const result = await check('far.csv', [['ПН-1-01', 2026, '01.08.2026', 'Диоксид азота (NO2)', 250, 'мг/м³', '0,2', '']])
    expect(result.warnings.find((w) => w.column === 'Значение')?.reason).toBe('значение выше ПДК в 1250 раз: проверьте единицу измерения и разделитель дробной части')
  })
})
