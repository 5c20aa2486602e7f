// Demo data of the core catalogue: the region's real districts and cities, fictional companies,
// licence areas, polygons, measuring points of every kind and their readings for 2010–2025.
import type { Faker } from '@faker-js/faker'
import type { CompanyKind } from '@portal/migrations/database.ts'
import { insertInBatches, type SeedContext, type SeedStep, YEARS } from './seed-context.ts'
import { DEMO_RANGES, demoMultiple, hygienicLimit, substancesOf } from '@portal/workflow-domain/registry.ts'
import { formatCount, formatNumber } from '@portal/workflow-domain/views.ts'

const DISTRICTS = ['Приуральский район', 'Шурышкарский район', 'Ямальский район', 'Тазовский район', 'Надымский район', 'Пуровский район', 'Красноселькупский район']
const CITIES = ['Салехард', 'Лабытнанги', 'Новый Уренгой', 'Ноябрьск', 'Надым', 'Муравленко', 'Губкинский']

// Fictional names only: no real company of the region is named in the demo data.
const NAME_FIRST = ['Полярная звезда', 'Северное сияние', 'Белая куропатка', 'Тундровый ветер', 'Оленья тропа', 'Снежная долина', 'Мерзлотная', 'Заполярная искра', 'Голубой песец', 'Серебряная губа', 'Туманный мыс', 'Ледяной ключ']
const NAME_SECOND = ['Нефтедобыча', 'Газодобыча', 'Геоинвест', 'Энергосервис', 'Недра', 'Промресурс', 'Экотех', 'Бурсервис', 'Газовый промысел', 'Нефтепром']
const WATER_RESOURCES = ['р. Обь', 'р. Надым', 'р. Пур', 'р. Таз', 'р. Полуй', 'р. Щучья', 'р. Хадытаяха', 'р. Ево-Яха', 'оз. Ямбуто', 'оз. Нейто', 'Обская губа', 'Тазовская губа']
const NATURE_ZONES = ['Тундра', 'Лесотундра', 'Северная тайга']
/** «в пределах …»: the zones in the genitive. */
const NATURE_ZONES_GENITIVE: Record<string, string> = { Тундра: 'тундры', Лесотундра: 'лесотундры', 'Северная тайга': 'северной тайги' }
const STAGES = ['Геологическое изучение', 'Разведка', 'Опытно-промышленная эксплуатация', 'Промышленная эксплуатация', 'Консервация']
const LOCAL_POINT_KINDS = ['ambient_air', 'snow_cover', 'surface_water', 'groundwater', 'sediment_layers', 'soils'] as const
const REGIONAL_POINT_KINDS: Array<[string, string | null]> = [
  ['plant_sampling', 'geobotanical'],
  ['geobotanical_sites', 'geobotanical'],
  ['bottom_sediments_sampling_points', 'geochemical'],
  ['soil_sampling_point_geochemistry', 'geochemical'],
  ['surface_water_sampling_point', 'geochemical'],
  ['snow_cover_sampling_point', 'geochemical'],
  ['soil_sampling_point_radionuclides', 'radionuclides'],
  ['hydrological_point', 'hydrological'],
  ['hygrobiology_point', 'hydrological'],
  ['control_water_object_state_point', 'geochemical'],
  ['sampling_collection_points', 'geochemical'],
]

type Medium = 'air' | 'water' | 'snow' | 'solid' | 'radiation' | 'biota' | 'hydrology'

/** What a point of this kind samples: its norms and where its samples are taken follow from it. */
function pointMedium(kind: string): Medium {
  if (kind === 'ambient_air') return 'air'
  if (kind.includes('snow')) return 'snow'
  if (kind === 'hydrological_point') return 'hydrology'
  if (kind === 'hygrobiology_point') return 'biota'
  if (kind.includes('radionuclides')) return 'radiation'
  if (kind.includes('water') || kind === 'groundwater' || kind === 'sampling_collection_points') return 'water'
  return 'solid'
}

/** The norms a point's readings are judged by (the point card's «Нормативы»): ПДК, ОБУВ, ОДК by medium. */
const LIMIT_NORMS: Record<Medium, { pdk: string | null; obuv: string | null; odk: string | null }> = {
  air: { pdk: 'ПДК с.с. и м.р. (СанПиН 1.2.3685-21)', obuv: 'ОБУВ в атмосферном воздухе (для веществ без ПДК)', odk: null },
  water: { pdk: 'ПДК хозяйственно-питьевого и культурно-бытового водопользования (СанПиН 1.2.3685-21)', obuv: 'ОБУВ в воде водных объектов хозяйственно-питьевого и культурно-бытового водопользования', odk: null },
  snow: { pdk: 'ПДК хозяйственно-питьевого водопользования (талая вода, СанПиН 1.2.3685-21)', obuv: null, odk: null },
  solid: { pdk: 'ПДК в почве (СанПиН 1.2.3685-21)', obuv: null, odk: 'ОДК в почве (СанПиН 1.2.3685-21)' },
  radiation: { pdk: null, obuv: null, odk: 'Контрольные уровни удельной активности' },
  biota: { pdk: 'ПДК хозяйственно-питьевого и культурно-бытового водопользования (СанПиН 1.2.3685-21)', obuv: null, odk: null },
  hydrology: { pdk: null, obuv: null, odk: null },
}

const AQUIFERS = ['Четвертичный водоносный горизонт', 'Новомихайловский водоносный горизонт', 'Атлым-новомихайловский водоносный комплекс']

const GATHERING_LOCATIONS: Record<Medium, string> = {
  air: 'Приземный слой воздуха, 1,5–3,5 м над поверхностью',
  water: 'Поверхностный горизонт, 0,2–0,5 м от поверхности воды',
  snow: 'Снежный покров на всю глубину, шурф 1 × 1 м',
  solid: 'Верхний горизонт, 0–20 см, конверт 5 × 5 м',
  radiation: 'Верхний горизонт почвы, 0–5 см',
  biota: 'Прибрежная зона, глубина до 1 м',
  hydrology: 'Гидрометрический створ',
}

function digits(faker: Faker, n: number): string {
  return faker.string.numeric({ length: n, allowLeadingZeros: false })
}

/**
 * A reading of a substance: below its limit mostly, a plausible few above (`demoMultiple`); one without a limit within
 * what the region's rivers carry. One draw either way, so the rest of the demo data stays as it was.
 */
function readingValue(faker: Faker, name: string, mpc: number): number {
  const u = faker.number.float({ min: 0, max: 1 })
  const range = DEMO_RANGES[name]
  const value = mpc > 0 ? mpc * demoMultiple(u) : range ? range.min + (range.max - range.min) * u : 10 * u
  return Number(value.toPrecision(3))
}

/** Half the side of a square of the area's stated «Площадь, км²», in degrees of latitude and of longitude there. */
function halfSide(areaKm2: number, latitude: number): { lat: number; lon: number } {
  // A twentieth short of the full side: the rounding of the coordinates and the curve of the meridians stay inside.
  const half = (0.95 * Math.sqrt(Math.max(areaKm2, 1))) / 2
  return { lat: half / KM_PER_DEGREE, lon: half / (KM_PER_DEGREE * Math.cos((latitude * Math.PI) / 180)) }
}

const KM_PER_DEGREE = 111.2

export const coreSeed: SeedStep = {
  name: 'core catalogue',
  async run({ trx, faker, scale, log }: SeedContext) {
    await insertInBatches(trx, 'administrative_regions', [
      ...DISTRICTS.map((name, i) => ({ name, kind: 'district', sort: i })),
      ...CITIES.map((name, i) => ({ name, kind: 'city', sort: DISTRICTS.length + i })),
    ])
    const regions = await trx.selectFrom('administrative_regions').select(['id', 'name']).orderBy('id').execute()

    await insertInBatches(trx, 'head_companies', Array.from({ length: 6 }, (_, i) => ({ name: `ПАО «${NAME_FIRST[i * 2]} Холдинг»` })))
    const heads = await trx.selectFrom('head_companies').select('id').orderBy('id').execute()

    await insertInBatches(trx, 'water_resources', WATER_RESOURCES.map((name) => ({ name })))
    const waters = await trx.selectFrom('water_resources').select('id').orderBy('id').execute()

    const kinds: CompanyKind[] = ['lem_industry', 'lem', 'gas_emissions']
    const companies: Record<string, unknown>[] = []
    const perKind = 12 * scale
    for (const kind of kinds) {
      for (let i = 0; i < perKind; i++) {
        const form = faker.helpers.arrayElement(['ООО', 'АО'])
        const suffix = i >= NAME_FIRST.length ? ` ${Math.floor(i / NAME_FIRST.length) + 1}` : ''
        const city = faker.helpers.arrayElement(CITIES)
        companies.push({
          name: `${form} «${NAME_FIRST[i % NAME_FIRST.length]}-${NAME_SECOND[(i + kinds.indexOf(kind) * 3) % NAME_SECOND.length]}${suffix}»`,
          kind,
          legal_address: `629${digits(faker, 3)}, ЯНАО, г. ${city}, ${faker.location.street()}, д. ${faker.number.int({ min: 1, max: 80 })}`,
          post_address: `629${digits(faker, 3)}, ЯНАО, г. ${city}, а/я ${faker.number.int({ min: 1, max: 400 })}`,
          contacts: `${faker.phone.number()}, ${faker.internet.email({ provider: 'example.ru' })}`,
          ceo: faker.person.fullName(),
          inn: `89${digits(faker, 8)}`,
          ogrn: `1${digits(faker, 12)}`,
          okved: faker.helpers.arrayElement(['06.10', '06.20', '09.10', '49.50', '35.11']),
          okato: `71 1${digits(faker, 2)} 000`,
          operate_region: 'Ямало-Ненецкий автономный округ',
          license_holder: kind !== 'gas_emissions',
          vink: faker.datatype.boolean({ probability: 0.4 }),
          krk_code: kind === 'gas_emissions' ? `КРК-${digits(faker, 5)}` : null,
          region_code: '89',
          head_company_id: faker.helpers.maybe(() => faker.helpers.arrayElement(heads).id, { probability: 0.7 }) ?? null,
        })
      }
    }
    await insertInBatches(trx, 'companies', companies)
    const licenceHolders = await trx
      .selectFrom('companies')
      .select(['id', 'kind'])
      .where('kind', 'in', ['lem', 'lem_industry'])
      .orderBy('id')
      .execute()

    const areas: Record<string, unknown>[] = []
    const describeArea = (name: string, zone = faker.helpers.arrayElement(NATURE_ZONES)) => ({
      description: `${name} расположен в пределах ${NATURE_ZONES_GENITIVE[zone]} Западно-Сибирской равнины.`,
      nature_region: faker.helpers.arrayElement(['Ямальская область', 'Тазовская область', 'Надымско-Пуровская область']),
      nature_zone: zone,
      topography: 'Плоская, местами полого-увалистая озёрно-аллювиальная равнина.',
      anthropogenic: faker.helpers.arrayElement(['Кустовые площадки, промысловые трубопроводы, автодороги.', 'Разведочные скважины, временные дороги.']),
      natural: 'Многолетнемёрзлые породы, заболоченность до 40 %.',
      // «р. Обь» reads right after «притоками»; a lake or a bay would need its genitive.
      hydrological: `Территория дренируется притоками ${faker.helpers.arrayElement(WATER_RESOURCES.filter((w) => w.startsWith('р. ')))}.`,
      groundcover: 'Мохово-лишайниковый покров с участием кустарничков.',
      geobotanical: 'Кустарничково-мохово-лишайниковые тундры и редколесья.',
      terrain: 'Абсолютные отметки 20–90 м.',
      hydrographic: 'Густая сеть малых рек и термокарстовых озёр.',
      geocryological: 'Сплошное распространение мёрзлых пород мощностью до 300 м.',
      biodiversity: 'Места обитания северного оленя, гнездовья водоплавающих птиц.',
      climatic: 'Субарктический климат, средняя температура января −24 °C.',
      specifics: faker.helpers.maybe(() => 'Часть участка входит в зону традиционного природопользования.', { probability: 0.3 }) ?? null,
      river_basin: faker.helpers.arrayElement(['Обь', 'Надым', 'Пур', 'Таз']),
    })
    // Names a person would read on a licence: a compass prefix and a local root; a repeat gets a number (№ 2, № 3…).
    const usedNames = new Set<string>()
    const uniqueName = (base: string) => {
      let name = base
      for (let k = 2; usedNames.has(name); k++) name = `${base} № ${k}`
      usedNames.add(name)
      return name
    }
    for (const company of licenceHolders) {
      const count = faker.number.int({ min: 2, max: 4 })
      for (let i = 0; i < count; i++) {
        const name = uniqueName(`${faker.helpers.arrayElement(['Северо', 'Южно', 'Западно', 'Восточно', 'Верхне', 'Нижне'])}-${faker.helpers.arrayElement(['Тангъяхинский', 'Ныдаяхинский', 'Пякутинский', 'Сёяхинский', 'Хальмерский', 'Нюдяхинский', 'Парусовый', 'Ярудейский'])} лицензионный участок`)
        areas.push({
          name,
          kind: 'licence_area',
          company_id: company.id,
          administrative_region_id: faker.helpers.arrayElement(regions.slice(0, DISTRICTS.length)).id,
          license: `СЛХ ${digits(faker, 5)} НЭ`,
          area: faker.number.float({ min: 50, max: 2500, fractionDigits: 1 }),
          area_percent: faker.number.float({ min: 0.01, max: 0.5, fractionDigits: 3 }),
          expluatation_stage: faker.helpers.arrayElement(STAGES),
          expluatation_time: `${faker.number.int({ min: 1985, max: 2020 })}–${faker.number.int({ min: 2030, max: 2060 })}`,
          founded_year: faker.number.int({ min: 1975, max: 2018 }),
          number: digits(faker, 4),
          corner_points: formatCount(faker.number.int({ min: 4, max: 12 }), ['угловая точка', 'угловые точки', 'угловых точек']),
          ...describeArea(name),
        })
      }
    }
    const polygonNames: Array<[string, 'polygon_region_monitoring' | 'polygon_YaNAO_monitoring']> = [
      ['Полигон «Ямальский»', 'polygon_region_monitoring'],
      ['Полигон «Тазовский»', 'polygon_region_monitoring'],
      ['Полигон «Надымский»', 'polygon_region_monitoring'],
      ['Полигон «Пуровский»', 'polygon_region_monitoring'],
      ['Полигон «Приуральский»', 'polygon_region_monitoring'],
      ['Полигон «Красноселькупский»', 'polygon_region_monitoring'],
      ['Ключевой участок «Салехард»', 'polygon_YaNAO_monitoring'],
      ['Ключевой участок «Новый Уренгой»', 'polygon_YaNAO_monitoring'],
      ['Ключевой участок «Ноябрьск»', 'polygon_YaNAO_monitoring'],
      ['Ключевой участок «Шурышкары»', 'polygon_YaNAO_monitoring'],
    ]
    for (const [name, kind] of polygonNames) {
      areas.push({
        name,
        kind,
        company_id: null,
        administrative_region_id: faker.helpers.arrayElement(regions).id,
        area: faker.number.float({ min: 100, max: 900, fractionDigits: 1 }),
        founded_year: kind === 'polygon_region_monitoring' ? 2020 : 2010,
        ...describeArea(name),
      })
    }
    await insertInBatches(trx, 'areas', areas)
    const allAreas = await trx.selectFrom('areas').select(['id', 'kind', 'license', 'area']).orderBy('id').execute()
    const waterNames = new Map((await trx.selectFrom('water_resources').select(['id', 'name']).execute()).map((w) => [w.id, w.name]))

    const points: Record<string, unknown>[] = []
    for (const area of allAreas) {
      const centre = { lat: faker.number.float({ min: 63.5, max: 72.5 }), lon: faker.number.float({ min: 64, max: 84 }) }
      // The points lie within a square of the area's stated size around its centre (the draws, ±0,3 and ±0,2, scaled).
      const half = halfSide(Number(area.area ?? 100), centre.lat)
      const kinds: Array<[string, string | null]> =
        area.kind === 'licence_area' ? LOCAL_POINT_KINDS.map((k) => [k, null]) : REGIONAL_POINT_KINDS
      kinds.forEach(([kind, category], i) => {
        const waterId = kind.includes('water') || kind === 'hydrological_point' ? faker.helpers.arrayElement(waters).id : null
        const medium = pointMedium(kind)
        // The regional mean of the medium's first substance, a fifth to a half of its limit (in the limit's unit).
        // New fields draw nothing from faker, so the rest of the demo data stays as it was.
        const [substance, unit, mpc] = substancesOf(kind)[0]
        points.push({
          name: `Пункт ${i + 1}-${area.id}`,
          nomenclature: `ПН-${area.id}-${String(i + 1).padStart(2, '0')}`,
          kind,
          category,
          area_id: area.id,
          water_resource_id: waterId,
          location_description: `${faker.number.int({ min: 1, max: 15 })} км ${faker.helpers.arrayElement(['севернее', 'южнее', 'западнее', 'восточнее'])} кустовой площадки № ${faker.number.int({ min: 1, max: 60 })}`,
          periodicity: faker.helpers.arrayElement(['1 раз в год', '2 раза в год', 'Ежеквартально']),
          // A licence area's point is watched under its licence; a polygon's under none.
          license: area.license ?? null,
          economic_objects: faker.helpers.arrayElement(['Кустовая площадка', 'УКПГ', 'Факельная установка', 'Шламовый амбар', null]),
          longitude: Number(Math.min(84.9, Math.max(63.1, centre.lon + (faker.number.float({ min: -0.3, max: 0.3 }) / 0.3) * half.lon)).toFixed(5)),
          latitude: Number(Math.min(72.9, Math.max(63.1, centre.lat + (faker.number.float({ min: -0.2, max: 0.2 }) / 0.2) * half.lat)).toFixed(5)),
          pdk: LIMIT_NORMS[medium].pdk,
          obuv: LIMIT_NORMS[medium].obuv,
          odk: LIMIT_NORMS[medium].odk,
          avg_by_region: mpc > 0 ? `${substance}: ${formatNumber(Number((mpc * (0.2 + (area.id % 4) / 10)).toPrecision(2)))} ${unit}` : null,
          well_purpose: kind === 'groundwater' ? 'Наблюдательная' : null,
          aquifer_purpose: kind === 'groundwater' ? 'Контроль качества подземных вод' : null,
          aquifer: kind === 'groundwater' ? AQUIFERS[area.id % AQUIFERS.length] : null,
          groundwater_depth: kind === 'groundwater' ? faker.number.float({ min: 1, max: 15, fractionDigits: 1 }) : null,
          groundwater_depth_max: kind === 'groundwater' ? faker.number.float({ min: 15, max: 40, fractionDigits: 1 }) : null,
          landscape_description: faker.helpers.arrayElement(['Плоскобугристая тундра', 'Пойма реки', 'Редколесье', 'Болотный массив']),
          gathering_date: `${faker.number.int({ min: 2015, max: 2025 })}-0${faker.number.int({ min: 6, max: 9 })}-1${faker.number.int({ min: 0, max: 9 })}`,
          point_number: String(i + 1),
          nature_zone: faker.helpers.arrayElement(NATURE_ZONES),
          nature_subzone: faker.helpers.arrayElement(['Южная тундра', 'Типичная тундра', 'Северная тайга']),
          flora_type: kind === 'plant_sampling' ? faker.helpers.arrayElement(['Лишайники', 'Мхи', 'Кустарнички']) : null,
          controlled_target: kind === 'control_water_object_state_point' ? 'Качество поверхностных вод' : null,
          controlled_water_resource: kind === 'control_water_object_state_point' && waterId !== null ? waterNames.get(waterId) ?? null : null,
          gathering_location: GATHERING_LOCATIONS[medium],
        })
      })
    }
    await insertInBatches(trx, 'measures_points', points)
    const allPoints = await trx.selectFrom('measures_points').select(['id', 'kind', 'area_id']).orderBy('id').execute()
    const regionalFrom = new Map(allAreas.map((a) => [a.id, a.kind === 'polygon_region_monitoring' ? 2020 : 2010]))

    const readings: Record<string, unknown>[] = []
    for (const point of allPoints) {
      const firstYear = regionalFrom.get(point.area_id ?? 0) ?? 2010
      for (const year of YEARS) {
        if (year < firstYear) continue
        const sampled = `${year}-0${faker.number.int({ min: 6, max: 9 })}-${String(faker.number.int({ min: 1, max: 28 })).padStart(2, '0')}`
        for (const [name, measure, mpc] of substancesOf(point.kind)) {
          readings.push({
            measures_point_id: point.id,
            year,
            sampled,
            name,
            value: readingValue(faker, name, mpc),
            measure,
            mpc: mpc > 0 ? mpc : null,
            mpc_max: hygienicLimit(name, measure)?.mpcMax ?? null,
          })
        }
      }
    }
    await insertInBatches(trx, 'measures_point_indications', readings)
    log(`demo data: ${companies.length} companies, ${areas.length} areas, ${points.length} points, ${readings.length} readings`)
  },
}
