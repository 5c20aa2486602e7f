// Reads of a report's conversation (decision 3711): its messages oldest first with their files, a message's file, and
// which reports wait for the Department's answer (decision 3712).
import { type Kysely, sql } from 'kysely'
import type { Database } from '@portal/migrations/database.ts'
import { personNameSql } from '../../people/person-name-sql.server.ts'

export const messageFileUrl = (id: string) => `/api/v1/import-reports/message-files/${id}/`

export interface ReportMessage {
  /** The position of the message's event (its receipt's number). */
  id: number
  side: 'department' | 'holder'
  text: string
  created: Date
  /** Who wrote it, by name (decision 2670). */
  author: string
  files: Array<{ id: string; name: string; size: number; file: string }>
}

export async function messagesOf(db: Kysely<Database>, reportId: number): Promise<ReportMessage[]> {
  const rows = await db
    .selectFrom('report_messages')
    .select(['id', 'side', 'text', 'created', 'files'])
    .select(personNameSql(sql.ref('creator_id'), sql.ref('creator_username')).as('author'))
    .where('report_id', '=', reportId)
    .orderBy('id')
    .execute()
  return rows.map((m) => ({
    id: Number(m.id),
    side: m.side,
    text: m.text,
    created: m.created,
    author: m.author,
    files: m.files.map((f) => ({ id: f.id, name: f.name, size: f.size, file: messageFileUrl(f.id) })),
  }))
}

/** A file of a message, with the company of its report (who may read it). */
export async function findMessageFile(db: Kysely<Database>, id: string) {
  const { rows } = await sql<{ id: string; name: string; size: number; content_type: string; company_id: number }>`
    SELECT f->>'id' AS id, f->>'name' AS name, (f->>'size')::bigint AS size, f->>'contentType' AS content_type, m.company_id
    FROM report_messages m, jsonb_array_elements(m.files) f
    WHERE m.files @> ${JSON.stringify([{ id }])}::jsonb AND f->>'id' = ${id}`.execute(db)
  return rows[0] ? { ...rows[0], size: Number(rows[0].size) } : undefined
}

/**
 * The SQL condition that a report waits for the Department's answer: its last message is the company's (decision 3712).
 * `reportId` is the report's id column of the query it goes into.
 */
export const awaitsDepartmentSql = (reportId: ReturnType<typeof sql.ref>) =>
  sql<boolean>`(SELECT m.side FROM report_messages m WHERE m.report_id = ${reportId} ORDER BY m.id DESC LIMIT 1) = 'holder'`
