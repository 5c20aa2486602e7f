// Reports of the local monitoring points (ЛЭМ): one type per point kind, with the pollutants that kind measures.
import { MG_O2_PER_DM3 } from './point-units.ts'
import { YEARS_ALL } from './years.ts'
import { group, idFilter, num, pointField, sampledField, text, yearField, yearFilter } from './fields.ts'
import { defineType, type CatalogueType, type FieldDef } from './types.ts'

/** A pollutant column whose demo values spread around its limit concentration. */
const pollutant = (name: string, label: string, unit: string, limit: number): FieldDef =>
  num(name, label, unit, { limit, seed: { min: limit * 0.1, max: limit * 2.5 } })

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
    pollutant('no2', 'Диоксид азота (NO2)', AIR, 0.2),
    pollutant('no', 'Оксид азота (NO)', AIR, 0.4),
    pollutant('co', 'Оксид углерода (CO)', AIR, 5),
    pollutant('so2', 'Диоксид серы (SO2)', AIR, 0.5),
    pollutant('h2s', 'Сероводород (H2S)', AIR, 0.008),
    pollutant('ch4', 'Метан (CH4)', AIR, 50),
    pollutant('dust', 'Взвешенные вещества', AIR, 0.5),
    pollutant('soot', 'Сажа', AIR, 0.15),
  ], { detail: '/ambient-air', areaSuffix: 'ambient-air' }),
  pointReport('snow-cover-reports', 'snow_cover_reports', 'Снежный покров', 'snow_cover', [
    num('ph', 'Водородный показатель (pH)', 'ед. pH', { seed: { min: 5.2, max: 7.4 } }),
    pollutant('ammonium_ion', 'Аммоний-ион', WATER, 0.5),
    pollutant('nitrate_ion', 'Нитрат-ион', WATER, 40),
    pollutant('sulphate_ion', 'Сульфат-ион', WATER, 100),
    pollutant('chloride_ion', 'Хлорид-ион', WATER, 300),
    pollutant('petrochemical', 'Нефтепродукты', WATER, 0.05),
    pollutant('phenols', 'Фенолы', WATER, 0.001),
    pollutant('plumbum', 'Свинец', WATER, 0.006),
    pollutant('zinc', 'Цинк', WATER, 0.01),
  ]),
  pointReport('surface-water-reports', 'surface_water_reports', 'Поверхностные воды', 'surface_water', [
    num('ph', 'Водородный показатель (pH)', 'ед. pH', { seed: { min: 6.1, max: 7.9 } }),
    num('dissolved_oxygen', 'Растворённый кислород', WATER, { seed: { min: 4, max: 12 } }),
    pollutant('biological_oxygen', 'БПК5', MG_O2_PER_DM3, 2),
    pollutant('ammonium_ion', 'Аммоний-ион', WATER, 0.5),
    pollutant('nitrite', 'Нитрит-ион', WATER, 0.08),
    pollutant('nitrate_ion', 'Нитрат-ион', WATER, 40),
    pollutant('phosphate_ion', 'Фосфат-ион', WATER, 0.2),
    pollutant('sulphate_ion', 'Сульфат-ион', WATER, 100),
    pollutant('chloride_ion', 'Хлорид-ион', WATER, 300),
    pollutant('petrochemical', 'Нефтепродукты', WATER, 0.05),
    pollutant('phenols', 'Фенолы', WATER, 0.001),
    pollutant('iron', 'Железо общее', WATER, 0.1),
    pollutant('copper', 'Медь', WATER, 0.001),
    pollutant('manganese', 'Марганец', WATER, 0.01),
  ]),
  pointReport('ground-water-reports', 'ground_water_reports', 'Подземные воды', 'groundwater', [
    num('ph', 'Водородный показатель (pH)', 'ед. pH', { seed: { min: 6.0, max: 8.2 } }),
    num('water_level', 'Уровень подземных вод', 'м', { seed: { min: 1, max: 15 } }),
    pollutant('mineralization', 'Минерализация', WATER, 1000),
    pollutant('hardness', 'Жёсткость общая', '°Ж', 7),
    pollutant('ammonium_ion', 'Аммоний-ион', WATER, 1.5),
    pollutant('nitrate_ion', 'Нитрат-ион', WATER, 45),
    pollutant('sulphate_ion', 'Сульфат-ион', WATER, 500),
    pollutant('chloride_ion', 'Хлорид-ион', WATER, 350),
    pollutant('petrochemical', 'Нефтепродукты', WATER, 0.1),
    pollutant('phenols', 'Фенолы', WATER, 0.001),
    pollutant('iron', 'Железо общее', WATER, 0.3),
    pollutant('manganese', 'Марганец', WATER, 0.1),
  ]),
  pointReport('sediment-layer-reports', 'sediment_layer_reports', 'Донные отложения', 'sediment_layers', [
    num('ph', 'Водородный показатель (pH)', 'ед. pH', { seed: { min: 5.5, max: 7.5 } }),
    pollutant('petrochemical', 'Нефтепродукты', SOIL, 1000),
    pollutant('plumbum', 'Свинец', SOIL, 32),
    pollutant('cadmium', 'Кадмий', SOIL, 2),
    pollutant('zinc', 'Цинк', SOIL, 55),
    pollutant('copper', 'Медь', SOIL, 33),
    pollutant('nickel', 'Никель', SOIL, 20),
    pollutant('chromium', 'Хром', SOIL, 6),
    pollutant('mercury', 'Ртуть', SOIL, 2.1),
  ]),
  pointReport('soils-reports', 'soils_reports', 'Почвы', 'soils', [
    num('ph', 'Водородный показатель (pH)', 'ед. pH', { seed: { min: 4.5, max: 7.2 } }),
    num('humus', 'Гумус', '%', { seed: { min: 0.5, max: 8 } }),
    pollutant('petrochemical', 'Нефтепродукты', SOIL, 1000),
    pollutant('chloride_ion', 'Хлорид-ион', SOIL, 400),
    pollutant('sulphate_ion', 'Сульфат-ион', SOIL, 160),
    pollutant('plumbum', 'Свинец', SOIL, 32),
    pollutant('cadmium', 'Кадмий', SOIL, 2),
    pollutant('zinc', 'Цинк', SOIL, 55),
    pollutant('copper', 'Медь', SOIL, 33),
    pollutant('nickel', 'Никель', SOIL, 20),
    pollutant('mercury', 'Ртуть', SOIL, 2.1),
    pollutant('benzpyrene', 'Бенз(а)пирен', SOIL, 0.02),
  ]),
]
