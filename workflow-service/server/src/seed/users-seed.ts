// Demo accounts, one per group (password = login), only on the embedded database or with `npm run seed -- --demo`.
import type { Kysely } from 'kysely'
import type { Database } from '@portal/migrations/database.ts'
import { hashPassword, verifyPassword } from '@portal/workflow-domain/commands.server.ts'
import type { Group } from '@portal/workflow-domain/views.ts'
import type { SeedContext, SeedStep } from './seed-context.ts'

export interface DemoUser {
  username: string
  /** The person the pages name instead of the login (decision 2670). */
  fullName: string
  group: Group
  /** holder1 gets the lem_industry company with the lowest id, holder2 the second lowest. */
  holderIndex?: 0 | 1
}

export const DEMO_USERS: DemoUser[] = [
  { username: 'department', fullName: 'Соколова Анна Викторовна', group: 'Департамент' },
  { username: 'admin', fullName: 'Кузнецов Дмитрий Андреевич', group: 'Администратор' },
  { username: 'holder1', fullName: 'Петров Сергей Николаевич', group: 'Недропользователь', holderIndex: 0 },
  { username: 'holder2', fullName: 'Морозова Елена Игоревна', group: 'Недропользователь', holderIndex: 1 },
  { username: 'administration', fullName: 'Волков Алексей Павлович', group: 'Администрация' },
]

export const usersSeed: SeedStep = {
  name: 'demo users',
  async run({ trx, demoUsers, log }: SeedContext) {
    if (!demoUsers) return
    const holders = await trx
      .selectFrom('companies')
      .select('id')
      .where('kind', '=', 'lem_industry')
      .orderBy('id')
      .limit(2)
      .execute()
    // Five hashes at full cost take a fraction of a second: no weaker parameters for demo accounts.
    const rows = await Promise.all(
      DEMO_USERS.map(async (user) => ({
        username: user.username,
        full_name: user.fullName,
        password_hash: await hashPassword(user.username),
        groups: [user.group],
        company_id: user.holderIndex === undefined ? null : holders[user.holderIndex].id,
      })),
    )
    await trx.insertInto('users').values(rows).execute()
    log(`demo users: ${DEMO_USERS.map((u) => `${u.username}/${u.username} (${u.group})`).join(', ')}`)
  },
}

/** The demo accounts that still have their demo password: printed at every start, so nobody forgets they exist. */
export async function demoAccountsInUse(db: Kysely<Database>): Promise<DemoUser[]> {
  const rows = await db
    .selectFrom('users')
    .select(['username', 'password_hash'])
    .where('username', 'in', DEMO_USERS.map((u) => u.username))
    .where('is_active', '=', true)
    .execute()
  const checks = await Promise.all(rows.map(async (row) => ((await verifyPassword(row.password_hash, row.username)) ? row.username : null)))
  return DEMO_USERS.filter((u) => checks.includes(u.username))
}
