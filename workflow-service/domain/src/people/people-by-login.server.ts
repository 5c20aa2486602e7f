// The people behind the logins an answer folded from the event log names (the log keeps the login it was recorded
// with): each login's account's current full name, or the login itself for an account without one (decision 2670).
import type { Kysely } from 'kysely'
import type { Database } from '@portal/migrations/database.ts'
import { personName } from './person-name.ts'

/** Login → the name a page shows for it, for every login given (those of no account keep the login). */
export async function peopleByLogin(db: Kysely<Database>, logins: Iterable<string>): Promise<Record<string, string>> {
  const wanted = [...new Set(logins)]
  const people: Record<string, string> = Object.create(null)
  if (wanted.length === 0) return people
  const rows = await db.selectFrom('users').select(['username', 'full_name']).where('username', 'in', wanted).execute()
  for (const login of wanted) people[login] = login
  for (const row of rows) people[row.username] = personName(row.full_name, row.username)
  return people
}
