// A user's notifications: the newest first with the unread count, and marking them read. Only the notifications of
// the company the user belongs to now: they follow the company, so a user moved to another company no longer sees,
// counts or marks the old company's (decision 2222).
import { type ExpressionBuilder, type Kysely } from 'kysely'
import type { Database } from '@portal/migrations/database.ts'

/** The notifications of this user and of the company the user belongs to now. */
const ofUserAndCompany = (userId: number) => (eb: ExpressionBuilder<Database, 'notifications'>) =>
  // The Department's (no company) are kept without one: NULL matches NULL.
  eb.and([eb('notifications.user_id', '=', userId), eb('notifications.company_id', 'is not distinct from', eb.selectFrom('users').select('users.company_id').where('users.id', '=', userId))])

export async function unreadCount(db: Kysely<Database>, userId: number): Promise<number> {
  const row = await db.selectFrom('notifications').select((eb) => eb.fn.countAll<number>().as('n')).where(ofUserAndCompany(userId)).where('read_at', 'is', null).executeTakeFirst()
  return Number(row?.n ?? 0)
}

export async function listNotifications(db: Kysely<Database>, userId: number, limit: number, offset: number) {
  const [results, total, unread] = await Promise.all([
    db
      .selectFrom('notifications')
      .select(['id', 'kind', 'title', 'body', 'link', 'created_at as created', 'read_at as read', 'events'])
      .where(ofUserAndCompany(userId))
      .orderBy('id', 'desc')
      .limit(limit)
      .offset(offset)
      .execute(),
    db.selectFrom('notifications').select((eb) => eb.fn.countAll<number>().as('n')).where(ofUserAndCompany(userId)).executeTakeFirst(),
    unreadCount(db, userId),
  ])
  return { count: Number(total?.n ?? 0), unread, results }
}

/** Marks the given notifications of the user read (all of them without ids); answers how many changed. */
export async function markRead(db: Kysely<Database>, userId: number, ids?: number[]): Promise<number> {
  let query = db.updateTable('notifications').set({ read_at: new Date() }).where(ofUserAndCompany(userId)).where('read_at', 'is', null)
  if (ids) {
    if (ids.length === 0) return 0
    query = query.where('id', 'in', ids)
  }
  const result = await query.executeTakeFirst()
  return Number(result.numUpdatedRows)
}
