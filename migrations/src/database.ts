// The typed database interface: one place for the row types of every table the migrations create.
import type { ColumnType, Generated } from 'kysely'

type Numeric = ColumnType<string, number | string, number | string>
type DateColumn = ColumnType<Date, Date | string, Date | string>

export interface AdministrativeRegionsTable {
  id: Generated<number>
  name: string
  kind: 'district' | 'city'
  sort: Generated<number>
}

export interface HeadCompaniesTable {
  id: Generated<number>
  name: string
}

export type CompanyKind = 'lem' | 'lem_industry' | 'gas_emissions'

export interface CompaniesTable {
  id: Generated<number>
  name: string
  kind: CompanyKind
  legal_address: string | null
  post_address: string | null
  contacts: string | null
  ceo: string | null
  inn: string | null
  ogrn: string | null
  okved: string | null
  okato: string | null
  operate_region: string | null
  license_holder: Generated<boolean>
  vink: Generated<boolean>
  krk_code: string | null
  region_code: string | null
  head_company_id: number | null
}

export interface WaterResourcesTable {
  id: Generated<number>
  name: string
}

export type AreaKind = 'licence_area' | 'polygon_region_monitoring' | 'polygon_YaNAO_monitoring'

export interface AreasTable {
  id: Generated<number>
  name: string
  kind: AreaKind
  company_id: number | null
  administrative_region_id: number | null
  license: string | null
  area: Numeric | null
  area_percent: Numeric | null
  description: string | null
  expluatation_stage: string | null
  expluatation_time: string | null
  nature_region: string | null
  nature_zone: string | null
  founded_year: number | null
  number: string | null
  topography: string | null
  anthropogenic: string | null
  natural: string | null
  hydrological: string | null
  groundcover: string | null
  geobotanical: string | null
  corner_points: string | null
  terrain: string | null
  hydrographic: string | null
  geocryological: string | null
  biodiversity: string | null
  climatic: string | null
  specifics: string | null
  river_basin: string | null
}

export type PointCategory = 'geochemical' | 'geobotanical' | 'radionuclides' | 'hydrological'

export interface MeasuresPointsTable {
  id: Generated<number>
  name: string
  nomenclature: string | null
  kind: string
  category: PointCategory | null
  area_id: number | null
  water_resource_id: number | null
  location_description: string | null
  periodicity: string | null
  license: string | null
  economic_objects: string | null
  longitude: number | null
  latitude: number | null
  pdk: string | null
  obuv: string | null
  odk: string | null
  avg_by_region: string | null
  well_purpose: string | null
  aquifer_purpose: string | null
  groundwater_depth: Numeric | null
  groundwater_depth_max: Numeric | null
  landscape_description: string | null
  gathering_date: DateColumn | null
  point_number: string | null
  aquifer: string | null
  nature_zone: string | null
  nature_subzone: string | null
  gathering_location: string | null
  flora_type: string | null
  controlled_target: string | null
  controlled_water_resource: string | null
}

export interface MeasuresPointIndicationsTable {
  id: Generated<string>
  measures_point_id: number
  year: number
  sampled: DateColumn | null
  name: string
  value: number
  measure: string
  mpc: number | null
  mpc_max: number | null
}

export type UserGroup = 'Департамент' | 'Администратор' | 'Недропользователь' | 'Администрация'

export interface UsersTable {
  id: Generated<number>
  username: string
  password_hash: string
  groups: ColumnType<UserGroup[], UserGroup[] | undefined, UserGroup[]>
  company_id: number | null
  is_active: Generated<boolean>
  created_at: ColumnType<Date, Date | string | undefined, never>
}

export interface SessionsTable {
  /** SHA-256 (hex) of the random token held by the cookie. */
  id: string
  user_id: number
  csrf_token: string
  created_at: ColumnType<Date, Date | string | undefined, never>
  last_seen_at: ColumnType<Date, Date | string | undefined, Date | string>
  expires_at: DateColumn
}

export interface LoginFailuresTable {
  id: Generated<string>
  username: string
  address: string
  failed_at: ColumnType<Date, Date | string | undefined, Date | string>
}

export interface Database {
  administrative_regions: AdministrativeRegionsTable
  head_companies: HeadCompaniesTable
  companies: CompaniesTable
  water_resources: WaterResourcesTable
  areas: AreasTable
  measures_points: MeasuresPointsTable
  measures_point_indications: MeasuresPointIndicationsTable
  users: UsersTable
  sessions: SessionsTable
  login_failures: LoginFailuresTable
}
