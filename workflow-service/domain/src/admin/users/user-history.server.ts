// What the admin page shows of the users' streams: each account's changes, newest first — who, when, from where and
// what changed, in words. A password reset says only that it happened: no event holds a password or its hash.
import { type Kysely, sql } from 'kysely'
import type { Database } from '@portal/migrations/database.ts'
import { inChainSql } from '../../event-store/positions.ts'
import { personNameSql } from '../../people/person-name-sql.server.ts'
import { roleWord } from '../../people/person-name.ts'
import { USER_EVENT_TYPES, USER_EVENTS } from './user-event-table.ts'
import type { UserEvent } from './user-events.ts'

export interface UserHistoryItem {
  position: number
  at: Date
  /** The account the change is about. */
  userId: number
  /** What happened: the event's one label. */
  label: string
  /** The values before and after, in words (a creation's: its groups and company; none for a reset or a disabling). */
  change: { from: string; to: string } | null
  /** Who made the change, by name, with the role they acted in. */
  person: string
  role: string
  clientAddress: string | null
}

/** The last changes of all accounts the page shows (tens of accounts, a handful of changes each). */
const HISTORY_LIMIT = 1000

const NOTHING = '—'
const words = (value: string | null) => (value === null || value === '' ? NOTHING : value)

/** Every account's history, newest first, read from the log's chain. Administrators' pages only (the use-case checks). */
export async function usersHistory(db: Kysely<Database>): Promise<UserHistoryItem[]> {
  const { rows } = await sql<{ position: string; type: UserEvent['type']; data: UserEvent['data']; created_at: Date; person: string; metadata: { role?: string; clientAddress?: string | null } }>`
    SELECT e.position, e.type, e.data, e.created_at, e.metadata,
           ${personNameSql(sql`(e.metadata->>'userId')::int`, sql`e.metadata->>'username'`)} AS person
    FROM events e
    WHERE e.stream_id LIKE 'user-%' AND e.type = ANY(${[...USER_EVENT_TYPES]}) AND ${inChainSql('e.position')}
    ORDER BY e.position DESC LIMIT ${HISTORY_LIMIT}`.execute(db)
  const companyIds = new Set<number>()
  for (const row of rows) {
    const event = { type: row.type, data: row.data } as UserEvent
    if (event.type === 'UserCompanyChanged') for (const id of [event.data.from, event.data.to]) if (id !== null) companyIds.add(id)
    if (event.type === 'UserCreated' && event.data.companyId !== null) companyIds.add(event.data.companyId)
  }
  const companies = companyIds.size === 0 ? [] : await db.selectFrom('companies').select(['id', 'name']).where('id', 'in', [...companyIds]).execute()
  const companyName = (id: number | null) => (id === null ? NOTHING : (companies.find((c) => c.id === id)?.name ?? `№ ${id}`))
  return rows.map((row) => {
    const event = { type: row.type, data: row.data } as UserEvent
    return {
      position: Number(row.position),
      at: row.created_at,
      userId: event.data.userId,
      label: USER_EVENTS[event.type].label,
      change: changeOf(event, companyName),
      person: row.person,
      role: roleWord(row.metadata.role ?? ''),
      clientAddress: row.metadata.clientAddress ?? null,
    }
  })
}

function changeOf(event: UserEvent, companyName: (id: number | null) => string): UserHistoryItem['change'] {
  switch (event.type) {
    case 'UserNameChanged':
    case 'UserEmailChanged':
      return { from: words(event.data.from), to: words(event.data.to) }
    case 'UserGroupsChanged':
      return { from: event.data.from.join(', '), to: event.data.to.join(', ') }
    case 'UserCompanyChanged':
      return { from: companyName(event.data.from), to: companyName(event.data.to) }
    case 'UserCreated':
      // What the account started with: its groups, and the company of a license holder.
      return { from: NOTHING, to: [event.data.groups.join(', '), event.data.companyId === null ? null : companyName(event.data.companyId)].filter((w) => w !== null).join('; ') }
    case 'UserPasswordReset':
    case 'UserDisabled':
    case 'UserEnabled':
      return null
  }
}
