// The admin stream's projection: each event writes the entry's row into its kind's table, in the command's transaction.
import { type Kysely, sql } from 'kysely'
import type { Database } from '@portal/migrations/database.ts'
import type { StoredEvent } from '../../event-store/event-store.server.ts'
import type { ReferenceEvent } from './reference-events.ts'
import { REFERENCE_KINDS } from './reference-kinds.ts'

export async function projectReference(db: Kysely<Database>, event: StoredEvent & ReferenceEvent): Promise<void> {
  const def = REFERENCE_KINDS[event.data.kind]
  const table = sql.table(def.table)
  if (event.type === 'ReferenceEntryAdded') {
    const entries = Object.entries(event.data.values)
    const columns = sql.join([sql.id('id'), ...entries.map(([name]) => sql.id(name))])
    const values = sql.join([sql`${event.data.id}`, ...entries.map(([, value]) => sql`${value}`)])
    await sql`INSERT INTO ${table} (${columns}) VALUES (${values})`.execute(db)
    return
  }
  const sets = sql.join(event.data.changes.map((c) => sql`${sql.id(c.field)} = ${c.to}`))
  await sql`UPDATE ${table} SET ${sets} WHERE id = ${event.data.id}`.execute(db)
}
