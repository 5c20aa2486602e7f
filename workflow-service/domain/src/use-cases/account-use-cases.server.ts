// The use-cases of accounts: logging in and out, and the administrator's users (list with their history, create,
// change, new password). The changes are commands of the users' streams (admin/users/user-commands.server.ts), the one
// write path of the admin page, the API and `npm run user`.
import { Type } from 'typebox'
import type { Kysely } from 'kysely'
import type { Database } from '@portal/migrations/database.ts'
import { changeAccount, createAccount, resetAccountPassword } from '../admin/users/user-commands.server.ts'
import { groupsRefusal } from '../admin/users/user-decide.ts'
import { usersHistory } from '../admin/users/user-history.server.ts'
import { can, type Group, GROUPS } from '../auth/permissions.ts'
import { logIn } from '../auth/login.server.ts'
import { endSession } from '../auth/sessions.server.ts'
import { checkEmail, checkFullName, checkPassword, checkUsername, findUser, listUsers } from '../auth/users.server.ts'
import { Id } from '../vocabulary/params.ts'
import { HttpError } from '../vocabulary/http-errors.ts'
import { NO_QUEUE } from '../ports/job-queue.ts'
import { commandContextOf } from '../workflow/command-context.server.ts'
import { type Refusal, Refused, refused } from '../workflow/refusal.ts'
import { useCase } from './use-case.ts'
import { writeNotices } from '../notifications/notice-writer.server.ts'

const GroupList = Type.Array(Type.String({ maxLength: 100 }), { maxItems: 20 })
const CompanyChoice = Type.Union([Id, Type.Null()])
/** A name or an address as typed; the account rules check it and answer naming the field. */
const PersonText = Type.String({ maxLength: 1000 })
/** The version of the account's stream the change was drawn from; a change recorded since makes it a lost race. */
const Version = Type.Optional(Type.Union([Type.Integer({ minimum: 0, maximum: 2_147_483_647 }), Type.Null()]))

/** The field rules (`auth/users.server.ts`) answer with HTTP errors; here they are refusals naming the field. */
function checked<T>(work: () => T): T | Refused {
  try {
    return work()
  } catch (error) {
    if (!(error instanceof HttpError) || error.statusCode >= 500) throw error
    const parameter = typeof error.extra.parameter === 'string' ? error.extra.parameter : 'input'
    return refused({ reason: 'invalid-input', parameter, detail: error.message })
  }
}

/**
 * Every field rule of a form, each run on its own: all that fail are answered at once, in the form's order, so the
 * administrator corrects them in one go (issue 36); one that fails is the plain refusal of its field.
 */
function everyField(rules: ReadonlyArray<() => unknown>): Refused | null {
  const problems: Array<{ parameter: string; detail: string }> = []
  for (const rule of rules) {
    const outcome = checked(rule)
    const refusal = outcome instanceof Refused ? outcome.refusal : isRefusal(outcome) ? outcome : null
    if (refusal?.reason === 'invalid-input') problems.push({ parameter: refusal.parameter, detail: refusal.detail })
  }
  if (problems.length === 0) return null
  return problems.length === 1 ? refused({ reason: 'invalid-input', ...problems[0] }) : refused({ reason: 'invalid-fields', problems })
}

const isRefusal = (value: unknown): value is Refusal => typeof value === 'object' && value !== null && 'reason' in value

/** One account, or its refusal. */
async function accountOf(db: Kysely<Database>, id: number) {
  try {
    return await findUser(db, id)
  } catch (error) {
    if (error instanceof HttpError && error.statusCode === 404) return refused({ reason: 'user-not-found' })
    throw error
  }
}

/** The one permission check of the administrators' use-cases: anyone else is refused. */
const notAdministrator = (actor: Parameters<typeof can>[0]): Refused | null => (can(actor, 'admin:users') ? null : refused({ reason: 'forbidden' }))

export function accountUseCases(db: Kysely<Database>) {
  // Accounts' commands send no jobs and store no files: their commands need no queue and no storage.
  const services = { db, queue: NO_QUEUE, storageDir: '', notices: writeNotices }
  return {
    /** The login of a form: the same throttle, password check and new session as POST /auth/login/. */
    logIn: useCase(Type.Object({ username: Type.String({ maxLength: 1000 }), password: Type.String({ maxLength: 1000 }), previousToken: Type.Union([Type.String(), Type.Null()]) }), (context, input) =>
      logIn(db, { username: input.username, password: input.password, address: context.clientAddress, previousToken: input.previousToken }),
    ),

    /** Ends the session of the cookie's token. */
    logOut: useCase(Type.Object({ token: Type.String({ maxLength: 1000 }) }), (_context, input) => endSession(db, input.token)),

    /** Every account with its history, the companies a license holder may belong to, and the groups (the administrators' page). */
    users: useCase(Type.Object({}), async (context) => {
      const denied = notAdministrator(context.actor)
      if (denied) return denied
      const [users, companies, history] = await Promise.all([
        listUsers(db),
        // Only license-holding companies in use can be chosen; a retired one is listed only for the accounts it already has.
        db
          .selectFrom('companies')
          .select(['id', 'name', 'retired'])
          .where('license_holder', '=', true)
          .where((eb) => eb.or([eb('retired', '=', false), eb('id', 'in', eb.selectFrom('users').select('company_id').where('company_id', 'is not', null).$narrowType<{ company_id: number }>())]))
          .orderBy('name')
          .orderBy('id')
          .execute(),
        usersHistory(db),
      ])
      return { users, companies, groups: GROUPS, history }
    }),

    /** Every account, by username (the API's list). */
    userList: useCase(Type.Object({}), async (context) => {
      const denied = notAdministrator(context.actor)
      if (denied) return denied
      return listUsers(db)
    }),

    /** One account. */
    user: useCase(Type.Object({ id: Id }), async (context, input) => {
      const denied = notAdministrator(context.actor)
      if (denied) return denied
      return accountOf(db, input.id)
    }),

    createUser: useCase(
      Type.Object({ username: Type.String({ maxLength: 1000 }), fullName: Type.Optional(PersonText), email: Type.Optional(Type.Union([PersonText, Type.Null()])), password: Type.String({ maxLength: 1000 }), groups: GroupList, company: CompanyChoice }),
      async (context, input) => {
        const denied = notAdministrator(context.actor)
      if (denied) return denied
        const wrong = everyField([
          () => checkUsername(input.username),
          () => checkFullName(input.fullName ?? ''),
          () => checkEmail(input.email),
          () => checkPassword(input.password),
          () => groupsRefusal(input.groups, input.company),
        ])
        if (wrong) return wrong
        const fields = { fullName: checkFullName(input.fullName ?? ''), email: checkEmail(input.email) }
        const created = await createAccount(commandContextOf(services, context), {
          username: input.username,
          ...fields,
          password: input.password,
          groups: input.groups as Group[],
          companyId: input.company,
        })
        return created instanceof Refused ? created : created.id
      },
    ),

    /**
     * Name, address, groups, company and the active flag (each left as it is when not given); an administrator cannot
     * lock themselves out, nor leave the portal without an active administrator. Answers the account as it is now.
     */
    updateUser: useCase(
      Type.Object({
        id: Id,
        version: Version,
        fullName: Type.Optional(PersonText),
        email: Type.Optional(Type.Union([PersonText, Type.Null()])),
        groups: Type.Optional(GroupList),
        company: Type.Optional(CompanyChoice),
        isActive: Type.Optional(Type.Boolean()),
      }),
      async (context, input) => {
        const denied = notAdministrator(context.actor)
      if (denied) return denied
        const wrong = everyField([
          () => (input.fullName !== undefined ? checkFullName(input.fullName) : null),
          () => (input.email !== undefined ? checkEmail(input.email) : null),
          // The groups' rules with the company when the form gives both; the command checks them against the account too.
          () => (input.groups !== undefined && input.company !== undefined ? groupsRefusal(input.groups, input.company) : null),
        ])
        if (wrong) return wrong
        const changes = {
          fullName: input.fullName !== undefined ? checkFullName(input.fullName) : undefined,
          email: input.email !== undefined ? checkEmail(input.email) : undefined,
          groups: input.groups as Group[] | undefined,
          companyId: input.company,
          isActive: input.isActive,
        }
        await changeAccount(commandContextOf(services, context), { id: input.id, version: input.version ?? null, changes })
        return accountOf(db, input.id)
      },
    ),

    /** A new password; the account's sessions end. A second reset is recorded as well: the last password is the one that works. */
    resetPassword: useCase(Type.Object({ id: Id, version: Version, password: Type.String({ maxLength: 1000 }) }), async (context, input) => {
      const denied = notAdministrator(context.actor)
      if (denied) return denied
      const wrong = checked(() => checkPassword(input.password))
      if (wrong instanceof Refused) return wrong
      await resetAccountPassword(commandContextOf(services, context), { id: input.id, version: input.version ?? null, password: input.password })
    }),
  }
}

export type AccountUseCases = ReturnType<typeof accountUseCases>
