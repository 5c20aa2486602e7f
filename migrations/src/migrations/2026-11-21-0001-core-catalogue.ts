// Core catalogue tables: regions, companies, licence areas and polygons, measuring points and their readings.
import { type Kysely, sql } from 'kysely'

export async function up(db: Kysely<any>): Promise<void> {
  await sql`CREATE EXTENSION IF NOT EXISTS pg_trgm`.execute(db)

  await sql`
    CREATE TABLE administrative_regions (
      id serial PRIMARY KEY,
      name text NOT NULL UNIQUE,
      kind text NOT NULL CHECK (kind IN ('district', 'city')),
      sort integer NOT NULL DEFAULT 0
    )`.execute(db)

  await sql`
    CREATE TABLE head_companies (
      id serial PRIMARY KEY,
      name text NOT NULL UNIQUE
    )`.execute(db)

  await sql`
    CREATE TABLE companies (
      id serial PRIMARY KEY,
      name text NOT NULL,
      kind text NOT NULL CHECK (kind IN ('lem', 'lem_industry', 'gas_emissions')),
      legal_address text,
      post_address text,
      contacts text,
      ceo text,
      inn text,
      ogrn text,
      okved text,
      okato text,
      operate_region text,
      license_holder boolean NOT NULL DEFAULT false,
      vink boolean NOT NULL DEFAULT false,
      krk_code text,
      region_code text,
      head_company_id integer REFERENCES head_companies(id)
    )`.execute(db)
  await sql`CREATE INDEX companies_kind_idx ON companies (kind)`.execute(db)
  await sql`CREATE INDEX companies_name_trgm_idx ON companies USING gin (lower(name) gin_trgm_ops)`.execute(db)
  await sql`CREATE INDEX companies_name_idx ON companies (name, id)`.execute(db)
  await sql`CREATE INDEX companies_head_company_idx ON companies (head_company_id)`.execute(db)

  await sql`
    CREATE TABLE water_resources (
      id serial PRIMARY KEY,
      name text NOT NULL UNIQUE
    )`.execute(db)

  await sql`
    CREATE TABLE areas (
      id serial PRIMARY KEY,
      name text NOT NULL,
      kind text NOT NULL CHECK (kind IN ('licence_area', 'polygon_region_monitoring', 'polygon_YaNAO_monitoring')),
      company_id integer REFERENCES companies(id),
      administrative_region_id integer REFERENCES administrative_regions(id),
      license text,
      area numeric,
      area_percent numeric,
      description text,
      expluatation_stage text,
      expluatation_time text,
      nature_region text,
      nature_zone text,
      founded_year integer,
      number text,
      topography text,
      anthropogenic text,
      "natural" text,
      hydrological text,
      groundcover text,
      geobotanical text,
      corner_points text,
      terrain text,
      hydrographic text,
      geocryological text,
      biodiversity text,
      climatic text,
      specifics text,
      river_basin text
    )`.execute(db)
  await sql`CREATE INDEX areas_kind_idx ON areas (kind, name, id)`.execute(db)
  await sql`CREATE INDEX areas_company_idx ON areas (company_id)`.execute(db)
  await sql`CREATE INDEX areas_region_idx ON areas (administrative_region_id)`.execute(db)
  await sql`CREATE INDEX areas_name_trgm_idx ON areas USING gin (lower(name) gin_trgm_ops)`.execute(db)

  await sql`
    CREATE TABLE measures_points (
      id serial PRIMARY KEY,
      name text NOT NULL,
      nomenclature text,
      kind text NOT NULL,
      category text CHECK (category IN ('geochemical', 'geobotanical', 'radionuclides', 'hydrological')),
      area_id integer REFERENCES areas(id),
      water_resource_id integer REFERENCES water_resources(id),
      location_description text,
      periodicity text,
      license text,
      economic_objects text,
      longitude double precision,
      latitude double precision,
      pdk text,
      obuv text,
      odk text,
      avg_by_region text,
      well_purpose text,
      aquifer_purpose text,
      groundwater_depth numeric,
      groundwater_depth_max numeric,
      landscape_description text,
      gathering_date date,
      point_number text,
      aquifer text,
      nature_zone text,
      nature_subzone text,
      gathering_location text,
      flora_type text,
      controlled_target text,
      controlled_water_resource text
    )`.execute(db)
  await sql`CREATE INDEX measures_points_area_idx ON measures_points (area_id, kind)`.execute(db)
  await sql`CREATE INDEX measures_points_kind_idx ON measures_points (kind, category)`.execute(db)
  await sql`CREATE INDEX measures_points_category_idx ON measures_points (category)`.execute(db)
  await sql`CREATE INDEX measures_points_water_resource_idx ON measures_points (water_resource_id)`.execute(db)
  await sql`CREATE INDEX measures_points_name_trgm_idx ON measures_points USING gin (lower(name) gin_trgm_ops)`.execute(db)

  // Readings of a point against its limit concentration (ПДК): one row per substance, year and sampling.
  await sql`
    CREATE TABLE measures_point_indications (
      id bigserial PRIMARY KEY,
      measures_point_id integer NOT NULL REFERENCES measures_points(id) ON DELETE CASCADE,
      year integer NOT NULL,
      sampled date,
      name text NOT NULL,
      value double precision NOT NULL,
      measure text NOT NULL,
      mpc double precision,
      mpc_max double precision
    )`.execute(db)
  await sql`CREATE INDEX measures_point_indications_point_year_idx ON measures_point_indications (measures_point_id, year)`.execute(db)
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['measures_point_indications', 'measures_points', 'areas', 'water_resources', 'companies', 'head_companies', 'administrative_regions']) {
    await db.schema.dropTable(table).execute()
  }
}
