// The limits the demo data is judged by, each with the document it comes from: one table, read by the demo readings,
// the point reports' pollutant columns and the reference data the seed leaves (decision 3415). Air has the single
// maximum («ПДК максимальная», `mpcMax`) and the daily mean (`mpc`, what a reading is judged against) where the
// standard gives both; water is judged by the limits of water objects of drinking and household use (СанПиН
// 1.2.3685-21 has no fishery limits); a value the standard does not give says so in its source.

export interface HygienicLimit {
  /** The limit a reading is judged against (ПДК; for air the daily mean where the standard gives one). */
  mpc: number | null
  /** The single maximum (ПДК м.р.), for air; null where the standard gives none. */
  mpcMax: number | null
  /** Where the value comes from, as the reference data shows it. */
  source: string
}

const AIR = 'СанПиН 1.2.3685-21, табл. 1.1 (атмосферный воздух)'
const AIR_OBUV = 'СанПиН 1.2.3685-21, табл. 1.2 (ОБУВ в атмосферном воздухе)'
const WATER = 'СанПиН 1.2.3685-21, табл. 3.13 (вода водных объектов хозяйственно-питьевого и культурно-бытового водопользования)'
const DRINKING = 'СанПиН 1.2.3685-21, табл. 3.3 (питьевая вода)'
const SOIL = 'СанПиН 1.2.3685-21, табл. 4.1 (ПДК в почве, валовое содержание)'
const SOIL_ODK = 'СанПиН 1.2.3685-21, табл. 4.2 (ОДК для песчаных и супесчаных почв)'
const NO_STANDARD = 'гигиенического норматива нет: контрольный уровень демонстрационных данных'

const air = (mpcMax: number, daily: number | null, source = AIR): HygienicLimit => ({ mpc: daily ?? mpcMax, mpcMax, source })
const one = (mpc: number, source: string): HygienicLimit => ({ mpc, mpcMax: null, source })

/** By substance and unit (`name|unit`), as the reference keys its substances. */
export const HYGIENIC_LIMITS: Readonly<Record<string, HygienicLimit>> = {
  'Диоксид азота (NO2)|мг/м³': air(0.2, 0.1),
  'Оксид азота (NO)|мг/м³': air(0.4, 0.06, `${AIR}; среднесуточная 0,06 — по ГН 2.1.6.1338-03, сверить с действующей редакцией`),
  'Оксид углерода (CO)|мг/м³': air(5, 3),
  'Диоксид серы (SO2)|мг/м³': air(0.5, 0.05),
  'Сероводород (H2S)|мг/м³': air(0.008, null, `${AIR}: дана только максимальная разовая, по ней и судят`),
  'Взвешенные вещества|мг/м³': air(0.5, 0.15),
  'Сажа|мг/м³': air(0.15, 0.05, `${AIR} (углерод, сажа)`),
  'Метан (CH4)|мг/м³': one(50, AIR_OBUV),

  'Нефтепродукты|мг/дм³': one(0.1, `${WATER}: нефть многосернистая`),
  'Фенолы|мг/дм³': one(0.001, `${WATER}: фенол (гидроксибензол)`),
  'Железо общее|мг/дм³': one(0.3, WATER),
  'Медь|мг/дм³': one(1, WATER),
  'Аммоний-ион|мг/дм³': one(1.5, `${WATER}: аммиак и аммоний-ион (по азоту)`),
  'Хлорид-ион|мг/дм³': one(350, WATER),
  'Сульфат-ион|мг/дм³': one(500, WATER),
  'Нитрат-ион|мг/дм³': one(45, `${WATER} (по NO3)`),
  'Нитрит-ион|мг/дм³': one(3.3, `${WATER} (по NO2)`),
  'Фосфат-ион|мг/дм³': one(3.5, `${WATER}: полифосфаты (по PO4)`),
  'Свинец|мг/дм³': one(0.01, WATER),
  'Цинк|мг/дм³': one(1, WATER),
  'Марганец|мг/дм³': one(0.1, WATER),
  'Минерализация|мг/дм³': one(1000, `${DRINKING}: сухой остаток`),
  'Жёсткость общая|°Ж': one(7, DRINKING),
  'БПК5|мгО2/дм³': one(2, 'СанПиН 2.1.3684-21, прил. 7: БПК5 воды водных объектов питьевого водопользования'),

  'Нефтепродукты|мг/кг': one(1000, 'в СанПиН 1.2.3685-21 норматива нет: нижний уровень загрязнения, письмо Минприроды России от 27.12.1993 № 04-25/61-5678'),
  'Свинец|мг/кг': one(32, SOIL),
  'Ртуть|мг/кг': one(2.1, SOIL),
  'Бенз(а)пирен|мг/кг': one(0.02, SOIL),
  'Хром|мг/кг': one(6, 'СанПиН 1.2.3685-21, табл. 4.1 (хром трёхвалентный, подвижная форма)'),
  'Цинк|мг/кг': one(55, SOIL_ODK),
  'Медь|мг/кг': one(33, SOIL_ODK),
  'Никель|мг/кг': one(20, SOIL_ODK),
  'Кадмий|мг/кг': one(0.5, SOIL_ODK),
  'Хлорид-ион|мг/кг': one(400, NO_STANDARD),
  'Сульфат-ион|мг/кг': one(160, `${NO_STANDARD} (ПДК 160 мг/кг в табл. 4.1 — для серы элементарной)`),

  'Цезий-137|Бк/кг': one(100, NO_STANDARD),
  'Стронций-90|Бк/кг': one(50, NO_STANDARD),
  'Калий-40|Бк/кг': one(800, NO_STANDARD),
}

/** The demo's limit of a substance in a unit, or undefined for one without a limit (a flow, a level). */
export function hygienicLimit(name: string, unit: string): HygienicLimit | undefined {
  return HYGIENIC_LIMITS[`${name}|${unit}`]
}

/** The limit a reading of the substance is judged against, or 0 where it has none (the demo lists' convention). */
export function judgedLimit(name: string, unit: string): number {
  return hygienicLimit(name, unit)?.mpc ?? 0
}

/**
 * The range of a demo value without a limit, by substance: what a river of the region carries (current speed well
 * under 3 м/с, the Обь's flow in the thousands of м³/с at most).
 */
export const DEMO_RANGES: Readonly<Record<string, { min: number; max: number }>> = {
  'Расход воды': { min: 2, max: 2_500 },
  'Средняя скорость течения': { min: 0.05, max: 2.5 },
}

/**
 * A demo reading's multiple of its limit from one uniform draw `u` in [0, 1]: 95 % below the limit (from a twentieth
 * of it, spread evenly on a log scale), 4,9 % one to four times above, one in a thousand five to ten times above.
 */
export function demoMultiple(u: number): number {
  if (u < 0.95) return Math.exp(Math.log(0.05) + (Math.log(0.95) - Math.log(0.05)) * (u / 0.95))
  if (u < 0.999) return 1.05 + 2.95 * ((u - 0.95) / 0.049)
  return 5.5 + 4.5 * Math.min(1, (u - 0.999) / 0.001)
}
