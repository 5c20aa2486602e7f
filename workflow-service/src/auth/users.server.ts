// The user accounts: lookup for login, and the administrator's list, create, update and password reset.
import { type Kysely, sql } from 'kysely'
import type { Database } from '@portal/migrations/database.ts'
import { hashPassword } from './passwords.server.ts'
import type { Group } from './permissions.ts'

export const GROUPS: Group[] = ['Департамент', 'Администратор', 'Недропользователь', 'Администрация']

export interface LoginCandidate {
  id: number
  passwordHash: string
  isActive: boolean
}

export async function findLoginCandidate(db: Kysely<Database>, username: string): Promise<LoginCandidate | null> {
  const row = await db
    .selectFrom('users')
    .select(['id', 'password_hash', 'is_active'])
    .where(sql<string>`lower(username)`, '=', username.toLowerCase())
    .executeTakeFirst()
  return row ? { id: row.id, passwordHash: row.password_hash, isActive: row.is_active } : null
}

export interface NewUser {
  username: string
  password: string
  groups: Group[]
  companyId: number | null
}

export async function createUser(db: Kysely<Database>, user: NewUser): Promise<number> {
  const row = await db
    .insertInto('users')
    .values({
      username: user.username,
      password_hash: await hashPassword(user.password),
      groups: user.groups,
      company_id: user.companyId,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  return row.id
}
