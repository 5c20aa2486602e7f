// Drives the real workflow commands for worker tests: users as actors, a report with its responsible, uploads.
import { createReadStream } from 'node:fs'
import type { Kysely } from 'kysely'
import type { Database, ReportType } from '@portal/migrations/database.ts'
import type { CurrentUser } from '@portal/workflow-domain/views.ts'
import type { CommandContext } from '@portal/workflow-domain/commands.server.ts'
import { addReferenceEntry, uploadFile, createReport, createResponsible, newStorageKey, storeFile, writeNotices } from '@portal/workflow-domain/commands.server.ts'
import type { JobQueue } from '@portal/workflow-domain/ports.ts'
import { accepted } from '@portal/workflow-domain/views.ts'

export async function actorOf(db: Kysely<Database>, username: string): Promise<CurrentUser> {
  const user = await db.selectFrom('users').select(['id', 'username', 'groups', 'company_id']).where('username', '=', username).executeTakeFirstOrThrow()
  return { id: user.id, username: user.username, groups: user.groups as CurrentUser['groups'], companyId: user.company_id }
}

export function commandContext(db: Kysely<Database>, queue: JobQueue, storageDir: string, actor: CurrentUser): CommandContext {
  return { db, queue, storageDir, actor, requestId: null, clientAddress: null, now: new Date(), notices: writeNotices }
}

export interface ReportFixture {
  reportId: number
  areaId: number
  areaName: string
  year: number
  /** Nomenclatures of the area's points, with their kind. */
  points: Array<{ nomenclature: string; kind: string }>
}

/** A licence area of the holder's company with its responsible person, and its report of this type and year. */
export async function prepareAreaReport(context: CommandContext, reportType: ReportType, year = 2025): Promise<ReportFixture> {
  const area = await context.db
    .selectFrom('areas')
    .select(['id', 'name'])
    .where('company_id', '=', context.actor!.companyId)
    .where('kind', '=', 'licence_area')
    .orderBy('id')
    .executeTakeFirstOrThrow()
  const existing = await context.db.selectFrom('ecomon_responsibles').select('id').where('area_id', '=', area.id).where('year', '=', year).executeTakeFirst()
  if (!existing) {
    accepted(await createResponsible(context, {
      scope: 'area',
      targetId: area.id,
      year,
      details: { fullname: 'Иванова Анна Петровна', position: 'Эколог', email: 'eco@example.ru', phone: '+7 900 000-00-00', labsName: null, labsContacts: null },
    }))
  }
  const { reportId } = accepted(await createReport(context, { area: area.id, year, reportType }))
  const points = await context.db.selectFrom('measures_points').select(['nomenclature', 'kind']).where('area_id', '=', area.id).orderBy('id').execute()
  return { reportId, areaId: area.id, areaName: area.name, year, points: points.map((p) => ({ nomenclature: p.nomenclature ?? '', kind: p.kind })) }
}

/** The holder's company report of this type (greenhouse gases), with the company's responsible person. */
export async function prepareCompanyReport(context: CommandContext, reportType: ReportType, year = 2025): Promise<{ reportId: number; companyId: number; year: number }> {
  const companyId = context.actor!.companyId!
  const existing = await context.db.selectFrom('company_responsibles').select('id').where('company_id', '=', companyId).where('year', '=', year).executeTakeFirst()
  if (!existing) {
    accepted(await createResponsible(context, {
      scope: 'company',
      targetId: companyId,
      year,
      details: { fullname: 'Петров Иван Сергеевич', position: 'Инженер-эколог', email: 'ghg@example.ru', phone: '+7 900 000-00-01', labsName: null, labsContacts: null },
    }))
  }
  const { reportId } = accepted(await createReport(context, { company: companyId, year, reportType }))
  return { reportId, companyId, year }
}

/**
 * Stores a file the way the upload route does (its size and SHA-256 taken on the way to disk) and records its upload
 * (which enqueues its check). The same bytes twice in one report are refused as a repeated file.
 */
export async function uploadStored(context: CommandContext, reportId: number, path: string, name: string): Promise<number> {
  const storageKey = newStorageKey()
  const { size, sha256 } = await storeFile(context.storageDir, storageKey, createReadStream(path))
  const { fileId } = accepted(await uploadFile(context, {
    reportId,
    description: name,
    ecomonResponsibleId: null,
    companyResponsibleId: null,
    upload: { storageKey, name, size, sha256, contentType: 'application/octet-stream' },
  }))
  return fileId
}

/**
 * Adds the substances a test files under names of its own to the reference data, through the administrators'
 * command (so the log knows them and verify agrees): a name the reference lacks is refused by the check (decision 3412).
 * Without a limit, so the file's ПДК stays the limit of record as before.
 */
export async function addTestSubstances(db: Kysely<Database>, queue: JobQueue, storageDir: string, names: string[], unit = 'мг/дм³'): Promise<void> {
  const admin = commandContext(db, queue, storageDir, await actorOf(db, 'admin'))
  const { id } = await db.selectFrom('units').select('id').where('name', '=', unit).executeTakeFirstOrThrow()
  for (const name of names) accepted(await addReferenceEntry(admin, { kind: 'substance', values: { name, unit_id: String(id), mpc: '', mpc_max: '' } }))
}
