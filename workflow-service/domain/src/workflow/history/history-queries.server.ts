// Reads of the change history of a company's reports, sorted by created.
import type { Kysely } from 'kysely'
import type { Database } from '@portal/migrations/database.ts'

function filtered(db: Kysely<Database>, companyId: number) {
  return db.selectFrom('report_history as h').where('h.company_id', '=', companyId)
}

export async function listHistory(db: Kysely<Database>, companyId: number, limit: number, offset: number) {
  const [rows, total] = await Promise.all([
    filtered(db, companyId)
      .innerJoin('import_reports as r', 'r.id', 'h.report_id')
      .leftJoin('areas as a', 'a.id', 'r.area_id')
      .select(['h.id', 'h.created', 'h.event', 'h.import_files', 'h.creator_id', 'h.creator_username', 'r.id as report_id', 'r.year', 'r.report_type', 'r.area_id', 'a.name as area_name'])
      .orderBy('h.created')
      .orderBy('h.id')
      .limit(limit)
      .offset(offset)
      .execute(),
    filtered(db, companyId).select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow(),
  ])
  return {
    count: Number(total.count),
    results: rows.map((h) => ({
      id: h.id,
      created: h.created,
      event: h.event,
      import_files: h.import_files,
      report: { id: h.report_id, year: h.year, area: h.area_id === null ? null : { id: h.area_id, name: h.area_name ?? '' }, report_type: h.report_type },
      creator: { id: h.creator_id, username: h.creator_username },
    })),
  }
}
