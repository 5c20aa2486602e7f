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
  /** Retired from use by an administrator (reference data): kept where readings and reports name it. */
  retired: Generated<boolean>
}

export interface WaterResourcesTable {
  id: Generated<number>
  name: string
}

export type AreaKind = 'licence_area' | 'polygon_region_monitoring' | 'polygon_YaNAO_monitoring'

export interface AreasTable {
  id: Generated<number>
  /** Retired from use by an administrator (reference data): kept where readings and reports name it. */
  retired: Generated<boolean>
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

export interface UnitsTable {
  id: Generated<number>
  name: string
  /** Retired from use by an administrator: kept for the readings that name it, offered for nothing new. */
  retired: Generated<boolean>
}

export interface PointKindsTable {
  id: Generated<number>
  code: string
  name: string
  retired: Generated<boolean>
}

export interface ReportDueDatesTable {
  id: Generated<number>
  report_type: ReportType
  year: number
  /** ГГГГ-ММ-ДД as written; read as a date. */
  due_date: ColumnType<Date, string, string>
  retired: Generated<boolean>
}

export interface SubstancesTable {
  id: Generated<number>
  name: string
  unit_id: number
  mpc: Numeric | null
  mpc_max: Numeric | null
  retired: Generated<boolean>
  /** The document the limits come from (decision 3415). */
  source: string | null
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
  /** The person's full name as pages show it; '' when not given (the login is shown then). */
  full_name: Generated<string>
  /** Where the Department's notices are mailed, once confirmed (decision 2224); null for none. */
  email: string | null
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

export interface LoginThrottleTable {
  /** 'account': a lower-cased username, over all addresses; 'address': a client address, over all usernames. */
  scope: 'account' | 'address'
  key: string
  /** Attempts of the window that were not followed by a success (failures, and attempts being checked). */
  attempts: number
  window_started_at: ColumnType<Date, Date | string | undefined, Date | string>
}

/** Timestamps written by projections from the time of the event (never a database default). */
type Timestamp = ColumnType<Date, Date | string, Date | string>
type Json<T> = ColumnType<T, string, string>

export type ReportType = 'final_report' | 'program' | 'observation_results' | 'greenhouse_gases'
export type ReportStatus = 'consideration' | 'agreed' | 'rejected'
export type FileStatus = 'processing' | 'success' | 'error' | 'deletion' | 'deleted'

/** Who caused an event: recorded with every event for the audit (the log's metadata column). */
export interface EventMetadata {
  userId: number | null
  username: string
  /** The user's group (Департамент, Недропользователь…), or 'system' for workers and the demo data. */
  role: string
  requestId: string | null
  clientAddress: string | null
}

/** The append-only event log of the report workflow (migration 0301). */
export interface EventsTable {
  position: number
  stream_id: string
  stream_version: number
  type: string
  data: Json<Record<string, unknown>>
  metadata: Json<EventMetadata>
  created_at: Timestamp
  prev_hash: string
  hash: string
  /** false: written before the keyed per-stream chain (unkeyed global chain, sealed by the first checkpoint). */
  keyed: Generated<boolean>
}

/** A keyed seal over the events of (from_position, to_position], chained to the checkpoint before it. */
export interface EventCheckpointsTable {
  id: Generated<number>
  from_position: number
  to_position: number
  events: number
  digest: string
  prev_mac: string
  mac: string
  created_at: Timestamp
}

/** A checkpoint's statement as the portal signed it (decision 3710): the canonical JSON, its Ed25519 signature (base64). */
export interface SignedCheckpointsTable {
  to_position: number
  statement: string
  signature: string
  key_fingerprint: string
  created_at: Generated<Timestamp>
}

/** One row, made with the database: the identity the head beside the audit key records (decision 1220). */
export interface EventLogIdentityTable {
  singleton: Generated<boolean>
  id: Generated<string>
  created_at: Generated<Timestamp>
}

/** The columns both kinds of responsible person share (spec §3 "Responsible person"). */
interface ResponsiblePersonColumns {
  id: number
  company_id: number
  year: number
  fullname: string
  position: string
  email: string
  phone: string
  labs_name: string | null
  labs_contacts: string | null
  added: Timestamp
  updated: Timestamp
  version: number
}

/** The responsible person of a licence area and year. */
export interface EcomonResponsiblesTable extends ResponsiblePersonColumns {
  area_id: number
}

/** The responsible person of a company and year (greenhouse gases, observation results without areas). */
export type CompanyResponsiblesTable = ResponsiblePersonColumns

export interface ImportReportsTable {
  id: number
  stream_id: string
  report_type: ReportType
  status: ReportStatus
  year: number
  area_id: number | null
  company_id: number
  created: Timestamp
  updated: Timestamp
  version: number
  /** 1 for the first submission, one more each time the declined report is sent again (issue 14). */
  round: Generated<number>
}

export interface ReportStatusChangesTable {
  /** The position of the event that made the change. */
  id: number
  report_id: number
  event: 'agreed' | 'rejected' | 'cancelled' | 'resubmitted'
  comment: string
  created: Timestamp
  creator_id: number | null
  creator_username: string
}

export interface DecisionFilesTable {
  id: string
  report_id: number
  status_change_id: number
  name: string
  size: number
  content_type: string
}

/** A finding of a file check: an error fails the file, a warning is kept beside a good one (issue 14). */
export type FindingLevel = 'error' | 'warning'

export interface FileProblem {
  row?: number
  column?: string
  value?: string
  reason: string
  /** Absent on findings recorded before levels existed: those are errors. */
  level?: FindingLevel
  /** 'duplicate': the row's natural key already stands elsewhere (decision 2120); the reports page labels the file. */
  kind?: 'duplicate'
}

export interface ImportFilesTable {
  id: number
  report_id: number
  company_id: number
  area_id: number | null
  year: number
  report_type: ReportType
  name: string
  storage_key: string
  size: number
  content_type: string
  description: string
  status: FileStatus
  problems: Json<FileProblem[]>
  ecomon_responsible_id: number | null
  company_responsible_id: number | null
  created: Timestamp
  updated: Timestamp
  creator_id: number | null
  creator_username: string
  version: number
  /** The upload's Idempotency-Key, unique per creator: a retry finds this file. */
  idempotency_key: ColumnType<string | null, string | null | undefined, string | null>
  /** The SHA-256 of the file's bytes (hex) as its upload recorded it: a second upload of the same bytes is refused. */
  sha256: ColumnType<string | null, string | null | undefined, string | null>
}

export interface ReportHistoryTable {
  /** The position of the event the entry comes from. */
  id: number
  company_id: number
  report_id: number
  event: 'added' | 'agreed' | 'rejected' | 'deleted' | 'resubmitted' | 'cancelled' | 'message'
  import_files: Json<Array<{ id: number; name: string }>>
  created: Timestamp
  creator_id: number | null
  creator_username: string
}

/** A message of the conversation on a report (decision 3711), numbered by its event's position. */
export interface ReportMessagesTable {
  id: number
  report_id: number
  company_id: number
  /** Who wrote it: the Department or the company's users. */
  side: 'department' | 'holder'
  text: string
  files: Json<Array<{ id: string; name: string; size: number; sha256?: string; contentType: string }>>
  /** The key the post was sent with (a form's, or the API's Idempotency-Key): a retry finds this message. */
  key: string | null
  created: Timestamp
  creator_id: number | null
  creator_username: string
}

// Issue 6: rows of checked data files until their report is agreed, the published ones, and the job outbox.
export interface ImportStagedRowsTable {
  id: Generated<number>
  file_id: number
  report_id: number
  target_table: string
  row_number: number
  data: ColumnType<Record<string, unknown>, string, string>
}

/** A declined round's readings summed per point, substance and unit (decision 3714): what the next round is compared with. */
export interface ReportRoundReadingsTable {
  report_id: number
  round: number
  measures_point_id: number
  name: string
  measure: string
  sum: number
  count: number
  /** The smallest positive value and the largest value of the group (null when it has none). */
  low: number | null
  high: number | null
}

export interface ImportPublishedRowsTable {
  target_table: string
  row_id: number
  file_id: number
  report_id: number
}

/** A file's rows as a report's publication recorded them: how many are public and their digest (decision 3310). */
export interface PublishedFileRecord {
  fileId: number
  table: string
  /** Rows of the file that this publication made public. */
  rows: number
  /** Rows the file's check staged (a row whose key was already public is staged, not published again). */
  staged: number
  /** The digest of the file's public rows (workflow-service/domain/src/catalogue/published-rows.server.ts). */
  digest: string
}

/** What the log recorded of a report's publication: a read model of its `publication-report-N` stream. */
export interface ReportPublicationsTable {
  /** The report's id. */
  id: number
  status: 'published' | 'failed'
  rows_public: number
  rows_staged: number
  files: Json<PublishedFileRecord[]>
  /** Why the publication failed for good (status failed). */
  reason: string | null
  updated: Timestamp
  /** The log position of the event the row stands for. */
  position: number
}

/** The id a published row had, by its table and natural key (the key's values as a JSON array): kept across withdrawals. */
export interface PublishedRowIdsTable {
  target_table: string
  natural_key: Json<unknown[]>
  row_id: number
}

/** A person told in the portal of a report status change (spec: notifications). */
export interface NotificationsTable {
  id: Generated<number>
  user_id: number
  /** The company whose report it tells of: shown only while the user belongs to it. */
  company_id: number | null
  event_position: number
  kind: string
  title: string
  body: string
  link: string | null
  created_at: ColumnType<Date, Date | string | undefined, never>
  read_at: Date | null
  /** The report a grouped notification (the Department's) stands for; null on the others. */
  report_id: ColumnType<number | null, number | null | undefined, number | null>
  /** How many events of the report a grouped notification stands for. */
  events: Generated<number>
  /** The group a report's notification belongs to: 'review' (what to look at) or 'exceedances' (decision 2450). */
  topic: Generated<string>
}

/** An e-mail to send for a notification; sent by the mail worker, retried until sent. */
export interface MailOutboxTable {
  id: Generated<number>
  event_position: number
  to_address: string
  subject: string
  body: string
  created_at: ColumnType<Date, Date | string | undefined, never>
  attempts: Generated<number>
  next_attempt_at: ColumnType<Date, Date | string | undefined, Date | string>
  sent_at: Date | null
  last_error: string | null
  /** Why the letter is never to be sent (the demo data's letters); the sender skips rows that have one. */
  skipped_reason: ColumnType<string | null, string | null | undefined, string | null>
  /** `notice` (a report's status changed) or `confirmation` (the letter asking to confirm the address). */
  kind: ColumnType<'notice' | 'confirmation', 'notice' | 'confirmation' | undefined, never>
  /** The account whose command asked for a confirmation letter (a holder saving a responsible person), else null. */
  requested_by: ColumnType<number | null, number | null | undefined, never>
}

/** An address the portal may mail once confirmed through the link of its confirmation letter (decision 2224). */
export interface EmailConfirmationsTable {
  address: string
  token_sha256: string | null
  token_created_at: Date | null
  confirmed_at: Date | null
}

export interface JobOutboxTable {
  id: Generated<number>
  name: string
  data: ColumnType<object, string, string>
  key: string | null
  created_at: Generated<Date>
}

/** A reminder of a due date or a daily digest of what is overdue, sent once under its key (decision 3603). */
export interface DueNoticesTable {
  id: Generated<string>
  key: string
  created_at: Generated<Date>
}

/** The row count of a table kept beside it by triggers (decision 3813): what an unfiltered list shows as its total. */
export interface TableRowCountsTable {
  table_name: string
  count: number
}

export interface Database {
  table_row_counts: TableRowCountsTable
  administrative_regions: AdministrativeRegionsTable
  head_companies: HeadCompaniesTable
  companies: CompaniesTable
  water_resources: WaterResourcesTable
  areas: AreasTable
  measures_points: MeasuresPointsTable
  measures_point_indications: MeasuresPointIndicationsTable
  units: UnitsTable
  point_kinds: PointKindsTable
  substances: SubstancesTable
  report_due_dates: ReportDueDatesTable
  due_notices: DueNoticesTable
  events: EventsTable
  event_checkpoints: EventCheckpointsTable
  signed_checkpoints: SignedCheckpointsTable
  event_log_identity: EventLogIdentityTable
  ecomon_responsibles: EcomonResponsiblesTable
  company_responsibles: CompanyResponsiblesTable
  import_reports: ImportReportsTable
  report_status_changes: ReportStatusChangesTable
  decision_files: DecisionFilesTable
  import_files: ImportFilesTable
  report_history: ReportHistoryTable
  report_messages: ReportMessagesTable
  users: UsersTable
  sessions: SessionsTable
  login_throttle: LoginThrottleTable
  import_staged_rows: ImportStagedRowsTable
  report_round_readings: ReportRoundReadingsTable
  import_published_rows: ImportPublishedRowsTable
  report_publications: ReportPublicationsTable
  published_row_ids: PublishedRowIdsTable
  job_outbox: JobOutboxTable
  notifications: NotificationsTable
  mail_outbox: MailOutboxTable
  email_confirmations: EmailConfirmationsTable
}
