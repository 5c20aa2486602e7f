// Reports of the local monitoring points (ЛЭМ): one type per point kind, with the pollutants that kind measures.
import { hygienicLimit } from '../hygienic-limits.ts'
import { MG_O2_PER_DM3 } from './point-units.ts'
import { YEARS_ALL } from './years.ts'
import { group, idFilter, num, pointField, sampledField, text, yearField, yearFilter } from './fields.ts'
import { defineType, type CatalogueType, type FieldDef } from './types.ts'

/**
 * A pollutant column judged by the demo's hygienic limit of its substance (decision 3415); its demo values lie below
 * the limit, from a twentieth of it, with about one in twenty a little above.
 */
function pollutant(name: string, label: string, unit: string, seed?: { min: number; max: number }): FieldDef {
  const limit = hygienicLimit(label, unit)?.mpc
  if (!limit) throw new Error(`no demo limit for ${label} in ${unit}`)
  return num(name, label, unit, { limit, seed: seed ?? { min: limit * 0.05, max: limit * 1.05 } })
}

const observer = [text('observer', 'Наблюдатель', { seed: { pick: ['Иванов И. И.', 'Петрова А. С.', 'Сидоров П. В.', 'Кузнецова Е. А.'] } }), text('laboratory', 'Лаборатория', { seed: { pick: ['ИЛ ООО «Экотест»', 'ЦЛАТИ по ЯНАО', 'Лаборатория «Северная экология»'] } })]

/** Pages of a report type beyond the point's 'Отчёты' tab: a card path of its own and a list per area or polygon. */
interface ReportPages {
  detail?: string
  areaSuffix?: string
}

function pointReport(slug: string, table: string, title: string, pointKind: string, pollutants: FieldDef[], more: ReportPages = {}): CatalogueType {
  return defineType({
    slug,
    table,
    title,
    itemTitle: `${title}: {measures_point.name}, {year}`,
    origin: 'generated',
    fields: [
      ...group('Общие сведения', [pointField(), yearField(), sampledField(), ...observer]),
      ...group('Результаты анализа', pollutants),
    ],
    filters: [
      idFilter('measures_point'),
      yearFilter(),
      // The reports of every point of an area or polygon, through the point's area (measures_points.area_id is indexed).
      ...(more.areaSuffix ? [{ name: 'area', kind: 'id' as const, column: 'area_id', through: { table: 'measures_points', fk: 'measures_point_id' } }] : []),
    ],
    order: [['year', 'desc'], ['sampled', 'desc']],
    pages: {
      detail: more.detail ?? `/${slug}`,
      scoped: [
        { parent: 'measures_point', suffix: 'reports', filter: 'measures_point', title: 'Отчёты' },
        ...(more.areaSuffix ? [{ parent: 'area' as const, suffix: more.areaSuffix, filter: 'area' }] : []),
      ],
    },
    listFields: ['sampled', 'laboratory'],
    seed: { per: 'measures_point', where: { kind: [pointKind] }, years: YEARS_ALL, count: 1 },
  })
}

const AIR = 'мг/м³'
const WATER = 'мг/дм³'
const SOIL = 'мг/кг'

export const pointReportTypes: CatalogueType[] = [
  pointReport('ambient-air-reports', 'ambient_air_reports', 'Атмосферный воздух', 'ambient_air', [
    pollutant('no2', 'Диоксид азота (NO2)', AIR),
    pollutant('no', 'Оксид азота (NO)', AIR),
    pollutant('co', 'Оксид углерода (CO)', AIR),
    pollutant('so2', 'Диоксид серы (SO2)', AIR),
    pollutant('h2s', 'Сероводород (H2S)', AIR),
    // Methane near its background in the open air (about 1,3 мг/м³), far below its ОБУВ.
    pollutant('ch4', 'Метан (CH4)', AIR, { min: 1.3, max: 2 }),
    pollutant('dust', 'Взвешенные вещества', AIR),
    pollutant('soot', 'Сажа', AIR),
  ], { detail: '/ambient-air', areaSuffix: 'ambient-air' }),
  pointReport('snow-cover-reports', 'snow_cover_reports', 'Снежный покров', 'snow_cover', [
    num('ph', 'Водородный показатель (pH)', 'ед. pH', { seed: { min: 5.2, max: 7.4 } }),
    pollutant('ammonium_ion', 'Аммоний-ион', WATER),
    pollutant('nitrate_ion', 'Нитрат-ион', WATER),
    pollutant('sulphate_ion', 'Сульфат-ион', WATER),
    pollutant('chloride_ion', 'Хлорид-ион', WATER),
    pollutant('petrochemical', 'Нефтепродукты', WATER),
    pollutant('phenols', 'Фенолы', WATER),
    pollutant('plumbum', 'Свинец', WATER),
    pollutant('zinc', 'Цинк', WATER),
  ]),
  pointReport('surface-water-reports', 'surface_water_reports', 'Поверхностные воды', 'surface_water', [
    num('ph', 'Водородный показатель (pH)', 'ед. pH', { seed: { min: 6.1, max: 7.9 } }),
    num('dissolved_oxygen', 'Растворённый кислород', WATER, { seed: { min: 4, max: 12 } }),
    pollutant('biological_oxygen', 'БПК5', MG_O2_PER_DM3),
    pollutant('ammonium_ion', 'Аммоний-ион', WATER),
    pollutant('nitrite', 'Нитрит-ион', WATER),
    pollutant('nitrate_ion', 'Нитрат-ион', WATER),
    pollutant('phosphate_ion', 'Фосфат-ион', WATER),
    pollutant('sulphate_ion', 'Сульфат-ион', WATER),
    pollutant('chloride_ion', 'Хлорид-ион', WATER),
    pollutant('petrochemical', 'Нефтепродукты', WATER),
    pollutant('phenols', 'Фенолы', WATER),
    pollutant('iron', 'Железо общее', WATER),
    pollutant('copper', 'Медь', WATER),
    pollutant('manganese', 'Марганец', WATER),
  ]),
  pointReport('ground-water-reports', 'ground_water_reports', 'Подземные воды', 'groundwater', [
    num('ph', 'Водородный показатель (pH)', 'ед. pH', { seed: { min: 6.0, max: 8.2 } }),
    num('water_level', 'Уровень подземных вод', 'м', { seed: { min: 1, max: 15 } }),
    pollutant('mineralization', 'Минерализация', WATER),
    pollutant('hardness', 'Жёсткость общая', '°Ж'),
    pollutant('ammonium_ion', 'Аммоний-ион', WATER),
    pollutant('nitrate_ion', 'Нитрат-ион', WATER),
    pollutant('sulphate_ion', 'Сульфат-ион', WATER),
    pollutant('chloride_ion', 'Хлорид-ион', WATER),
    pollutant('petrochemical', 'Нефтепродукты', WATER),
    pollutant('phenols', 'Фенолы', WATER),
    pollutant('iron', 'Железо общее', WATER),
    pollutant('manganese', 'Марганец', WATER),
  ]),
  pointReport('sediment-layer-reports', 'sediment_layer_reports', 'Донные отложения', 'sediment_layers', [
    num('ph', 'Водородный показатель (pH)', 'ед. pH', { seed: { min: 5.5, max: 7.5 } }),
    pollutant('petrochemical', 'Нефтепродукты', SOIL),
    pollutant('plumbum', 'Свинец', SOIL),
    pollutant('cadmium', 'Кадмий', SOIL),
    pollutant('zinc', 'Цинк', SOIL),
    pollutant('copper', 'Медь', SOIL),
    pollutant('nickel', 'Никель', SOIL),
    pollutant('chromium', 'Хром', SOIL),
    pollutant('mercury', 'Ртуть', SOIL),
  ]),
  pointReport('soils-reports', 'soils_reports', 'Почвы', 'soils', [
    num('ph', 'Водородный показатель (pH)', 'ед. pH', { seed: { min: 4.5, max: 7.2 } }),
    num('humus', 'Гумус', '%', { seed: { min: 0.5, max: 8 } }),
    pollutant('petrochemical', 'Нефтепродукты', SOIL),
    pollutant('chloride_ion', 'Хлорид-ион', SOIL),
    pollutant('sulphate_ion', 'Сульфат-ион', SOIL),
    pollutant('plumbum', 'Свинец', SOIL),
    pollutant('cadmium', 'Кадмий', SOIL),
    pollutant('zinc', 'Цинк', SOIL),
    pollutant('copper', 'Медь', SOIL),
    pollutant('nickel', 'Никель', SOIL),
    pollutant('mercury', 'Ртуть', SOIL),
    pollutant('benzpyrene', 'Бенз(а)пирен', SOIL),
  ]),
]
