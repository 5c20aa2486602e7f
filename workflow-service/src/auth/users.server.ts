// The user accounts: lookup for login, and the administrator's list, create, update and password reset.
import { type Kysely, sql } from 'kysely'
import { lookAlikeOf, mixedScriptsRefusal } from './username-rules.ts'
import type { Database } from '@portal/migrations/database.ts'
import { badRequest, conflict, notFound } from '../plugins/errors.server.ts'
import { hashPassword } from './passwords.server.ts'
import type { Group } from './permissions.ts'
import { endSessionsOfUser } from './sessions.server.ts'

export const GROUPS: Group[] = ['Департамент', 'Администратор', 'Недропользователь', 'Администрация']
export const USERNAME_MAX = 100
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
  groups: Group[]
  company: { id: number; name: string } | null
  is_active: boolean
  created_at: string
}

export interface UserChanges {
  groups?: Group[]
  companyId?: number | null
  isActive?: boolean
}

export interface NewUser {
  username: string
  password: string
  groups: Group[]
  companyId: number | null
}

/** The rules every account keeps; the messages name the field (parameter) they are about. */
export function checkUsername(username: string): void {
  if (!/^[\p{L}\p{N}._@+-]{1,100}$/u.test(username)) {
    throw badRequest('username: от 1 до 100 букв, цифр или знаков . _ @ + -', 'username')
  }
  const mixed = mixedScriptsRefusal(username)
  if (mixed) throw badRequest(mixed, 'username')
}

/** A new name drawn like an existing one (`сору` beside `copy`) is refused, naming the one it would pass for. */
async function checkLookAlike(db: Kysely<Database>, username: string): Promise<void> {
  const names = (await db.selectFrom('users').select('username').execute()).map((u) => u.username)
  const like = lookAlikeOf(username, names)
  if (like) throw badRequest(`username: имя похоже на имя существующей учётной записи «${like}»`, 'username')
}

export function checkPassword(password: string): void {
  if (password.length < PASSWORD_MIN || password.length > PASSWORD_MAX) {
    throw badRequest(`password: от ${PASSWORD_MIN} до ${PASSWORD_MAX} символов`, 'password')
  }
}

export function checkGroups(groups: Group[], companyId: number | null): void {
  if (groups.length === 0) throw badRequest('groups: выберите хотя бы одну группу', 'groups')
  const unknown = groups.filter((g) => !GROUPS.includes(g))
  if (unknown.length > 0) throw badRequest(`groups: неизвестная группа ${unknown.join(', ')}`, 'groups')
  if (groups.includes('Недропользователь') && companyId === null) {
    throw badRequest('company: недропользователю нужно указать предприятие', 'company')
  }
}

async function checkCompany(db: Kysely<Database>, companyId: number | null): Promise<void> {
  if (companyId === null) return
  const found = await db.selectFrom('companies').select('id').where('id', '=', companyId).executeTakeFirst()
  if (!found) throw badRequest(`company: предприятие ${companyId} не найдено`, 'company')
}

function usersQuery(db: Kysely<Database>) {
  return db
    .selectFrom('users as u')
    .leftJoin('companies as c', 'c.id', 'u.company_id')
    .select(['u.id', 'u.username', 'u.groups', 'u.is_active', 'u.created_at', 'c.id as company_id', 'c.name as company_name'])
}

function toUserRow(r: Awaited<ReturnType<ReturnType<typeof usersQuery>['execute']>>[number]): UserRow {
  return {
    id: r.id,
    username: r.username,
    groups: r.groups,
    company: r.company_id === null ? null : { id: r.company_id, name: r.company_name ?? '' },
    is_active: r.is_active,
    created_at: r.created_at.toISOString(),
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

export async function createUser(db: Kysely<Database>, user: NewUser): Promise<number> {
  checkUsername(user.username)
  checkPassword(user.password)
  checkGroups(user.groups, user.companyId)
  await checkCompany(db, user.companyId)
  const taken = await findLoginCandidate(db, user.username)
  if (taken) throw conflict(`Пользователь «${user.username}» уже существует.`)
  await checkLookAlike(db, user.username)
  const row = await db
    .insertInto('users')
    .values({
      username: user.username,
      password_hash: await hashPassword(user.password),
      groups: user.groups,
      // Only a license holder acts for a company.
      company_id: user.groups.includes('Недропользователь') ? user.companyId : null,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  return row.id
}

/**
 * Groups, company and the active flag; disabling a user ends their sessions at once. An administrator cannot
 * disable their own account or drop their own Администратор group, so the portal never loses its last way in.
 */
export async function updateUser(db: Kysely<Database>, id: number, changes: UserChanges, actorId?: number): Promise<UserRow> {
  const current = await findUser(db, id)
  if (id === actorId && changes.isActive === false) throw badRequest('is_active: нельзя отключить собственную учётную запись', 'is_active')
  if (id === actorId && changes.groups && !changes.groups.includes('Администратор') && current.groups.includes('Администратор')) {
    throw badRequest('groups: нельзя снять с себя группу «Администратор»', 'groups')
  }
  const groups = changes.groups ?? current.groups
  const companyId = changes.companyId !== undefined ? changes.companyId : (current.company?.id ?? null)
  checkGroups(groups, companyId)
  await checkCompany(db, companyId)
  await db
    .updateTable('users')
    .set({
      groups,
      company_id: groups.includes('Недропользователь') ? companyId : null,
      ...(changes.isActive !== undefined ? { is_active: changes.isActive } : {}),
    })
    .where('id', '=', id)
    .execute()
  if (changes.isActive === false) await endSessionsOfUser(db, id)
  return findUser(db, id)
}

/** A new password ends every session of the user, so an old login cannot outlive the reset. */
export async function resetPassword(db: Kysely<Database>, id: number, password: string): Promise<void> {
  await findUser(db, id)
  checkPassword(password)
  await db.updateTable('users').set({ password_hash: await hashPassword(password) }).where('id', '=', id).execute()
  await endSessionsOfUser(db, id)
}
