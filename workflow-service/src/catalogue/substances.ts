// Reference data: the substances measured per medium, with their unit and limit concentration (ПДК/ОДК). The demo
// data draws its readings from it, and the report templates offer its names as a drop-down list.

export type Substance = [name: string, measure: string, mpc: number]

/** Substances measured per point kind, with unit and limit concentration (ПДК/ОДК); values are drawn around the limit. */
export const SUBSTANCES: Record<string, Substance[]> = {
  air: [['Диоксид азота (NO2)', 'мг/м³', 0.2], ['Оксид углерода (CO)', 'мг/м³', 5], ['Диоксид серы (SO2)', 'мг/м³', 0.5], ['Взвешенные вещества', 'мг/м³', 0.5], ['Сажа', 'мг/м³', 0.15]],
  water: [['Нефтепродукты', 'мг/дм³', 0.05], ['Фенолы', 'мг/дм³', 0.001], ['Железо общее', 'мг/дм³', 0.1], ['Медь', 'мг/дм³', 0.001], ['Аммоний-ион', 'мг/дм³', 0.5], ['Хлорид-ион', 'мг/дм³', 300]],
  snow: [['Нефтепродукты', 'мг/дм³', 0.05], ['Сульфат-ион', 'мг/дм³', 100], ['Нитрат-ион', 'мг/дм³', 40], ['Свинец', 'мг/дм³', 0.006]],
  soil: [['Нефтепродукты', 'мг/кг', 1000], ['Свинец', 'мг/кг', 32], ['Цинк', 'мг/кг', 55], ['Медь', 'мг/кг', 33], ['Никель', 'мг/кг', 20]],
  radiation: [['Цезий-137', 'Бк/кг', 100], ['Стронций-90', 'Бк/кг', 50], ['Калий-40', 'Бк/кг', 800]],
  hydrology: [['Расход воды', 'м³/с', 0], ['Средняя скорость течения', 'м/с', 0]],
}

export function substancesOf(kind: string): Substance[] {
  if (kind === 'ambient_air') return SUBSTANCES.air
  if (kind.includes('snow')) return SUBSTANCES.snow
  if (kind.includes('water') || kind === 'groundwater' || kind === 'hygrobiology_point') return SUBSTANCES.water
  if (kind.includes('radionuclides')) return SUBSTANCES.radiation
  if (kind === 'hydrological_point') return SUBSTANCES.hydrology
  return SUBSTANCES.soil
}
