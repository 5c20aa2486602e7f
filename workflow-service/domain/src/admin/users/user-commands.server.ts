// The administrators' commands on accounts: create one, change it, give it a new password. Each is a command of the
// account's own stream (`user-<id>`) run by handleCommand, so every change has its event, its author and its place in
// the audit chain; the users table is written by the events' rows in the same transaction. The password hash is
// the one thing written beside the events: no event may hold it.
import { sql, type Transaction } from 'kysely'
import type { Database } from '@portal/migrations/database.ts'
import type { Group } from '../../auth/permissions.ts'
import { hashPassword } from '../../auth/passwords.server.ts'
import { endSessionsOfUser } from '../../auth/sessions.server.ts'
import { lookAlikeOf } from '../../auth/username-rules.ts'
import { type CommandContext, inTransaction, nextId } from '../../workflow/command-context.server.ts'
import { handleCommand } from '../../workflow/handle-command.server.ts'
import { type Refused, refused } from '../../workflow/refusal.ts'
import { type CompanyUnavailable, type UserChanges, type UserFacts, userDecider } from './user-decide.ts'
import { type UserValues, userStreamId } from './user-events.ts'

/**
 * The account's row and every active administrator's, locked in id order in one statement: two commands that could
 * together leave no administrator wait for each other, and never lock the same rows in two orders.
 */
async function lockedAccounts(trx: Transaction<Database>, userId: number): Promise<{ current: UserValues | null; otherActiveAdministrators: number }> {
  const { rows } = await sql<{ id: number; username: string; full_name: string; email: string | null; groups: Group[]; company_id: number | null; is_active: boolean }>`
    SELECT id, username, full_name, email, groups, company_id, is_active FROM users
    WHERE id = ${userId} OR (is_active AND 'Администратор' = ANY (groups))
    ORDER BY id FOR UPDATE`.execute(trx)
  const row = rows.find((r) => r.id === userId)
  const current = row
    ? { username: row.username, fullName: row.full_name, email: row.email, groups: row.groups, companyId: row.company_id, isActive: row.is_active }
    : null
  return { current, otherActiveAdministrators: rows.filter((r) => r.id !== userId && r.is_active && r.groups.includes('Администратор')).length }
}

async function companyUnavailable(trx: Transaction<Database>, companyId: number | null): Promise<CompanyUnavailable | null> {
  if (companyId === null) return null
  const company = await trx.selectFrom('companies').select(['license_holder', 'retired']).where('id', '=', companyId).executeTakeFirst()
  if (!company) return 'missing'
  if (company.retired) return 'retired'
  return company.license_holder ? null : 'not-license-holder'
}

const NO_OTHER_FACTS = { usernameTaken: false, lookAlike: null } as const

/** Two creations of one login at once: the unique index on the login answers the second. */
const isTakenLogin = (error: unknown) =>
  (error as { code?: string }).code === '23505' && (error as { constraint?: string }).constraint === 'users_username_key'

export interface NewAccount {
  username: string
  fullName: string
  email: string | null
  /** Already checked against the password rules. */
  password: string
  groups: Group[]
  companyId: number | null
}

/** Creates an account; answers its id. Its use-case lets administrators only. */
export async function createAccount(context: CommandContext, input: NewAccount): Promise<{ id: number } | Refused> {
  // Hashed before the transaction: argon2's tens of milliseconds hold no lock.
  const hash = await hashPassword(input.password)
  try {
    return await createdIn(context, input, hash)
  } catch (error) {
    // The other creation committed first: a taken login, as if it had been there when this one looked.
    if (isTakenLogin(error)) return refused({ reason: 'username-taken', username: input.username })
    throw error
  }
}

function createdIn(context: CommandContext, input: NewAccount, hash: string): Promise<{ id: number }> {
  return inTransaction(context.db, async (trx) => {
    const id = await nextId(trx, 'users_id_seq')
    await handleCommand(
      { ...context, db: trx },
      {
        decider: userDecider,
        streamId: userStreamId(id),
        command: { type: 'CreateUser', data: { userId: id, username: input.username, fullName: input.fullName, email: input.email, groups: input.groups, companyId: input.companyId } },
        facts: async (db): Promise<UserFacts> => {
          const names = (await db.selectFrom('users').select('username').execute()).map((u) => u.username)
          const lower = input.username.toLowerCase()
          return {
            current: null,
            usernameTaken: names.some((n) => n.toLowerCase() === lower),
            lookAlike: lookAlikeOf(input.username, names) ?? null,
            companyUnavailable: await companyUnavailable(db, input.companyId),
            otherActiveAdministrators: 0,
          }
        },
      },
    )
    await trx.updateTable('users').set({ password_hash: hash }).where('id', '=', id).execute()
    return { id }
  })
}

/**
 * Changes an account's name, address, groups, company or active flag; saving the same values records nothing.
 * Disabling ends the account's sessions in the same transaction. `version`: the stream's version the administrator's
 * form was drawn from (null: none given); another change recorded since is a lost race.
 */
export async function changeAccount(context: CommandContext, input: { id: number; version: number | null; changes: UserChanges }): Promise<{ changed: boolean }> {
  return inTransaction(context.db, async (trx) => {
    const { events } = await handleCommand(
      { ...context, db: trx },
      {
        decider: userDecider,
        streamId: userStreamId(input.id),
        command: { type: 'ChangeUser', data: { userId: input.id, actorId: context.actor?.id ?? null, version: input.version, changes: input.changes } },
        facts: async (db): Promise<UserFacts> => {
          const locked = await lockedAccounts(db, input.id)
          const company = input.changes.companyId !== undefined ? input.changes.companyId : (locked.current?.companyId ?? null)
          return { ...locked, ...NO_OTHER_FACTS, companyUnavailable: await companyUnavailable(db, company) }
        },
      },
    )
    if (events.some((e) => e.type === 'UserDisabled')) await endSessionsOfUser(trx, input.id)
    return { changed: events.length > 0 }
  })
}

/** A new password (already checked against the rules); every session of the account ends with the reset. */
export async function resetAccountPassword(context: CommandContext, input: { id: number; version: number | null; password: string }): Promise<void> {
  const hash = await hashPassword(input.password)
  await inTransaction(context.db, async (trx) => {
    await handleCommand(
      { ...context, db: trx },
      {
        decider: userDecider,
        streamId: userStreamId(input.id),
        command: { type: 'ResetPassword', data: { userId: input.id, version: input.version } },
        facts: async (db): Promise<UserFacts> => ({ ...(await lockedAccounts(db, input.id)), ...NO_OTHER_FACTS, companyUnavailable: null }),
      },
    )
    await trx.updateTable('users').set({ password_hash: hash }).where('id', '=', input.id).execute()
    await endSessionsOfUser(trx, input.id)
  })
}
