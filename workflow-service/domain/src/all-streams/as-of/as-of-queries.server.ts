// Reads the events an as-of answer folds: a company's streams only (its reports, their files, its responsible
// persons), or the whole log, recorded up to a moment, in position order.
import { type Kysely, sql } from 'kysely'
import type { Database } from '@portal/migrations/database.ts'
import { type StoredEvent, toStored } from '../../event-store/event-store.server.ts'
import { inChainSql } from '../../event-store/positions.ts'
import { namesAsOf } from '../../admin/reference/reference-queries.server.ts'
import { peopleByLogin } from '../../people/people-by-login.server.ts'
import { type AsOfAnswer, type AsOfQuestion, foldAsOf } from './as-of-fold.ts'
import type { AsOfNames } from './as-of-lines.ts'

const PAGE = 5_000

/** The stream ids of a company: every stream whose first event names it (reports, files, responsible persons). */
async function streamsOfCompany(db: Kysely<Database>, companyId: number): Promise<string[]> {
  const rows = await db
    .selectFrom('events')
    .select('stream_id')
    .distinct()
    .where('type', 'in', ['ReportCreated', 'FileUploaded', 'ResponsibleSaved'])
    .where(sql<boolean>`data->>'companyId' = ${String(companyId)}`)
    .where(inChainSql())
    .execute()
  return rows.map((r) => r.stream_id)
}

/** The events recorded up to `until`, of the given streams (null: every stream), in pages by position. */
async function* eventsUpTo(db: Kysely<Database>, until: Date, streams: string[] | null): AsyncGenerator<StoredEvent> {
  if (streams !== null && streams.length === 0) return
  let after = 0
  for (;;) {
    const page = await db
      .selectFrom('events')
      .selectAll()
      .where('position', '>', after)
      .where('created_at', '<=', until)
      .$if(streams !== null, (q) => q.where('stream_id', 'in', streams!))
      .orderBy('position')
      .limit(PAGE)
      .execute()
    for (const row of page) yield toStored(row)
    if (page.length < PAGE) return
    after = Number(page[page.length - 1].position)
  }
}

/** The answer to an as-of question, from the log alone. */
export async function askAsOf(db: Kysely<Database>, question: AsOfQuestion): Promise<AsOfAnswer> {
  const until = question.changes && question.changes.to > question.moment ? question.changes.to : question.moment
  const streams = 'companyId' in question.scope ? await streamsOfCompany(db, question.scope.companyId) : null
  const events: StoredEvent[] = []
  for await (const event of eventsUpTo(db, until, streams)) events.push(event)
  return foldAsOf(events, question)
}

/**
 * The names the operator's table shows for an answer: each login's person (their account's name today), each area's
 * and company's name as it stood at the moment (a renaming since is undone through the reference log).
 */
export async function asOfNames(db: Kysely<Database>, answer: AsOfAnswer): Promise<AsOfNames> {
  const logins = [
    ...answer.reports.flatMap((r) => [...r.files.map((f) => f.creatorUsername), ...(r.lastDecision ? [r.lastDecision.creatorUsername] : [])]),
    ...answer.changes.map((c) => c.username),
  ]
  const areaIds = [...new Set(answer.reports.flatMap((r) => (r.areaId === null ? [] : [r.areaId])))]
  const companyIds = [...new Set(answer.reports.map((r) => r.companyId))]
  const [people, areas, companies] = await Promise.all([
    peopleByLogin(db, logins),
    areaIds.length ? db.selectFrom('areas').select(['id', 'name']).where('id', 'in', areaIds).execute() : [],
    companyIds.length ? db.selectFrom('companies').select(['id', 'name']).where('id', 'in', companyIds).execute() : [],
  ])
  return {
    people,
    areas: Object.fromEntries(await namesAsOf(db, 'area', areas, answer.moment)),
    companies: Object.fromEntries(await namesAsOf(db, 'company', companies, answer.moment)),
  }
}
