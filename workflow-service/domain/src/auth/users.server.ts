// The user accounts: lookup for login, the administrator's list, and the rules of an account's fields. Creating and
// changing accounts are commands of the users' streams (admin/users/user-commands.server.ts).
import { type Kysely, sql } from 'kysely'
import { mixedScriptsRefusal } from './username-rules.ts'
import type { Database } from '@portal/migrations/database.ts'
import { badRequest, notFound } from '../vocabulary/http-errors.ts'
import { inChainSql } from '../event-store/positions.ts'
import { type Group, GROUPS } from './permissions.ts'

export { GROUPS }
export const PASSWORD_MIN = 8
export const PASSWORD_MAX = 100

export interface LoginCandidate {
  id: number
  passwordHash: string
  isActive: boolean
  groups: Group[]
  companyId: number | null
}

export async function findLoginCandidate(db: Kysely<Database>, username: string): Promise<LoginCandidate | null> {
  const row = await db
    .selectFrom('users')
    .select(['id', 'password_hash', 'is_active', 'groups', 'company_id'])
    .where(sql<string>`lower(username)`, '=', username.toLowerCase())
    .executeTakeFirst()
  return row ? { id: row.id, passwordHash: row.password_hash, isActive: row.is_active, groups: row.groups, companyId: row.company_id } : null
}

export interface UserRow {
  id: number
  username: string
  /** The person's full name; '' when not given. */
  full_name: string
  /** Where the Department's notices are mailed once the address is confirmed; null for none. */
  email: string | null
  groups: Group[]
  company: { id: number; name: string } | null
  is_active: boolean
  created_at: string
  /** The version of the account's stream (0: no change recorded yet): a change may name it, so a lost race is told. */
  version: number
}

/** The rules every account keeps; the messages name the field as the admin page labels it, the parameter beside. */
export function checkUsername(username: string): void {
  if (!/^[\p{L}\p{N}._@+-]{1,100}$/u.test(username)) {
    throw badRequest('Логин: от 1 до 100 букв, цифр или знаков . _ @ + -', 'username')
  }
  const mixed = mixedScriptsRefusal(username)
  if (mixed) throw badRequest(mixed, 'username')
}

export function checkPassword(password: string): void {
  if (password.length < PASSWORD_MIN || password.length > PASSWORD_MAX) {
    throw badRequest(`Пароль: от ${PASSWORD_MIN} до ${PASSWORD_MAX} символов`, 'password')
  }
}

export const FULL_NAME_MAX = 200

/** A full name: letters, spaces, hyphens, apostrophes and dots, up to 200 characters; '' leaves it unset. */
export function checkFullName(fullName: string): string {
  const name = fullName.trim().replace(/\s+/g, ' ')
  if (name.length > FULL_NAME_MAX) throw badRequest(`ФИО: не длиннее ${FULL_NAME_MAX} символов`, 'full_name')
  if (name !== '' && !/^[\p{L}][\p{L}\p{M} .'’-]*$/u.test(name)) throw badRequest('ФИО: только буквы, пробелы, дефисы и точки', 'full_name')
  return name
}

/** An address to mail the Department's notices to, or null for none; kept lower-cased, as confirmations are. */
export function checkEmail(email: string | null | undefined): string | null {
  const address = (email ?? '').trim().toLowerCase()
  if (address === '') return null
  if (address.length > 254 || !/^[^\s@<>"',;]+@[^\s@<>"',;]+\.[^\s@<>"',;]+$/.test(address)) {
    throw badRequest('Электронная почта: укажите адрес вида имя@домен.ru', 'email')
  }
  return address
}

function usersQuery(db: Kysely<Database>) {
  return db
    .selectFrom('users as u')
    .leftJoin('companies as c', 'c.id', 'u.company_id')
    .select(['u.id', 'u.username', 'u.full_name', 'u.email', 'u.groups', 'u.is_active', 'u.created_at', 'c.id as company_id', 'c.name as company_name'])
    .select(sql<number>`(SELECT COALESCE(max(e.stream_version), 0) FROM events e WHERE e.stream_id = 'user-' || u.id AND ${inChainSql('e.position')})`.as('version'))
}

function toUserRow(r: Awaited<ReturnType<ReturnType<typeof usersQuery>['execute']>>[number]): UserRow {
  return {
    id: r.id,
    username: r.username,
    full_name: r.full_name,
    email: r.email,
    groups: r.groups,
    company: r.company_id === null ? null : { id: r.company_id, name: r.company_name ?? '' },
    is_active: r.is_active,
    created_at: r.created_at.toISOString(),
    version: Number(r.version),
  }
}

/** Every account, by username (a portal has tens of accounts, not thousands: no paging). */
export async function listUsers(db: Kysely<Database>): Promise<UserRow[]> {
  return (await usersQuery(db).orderBy(sql`lower(u.username)`).execute()).map(toUserRow)
}

export async function findUser(db: Kysely<Database>, id: number): Promise<UserRow> {
  const row = await usersQuery(db).where('u.id', '=', id).executeTakeFirst()
  if (!row) throw notFound('Пользователь не найден.')
  return toUserRow(row)
}
