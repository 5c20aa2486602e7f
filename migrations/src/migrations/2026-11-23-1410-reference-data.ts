// The reference data the administrators manage (units, kinds of points, substances with their limit values), as
// tables the admin stream's projection keeps; their first contents are the lists the demo readings were drawn from.
// Companies and areas already have their tables. Changes after this migration are events (admin/reference/).
import { type Kysely, sql } from 'kysely'
import { notifyPublicChanges } from './2026-11-23-1701-public-change-notify.ts'

const POINT_KINDS: Array<[string, string]> = [
  ['ambient_air', 'Атмосферный воздух'],
  ['snow_cover', 'Снежный покров'],
  ['surface_water', 'Поверхностные воды'],
  ['groundwater', 'Подземные воды'],
  ['sediment_layers', 'Донные отложения'],
  ['soils', 'Почвы'],
  ['plant_sampling', 'Пункт отбора проб растительности'],
  ['bottom_sediments_sampling_points', 'Пункт отбора проб донных отложений'],
  ['soil_sampling_point_geochemistry', 'Пункт отбора проб почв (геохимия)'],
  ['surface_water_sampling_point', 'Пункт отбора проб поверхностных вод'],
  ['snow_cover_sampling_point', 'Пункт отбора проб снежного покрова'],
  ['hygrobiology_point', 'Пункт гидробиологических наблюдений'],
  ['hydrological_point', 'Гидрологический пост'],
  ['soil_sampling_point_radionuclides', 'Пункт отбора проб почв (радионуклиды)'],
  ['geobotanical_sites', 'Геоботаническая площадка'],
  ['control_water_object_state_point', 'Пункт контроля состояния водного объекта'],
  ['sampling_collection_points', 'Пункт сбора проб'],
]

const UNITS = ['мг/м³', 'мг/дм³', 'мг/кг', 'Бк/кг', 'м³/с', 'м/с']

// name, unit, limit concentration (ПДК/ОДК); 0 means no limit.
const SUBSTANCES: Array<[string, string, number]> = [
  ['Диоксид азота (NO2)', 'мг/м³', 0.2], ['Оксид углерода (CO)', 'мг/м³', 5], ['Диоксид серы (SO2)', 'мг/м³', 0.5],
  ['Взвешенные вещества', 'мг/м³', 0.5], ['Сажа', 'мг/м³', 0.15],
  ['Нефтепродукты', 'мг/дм³', 0.05], ['Фенолы', 'мг/дм³', 0.001], ['Железо общее', 'мг/дм³', 0.1], ['Медь', 'мг/дм³', 0.001],
  ['Аммоний-ион', 'мг/дм³', 0.5], ['Хлорид-ион', 'мг/дм³', 300], ['Сульфат-ион', 'мг/дм³', 100], ['Нитрат-ион', 'мг/дм³', 40],
  ['Свинец', 'мг/дм³', 0.006],
  ['Нефтепродукты', 'мг/кг', 1000], ['Свинец', 'мг/кг', 32], ['Цинк', 'мг/кг', 55], ['Медь', 'мг/кг', 33], ['Никель', 'мг/кг', 20],
  ['Цезий-137', 'Бк/кг', 100], ['Стронций-90', 'Бк/кг', 50], ['Калий-40', 'Бк/кг', 800],
  ['Расход воды', 'м³/с', 0], ['Средняя скорость течения', 'м/с', 0],
]

export async function up(db: Kysely<any>): Promise<void> {
  await sql`CREATE TABLE units (
    id serial PRIMARY KEY,
    name text NOT NULL UNIQUE
  )`.execute(db)
  await sql`CREATE TABLE point_kinds (
    id serial PRIMARY KEY,
    code text NOT NULL UNIQUE,
    name text NOT NULL
  )`.execute(db)
  await sql`CREATE TABLE substances (
    id serial PRIMARY KEY,
    name text NOT NULL,
    unit_id integer NOT NULL REFERENCES units(id),
    mpc numeric,
    mpc_max numeric,
    UNIQUE (name, unit_id)
  )`.execute(db)
  for (const name of UNITS) await sql`INSERT INTO units (name) VALUES (${name})`.execute(db)
  for (const [code, name] of POINT_KINDS) await sql`INSERT INTO point_kinds (code, name) VALUES (${code}, ${name})`.execute(db)
  for (const [name, unit, mpc] of SUBSTANCES) {
    await sql`INSERT INTO substances (name, unit_id, mpc) SELECT ${name}, id, ${mpc === 0 ? null : mpc} FROM units WHERE name = ${unit}`.execute(db)
  }
  // On a new database this runs before 1701, which adds the trigger to every table; on one past 1701, here.
  const { rows } = await sql`SELECT 1 FROM pg_proc WHERE proname = 'notify_public_changed'`.execute(db)
  if (rows.length > 0) for (const table of ['units', 'point_kinds', 'substances']) await notifyPublicChanges(db, table)
  // The admin screens show each kind's history newest first, out of a log that is mostly the reports' events.
  await sql`CREATE INDEX events_reference_kind_idx ON events ((data->>'kind'), position DESC)
    WHERE type IN ('ReferenceEntryAdded', 'ReferenceEntryChanged')`.execute(db)
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP INDEX IF EXISTS events_reference_kind_idx`.execute(db)
  await sql`DROP TABLE IF EXISTS substances`.execute(db)
  await sql`DROP TABLE IF EXISTS point_kinds`.execute(db)
  await sql`DROP TABLE IF EXISTS units`.execute(db)
}
