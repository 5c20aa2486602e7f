// The large data set of the benchmark (`npm run seed -- --scale large`): thousands of companies, 10 000 licence areas,
// 100 000 measuring points and 5 000 000 readings, generated inside PostgreSQL by INSERT … SELECT generate_series.
// Every value is a function of the row number, so two runs give the same rows; nothing is sent row by row.
import { sql, type Kysely } from 'kysely'
import type { Database } from '@portal/migrations/database.ts'
import { hygienicLimit } from '@portal/workflow-domain/registry.ts'

export interface LargeCatalogueSize {
  /** Licence areas added (≥ 10 000 for the benchmark). */
  areas: number
  /** Measuring points per area (10 × 10 000 = 100 000). */
  pointsPerArea: number
  /** Years of readings per point, ending with 2025 (each year has 5 substances: 10 × 5 × 100 000 = 5 000 000). */
  years: number
}

export const LARGE_CATALOGUE: LargeCatalogueSize = { areas: 10_000, pointsPerArea: 10, years: 10 }

const AREAS_PER_COMPANY = 3
const KINDS = ['ambient_air', 'snow_cover', 'surface_water', 'groundwater', 'sediment_layers', 'soils']

/** Five substances per point kind, by name and unit; their limits are the demo's hygienic ones (decision 3415). */
const SUBSTANCES: Record<string, Array<[string, string]>> = {
  ambient_air: [['Диоксид азота (NO2)', 'мг/м³'], ['Оксид углерода (CO)', 'мг/м³'], ['Диоксид серы (SO2)', 'мг/м³'], ['Взвешенные вещества', 'мг/м³'], ['Сажа', 'мг/м³']],
  snow_cover: [['Нефтепродукты', 'мг/дм³'], ['Сульфат-ион', 'мг/дм³'], ['Нитрат-ион', 'мг/дм³'], ['Свинец', 'мг/дм³'], ['Хлорид-ион', 'мг/дм³']],
  surface_water: [['Нефтепродукты', 'мг/дм³'], ['Фенолы', 'мг/дм³'], ['Железо общее', 'мг/дм³'], ['Медь', 'мг/дм³'], ['Аммоний-ион', 'мг/дм³']],
  groundwater: [['Нефтепродукты', 'мг/дм³'], ['Фенолы', 'мг/дм³'], ['Железо общее', 'мг/дм³'], ['Хлорид-ион', 'мг/дм³'], ['Аммоний-ион', 'мг/дм³']],
  sediment_layers: [['Нефтепродукты', 'мг/кг'], ['Свинец', 'мг/кг'], ['Цинк', 'мг/кг'], ['Медь', 'мг/кг'], ['Никель', 'мг/кг']],
  soils: [['Нефтепродукты', 'мг/кг'], ['Свинец', 'мг/кг'], ['Цинк', 'мг/кг'], ['Медь', 'мг/кг'], ['Никель', 'мг/кг']],
}

const NAME_FIRST = ['Полярная звезда', 'Северное сияние', 'Белая куропатка', 'Тундровый ветер', 'Оленья тропа', 'Снежная долина', 'Мерзлотная', 'Заполярная искра', 'Голубой песец', 'Серебряная губа', 'Туманный мыс', 'Ледяной ключ']
const NAME_SECOND = ['Нефтедобыча', 'Газодобыча', 'Геоинвест', 'Энергосервис', 'Недра', 'Промресурс', 'Экотех', 'Бурсервис', 'Газовый промысел', 'Нефтепром']
const PREFIX = ['Северо', 'Южно', 'Западно', 'Восточно', 'Верхне', 'Нижне']
const ROOT = ['Тангъяхинский', 'Ныдаяхинский', 'Пякутинский', 'Сёяхинский', 'Хальмерский', 'Нюдяхинский', 'Парусовый', 'Ярудейский']

const textArray = (values: string[]) => sql`ARRAY[${sql.join(values.map((v) => sql.lit(v)))}]::text[]`

export interface LargeCatalogueCounts {
  companies: number
  areas: number
  points: number
  readings: number
}

/** Adds the large catalogue after the demo data (ids continue after the demo rows). */
export async function seedLargeCatalogue(
  db: Kysely<Database>,
  size: LargeCatalogueSize = LARGE_CATALOGUE,
  log: (message: string) => void = () => {},
): Promise<LargeCatalogueCounts> {
  const companies = Math.ceil(size.areas / AREAS_PER_COMPANY)
  const step = async (what: string, run: () => Promise<unknown>) => {
    const started = Date.now()
    await run()
    log(`large data set: ${what} in ${((Date.now() - started) / 1000).toFixed(1)} s`)
  }
  let before = await lastIdOf(db, 'companies')
  const companiesBefore = before
  await step(`${companies} companies`, () =>
    sql`
      INSERT INTO companies (name, kind, legal_address, inn, ogrn, okved, operate_region, license_holder, vink, region_code)
      SELECT
        (CASE WHEN g % 2 = 0 THEN 'ООО' ELSE 'АО' END) || ' «' || (${textArray(NAME_FIRST)})[1 + g % 12] || '-'
          || (${textArray(NAME_SECOND)})[1 + (g / 12) % 10] || ' ' || g || '»',
        CASE WHEN g % 4 = 0 THEN 'lem' ELSE 'lem_industry' END,
        '629' || lpad((g % 1000)::text, 3, '0') || ', ЯНАО, г. Салехард, ул. Республики, д. ' || (1 + g % 80),
        '89' || lpad(g::text, 8, '0'),
        '1' || lpad(g::text, 12, '0'),
        (ARRAY['06.10', '06.20', '09.10', '49.50', '35.11'])[1 + g % 5],
        'Ямало-Ненецкий автономный округ',
        true,
        g % 5 < 2,
        '89'
      FROM generate_series(1, ${companies}) AS g`.execute(db),
  )
  before = await lastIdOf(db, 'areas')
  await step(`${size.areas} licence areas`, () =>
    sql`
      INSERT INTO areas (name, kind, company_id, administrative_region_id, license, area, area_percent, description,
        expluatation_stage, expluatation_time, nature_region, nature_zone, founded_year, number, topography, corner_points,
        river_basin)
      SELECT
        (${textArray(PREFIX)})[1 + g % 6] || '-' || (${textArray(ROOT)})[1 + (g / 6) % 8] || ' лицензионный участок № ' || g,
        'licence_area',
        c.id,
        (SELECT id FROM administrative_regions WHERE kind = 'district' ORDER BY id OFFSET g % 7 LIMIT 1),
        'СЛХ ' || (10000 + g)::text || ' НЭ',
        50 + (g * 37) % 2450,
        ((g * 13) % 500) / 1000.0,
        'Участок расположен в пределах тундры Западно-Сибирской равнины.',
        (ARRAY['Геологическое изучение', 'Разведка', 'Опытно-промышленная эксплуатация', 'Промышленная эксплуатация', 'Консервация'])[1 + g % 5],
        (1985 + g % 35) || '–' || (2030 + g % 30),
        (ARRAY['Ямальская область', 'Тазовская область', 'Надымско-Пуровская область'])[1 + g % 3],
        (ARRAY['Тундра', 'Лесотундра', 'Северная тайга'])[1 + g % 3],
        1975 + g % 43,
        lpad((g % 10000)::text, 4, '0'),
        'Плоская, местами полого-увалистая озёрно-аллювиальная равнина.',
        (4 + g % 9) || CASE WHEN 4 + g % 9 = 4 THEN ' угловые точки' ELSE ' угловых точек' END,
        (ARRAY['Обь', 'Надым', 'Пур', 'Таз'])[1 + g % 4]
      FROM generate_series(1, ${size.areas}) AS g
      JOIN (SELECT id, row_number() OVER (ORDER BY id) - 1 AS n FROM companies WHERE id > ${companiesBefore}) AS c
        ON c.n = (g - 1) / ${AREAS_PER_COMPANY}
      ORDER BY g`.execute(db),
  )
  const areasBefore = before
  const points = size.areas * size.pointsPerArea
  before = await lastIdOf(db, 'measures_points')
  await step(`${points} measuring points`, () =>
    sql`
      INSERT INTO measures_points (name, nomenclature, kind, area_id, location_description, periodicity, longitude, latitude,
        landscape_description, point_number, nature_zone)
      SELECT
        'Пункт ' || p || '-' || a,
        'ПН-' || a || '-' || lpad(p::text, 2, '0'),
        (${textArray(KINDS)})[1 + (p - 1) % 6],
        a,
        (1 + (a + p) % 15) || ' км севернее кустовой площадки № ' || (1 + a % 60),
        (ARRAY['1 раз в год', '2 раза в год', 'Ежеквартально'])[1 + (a + p) % 3],
        round((64 + ((a::bigint * 7919) % 20000) / 1000.0 + p / 100.0)::numeric, 5),
        round((63.5 + ((a::bigint * 104729) % 9000) / 1000.0 + p / 200.0)::numeric, 5),
        (ARRAY['Плоскобугристая тундра', 'Пойма реки', 'Редколесье', 'Болотный массив'])[1 + (a + p) % 4],
        p::text,
        (ARRAY['Тундра', 'Лесотундра', 'Северная тайга'])[1 + a % 3]
      FROM (SELECT id AS a FROM areas WHERE id > ${areasBefore}) AS area,
           generate_series(1, ${size.pointsPerArea}) AS p
      ORDER BY a, p`.execute(db),
  )
  const substances = Object.entries(SUBSTANCES).flatMap(([kind, list]) =>
    list.map(([name, measure], i) => {
      const limit = hygienicLimit(name, measure)
      if (!limit?.mpc) throw new Error(`no demo limit for ${name} in ${measure}`)
      return sql`(${sql.lit(kind)}, ${sql.lit(i)}, ${sql.lit(name)}, ${sql.lit(measure)}, ${sql.lit(limit.mpc)}::float8, ${limit.mpcMax === null ? sql`NULL` : sql.lit(limit.mpcMax)}::float8)`
    }),
  )
  const firstPoint = await firstIdAfter(db, 'measures_points', before)
  const lastPoint = await lastIdOf(db, 'measures_points')
  const readings = points * size.years * 5
  // In slices of points, so the log shows progress and no single statement holds millions of rows in memory.
  const slice = 10_000
  await step(`${readings} readings`, async () => {
    for (let from = firstPoint; from <= lastPoint; from += slice) {
      await sql`
        INSERT INTO measures_point_indications (measures_point_id, year, sampled, name, value, measure, mpc, mpc_max)
        SELECT
          mp.id, y,
          make_date(y, 6 + (mp.id + y) % 4, 1 + (mp.id * 31 + y) % 28),
          s.name,
          round((s.mpc * CASE
            WHEN u.u < 0.95 THEN exp(ln(0.05) + (ln(0.95) - ln(0.05)) * u.u / 0.95)
            WHEN u.u < 0.999 THEN 1.05 + 2.95 * (u.u - 0.95) / 0.049
            ELSE 5.5 + 4.5 * (u.u - 0.999) / 0.001 END)::numeric, 4)::float8,
          s.measure, s.mpc, s.mpc_max
        FROM measures_points mp
        JOIN (VALUES ${sql.join(substances)}) AS s (kind, n, name, measure, mpc, mpc_max) ON s.kind = mp.kind
        CROSS JOIN generate_series(${2026 - size.years}, 2025) AS y
        -- The same draw as the demo readings' (demoMultiple), a function of the row: 95 % below the limit, a few above.
        CROSS JOIN LATERAL (SELECT ((mp.id::bigint * 7919 + y * 104729 + s.n * 1009) % 100000) / 100000.0 AS u) AS u
        WHERE mp.id BETWEEN ${from} AND ${Math.min(lastPoint, from + slice - 1)}
        ORDER BY mp.id, y, s.n`.execute(db)
    }
  })
  await step('statistics', () => sql`ANALYZE`.execute(db))
  return { companies, areas: size.areas, points, readings }
}

type Table = 'companies' | 'areas' | 'measures_points'

async function lastIdOf(db: Kysely<Database>, table: Table): Promise<number> {
  const { rows } = await sql<{ id: number }>`SELECT coalesce(max(id), 0) AS id FROM ${sql.table(table)}`.execute(db)
  return Number(rows[0].id)
}

/** The first id of the rows just added (a sequence may have skipped values, so it is read, not assumed). */
async function firstIdAfter(db: Kysely<Database>, table: Table, before: number): Promise<number> {
  const { rows } = await sql<{ id: number }>`SELECT min(id) AS id FROM ${sql.table(table)} WHERE id > ${before}`.execute(db)
  return Number(rows[0].id)
}
