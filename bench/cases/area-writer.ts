// The benchmark's writer on a licence area of its own, as the workflow cases and the round-trip count use it: the
// areas free of reports, and for one of them its responsible person, its program and final report, and an upload.
import { randomUUID } from 'node:crypto'
import type { Kysely } from 'kysely'
import type { Database } from '@portal/migrations/database.ts'
import { accepted, type CurrentUser } from '@portal/workflow-domain/views.ts'
import { type CommandContext, createResponsible, storeFile, uploadFile } from '@portal/workflow-domain/commands.server.ts'

export const holderOf = (companyId: number): CurrentUser => ({ id: 0, username: `bench-holder-${companyId}`, groups: ['Недропользователь'], companyId })
export const department: CurrentUser = { id: 0, username: 'bench-department', groups: ['Департамент'], companyId: null }

/** Licence areas of a company with no report yet, in id order: a writer on each starts from nothing. */
export function areasWithoutReports(db: Kysely<Database>, limit: number) {
  return db
    .selectFrom('areas')
    .select(['id', 'company_id'])
    .where('kind', '=', 'licence_area')
    .where('company_id', 'is not', null)
    .where((eb) => eb.not(eb.exists(eb.selectFrom('import_reports').select('id').whereRef('import_reports.area_id', '=', 'areas.id'))))
    .orderBy('id')
    .limit(limit)
    .execute()
}

export interface AreaWriter {
  program: number
  final: number
  /** Registers an upload on the report as the API does: the bytes stored first, then the command. */
  upload(reportId: number, n: number): Promise<{ fileId: number }>
}

/** `as`: the command context of an actor. Names the area's responsible person for 2025, which opens its reports. */
export async function areaWriter(
  db: Kysely<Database>,
  storageDir: string,
  as: (actor: CurrentUser) => CommandContext,
  area: { id: number; company_id: number | null },
): Promise<AreaWriter> {
  const holder = holderOf(area.company_id!)
  accepted(await createResponsible(as(holder), {
    scope: 'area',
    targetId: area.id,
    year: 2025,
    details: { fullname: 'Бенчмарк', position: 'Инженер-эколог', email: 'bench@example.ru', phone: '+7 (3492) 00-00-00', labsName: null, labsContacts: null },
  }))
  const reports = await db.selectFrom('import_reports').select(['id', 'report_type']).where('area_id', '=', area.id).execute()
  const upload = async (reportId: number, n: number) => {
    const storageKey = randomUUID()
    // Each upload's bytes differ: the same bytes twice in one report are refused as a repeated file (decision 2120).
    // A programme and a final report are documents: their sections take PDFs, not CSV (decision 2671).
    const { size, sha256 } = await storeFile(storageDir, storageKey, Buffer.from(`%PDF-1.4\n% ${storageKey}\n%%EOF\n`))
    return accepted(await uploadFile(as(holder), {
      reportId,
      description: `Файл ${n}`,
      ecomonResponsibleId: null,
      companyResponsibleId: null,
      upload: { storageKey, name: `Файл ${n}.pdf`, size, sha256, contentType: 'application/pdf' },
    }))
  }
  return {
    program: reports.find((r) => r.report_type === 'program')!.id,
    final: reports.find((r) => r.report_type === 'final_report')!.id,
    upload,
  }
}
