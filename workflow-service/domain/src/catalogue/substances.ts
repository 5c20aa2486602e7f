// Reference data: the substances measured per medium, with their unit and limit concentration (ПДК/ОДК). The demo
// data draws its readings from it, and the report templates offer its names as a drop-down list.

import { judgedLimit } from './hygienic-limits.ts'

export type Substance = [name: string, measure: string, mpc: number]

/** Substances measured per medium, by name and unit; their limit is the demo's hygienic limit (decision 3415). */
const MEASURED: Record<string, Array<[name: string, measure: string]>> = {
  air: [['Диоксид азота (NO2)', 'мг/м³'], ['Оксид углерода (CO)', 'мг/м³'], ['Диоксид серы (SO2)', 'мг/м³'], ['Взвешенные вещества', 'мг/м³'], ['Сажа', 'мг/м³']],
  water: [['Нефтепродукты', 'мг/дм³'], ['Фенолы', 'мг/дм³'], ['Железо общее', 'мг/дм³'], ['Медь', 'мг/дм³'], ['Аммоний-ион', 'мг/дм³'], ['Хлорид-ион', 'мг/дм³']],
  snow: [['Нефтепродукты', 'мг/дм³'], ['Сульфат-ион', 'мг/дм³'], ['Нитрат-ион', 'мг/дм³'], ['Свинец', 'мг/дм³']],
  soil: [['Нефтепродукты', 'мг/кг'], ['Свинец', 'мг/кг'], ['Цинк', 'мг/кг'], ['Медь', 'мг/кг'], ['Никель', 'мг/кг']],
  radiation: [['Цезий-137', 'Бк/кг'], ['Стронций-90', 'Бк/кг'], ['Калий-40', 'Бк/кг']],
  hydrology: [['Расход воды', 'м³/с'], ['Средняя скорость течения', 'м/с']],
}

/** Substances measured per point kind, with unit and limit concentration (ПДК/ОДК); 0 where there is no limit. */
export const SUBSTANCES: Record<string, Substance[]> = Object.fromEntries(
  Object.entries(MEASURED).map(([medium, list]) => [medium, list.map(([name, measure]): Substance => [name, measure, judgedLimit(name, measure)])]),
)

export function substancesOf(kind: string): Substance[] {
  if (kind === 'ambient_air') return SUBSTANCES.air
  if (kind.includes('snow')) return SUBSTANCES.snow
  if (kind.includes('water') || kind === 'groundwater' || kind === 'hygrobiology_point') return SUBSTANCES.water
  if (kind.includes('radionuclides')) return SUBSTANCES.radiation
  if (kind === 'hydrological_point') return SUBSTANCES.hydrology
  return SUBSTANCES.soil
}
