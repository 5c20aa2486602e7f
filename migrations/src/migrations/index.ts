// Every migration in the order it runs. A new migration is a new file plus one line here; applied ones are frozen.
import type { Migration } from 'kysely'
import * as coreCatalogue from './2026-11-21-0001-core-catalogue.ts'
import * as usersAndSessions from './2026-11-21-0201-users-and-sessions.ts'

export const migrations: Record<string, Migration> = {
  '2026-11-21-0001-core-catalogue': coreCatalogue,
  '2026-11-21-0201-users-and-sessions': usersAndSessions,
}
