// A notice to every active Department user of one report in one topic: the three Department notices (a file to look
// at, exceedances of an agreed report, a publication that failed) write it the same way.
import { type Kysely, sql } from 'kysely'
import type { Database } from '@portal/migrations/database.ts'

export interface DepartmentNotice {
  /** The log position of the event it tells of: a notice only moves forward, and nobody is told of one event twice. */
  position: number
  reportId: number
  /** The notice's group ('review', 'exceedances', 'publication'): one unread notice per user, report and topic. */
  topic: string
  kind: string
  title: string
  body: string
  link: string
  /** When the event happened; the notice's own moment when omitted. */
  createdAt?: Date
}

/**
 * One unread notification per Department user, report and topic: a newer event takes its place and counts itself in.
 * The update only moves forward (a repeat of the same event changes nothing), and a user already told of this very
 * event (read since) is not told again. Answers the users told anew, whose letters go with the notice.
 */
export async function noticeToDepartment(db: Kysely<Database>, notice: DepartmentNotice): Promise<number[]> {
  const { rows } = await sql<{ user_id: number; inserted: boolean }>`
    INSERT INTO notifications (user_id, company_id, event_position, report_id, topic, kind, title, body, link, created_at)
    SELECT u.id, NULL, ${notice.position}, ${notice.reportId}, ${notice.topic}, ${notice.kind}, ${notice.title}, ${notice.body}, ${notice.link},
           ${notice.createdAt ?? sql`now()`}
    FROM users u
    WHERE u.is_active AND 'Департамент' = ANY (u.groups)
      AND NOT EXISTS (SELECT 1 FROM notifications n WHERE n.user_id = u.id AND n.topic = ${notice.topic} AND n.event_position = ${notice.position})
    ON CONFLICT (user_id, report_id, topic) WHERE read_at IS NULL AND report_id IS NOT NULL
    DO UPDATE SET kind = EXCLUDED.kind, title = EXCLUDED.title, body = EXCLUDED.body, link = EXCLUDED.link,
                  created_at = EXCLUDED.created_at, event_position = EXCLUDED.event_position, events = notifications.events + 1
    WHERE notifications.event_position < EXCLUDED.event_position
    RETURNING user_id, (xmax = 0) AS inserted`.execute(db)
  return rows.filter((r) => r.inserted).map((r) => r.user_id)
}
