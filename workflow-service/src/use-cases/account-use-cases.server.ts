// The use-cases of accounts: logging in and out, and the administrator's users (list, create, change, new password).
import { Type } from '@sinclair/typebox'
import type { Kysely } from 'kysely'
import type { Database } from '@portal/migrations/database.ts'
import { can, type Group } from '../auth/permissions.ts'
import { logIn } from '../auth/login.server.ts'
import { endSession } from '../auth/sessions.server.ts'
import { createUser, findUser, GROUPS, listUsers, resetPassword, updateUser } from '../auth/users.server.ts'
import { Id } from '../http/params.ts'
import { HttpError } from '../plugins/errors.server.ts'
import { refuse } from '../workflow/refusal.ts'
import { useCase } from './use-case.ts'

const GroupList = Type.Array(Type.String({ maxLength: 100 }), { maxItems: 20 })
const CompanyChoice = Type.Union([Id, Type.Null()])

/** The account rules (`auth/users.server.ts`) answer with HTTP errors for the API's users routes; here they are refusals. */
async function asRefusal<T>(work: () => Promise<T>, username = ''): Promise<T> {
  try {
    return await work()
  } catch (error) {
    if (!(error instanceof HttpError) || error.statusCode >= 500) throw error
    if (error.statusCode === 404) refuse({ reason: 'user-not-found' })
    if (error.statusCode === 409) refuse({ reason: 'username-taken', username })
    const parameter = typeof error.extra.parameter === 'string' ? error.extra.parameter : 'input'
    return refuse({ reason: 'invalid-input', parameter, detail: error.message })
  }
}

function assertAdministrator(actor: Parameters<typeof can>[0]): void {
  if (!can(actor, 'admin:users')) refuse({ reason: 'forbidden' })
}

export function accountUseCases(db: Kysely<Database>) {
  return {
    /** The login of a form: the same throttle, password check and new session as POST /auth/login/. */
    logIn: useCase(Type.Object({ username: Type.String({ maxLength: 1000 }), password: Type.String({ maxLength: 1000 }), previousToken: Type.Union([Type.String(), Type.Null()]) }), (context, input) =>
      logIn(db, { username: input.username, password: input.password, address: context.clientAddress, previousToken: input.previousToken }),
    ),

    /** Ends the session of the cookie's token. */
    logOut: useCase(Type.Object({ token: Type.String({ maxLength: 1000 }) }), (_context, input) => endSession(db, input.token)),

    /** Every account, the companies a license holder may belong to, and the groups (the administrators' page). */
    users: useCase(Type.Object({}), async (context) => {
      assertAdministrator(context.actor)
      const [users, companies] = await Promise.all([
        listUsers(db),
        // Only license-holding companies can be a user's company.
        db.selectFrom('companies').select(['id', 'name']).where('license_holder', '=', true).orderBy('name').orderBy('id').execute(),
      ])
      return { users, companies, groups: GROUPS }
    }),

    /** Every account, by username (the API's list). */
    userList: useCase(Type.Object({}), async (context) => {
      assertAdministrator(context.actor)
      return listUsers(db)
    }),

    /** One account. */
    user: useCase(Type.Object({ id: Id }), async (context, input) => {
      assertAdministrator(context.actor)
      return asRefusal(() => findUser(db, input.id))
    }),

    createUser: useCase(Type.Object({ username: Type.String({ maxLength: 1000 }), password: Type.String({ maxLength: 1000 }), groups: GroupList, company: CompanyChoice }), async (context, input) => {
      assertAdministrator(context.actor)
      return asRefusal(() => createUser(db, { username: input.username, password: input.password, groups: input.groups as Group[], companyId: input.company }), input.username)
    }),

    /** Groups, company and the active flag (each left as it is when not given); an administrator cannot lock themselves out. */
    updateUser: useCase(Type.Object({ id: Id, groups: Type.Optional(GroupList), company: Type.Optional(CompanyChoice), isActive: Type.Optional(Type.Boolean()) }), async (context, input) => {
      assertAdministrator(context.actor)
      return asRefusal(() => updateUser(db, input.id, { groups: input.groups as Group[], companyId: input.company, isActive: input.isActive }, context.actor!.id))
    }),

    resetPassword: useCase(Type.Object({ id: Id, password: Type.String({ maxLength: 1000 }) }), async (context, input) => {
      assertAdministrator(context.actor)
      return asRefusal(() => resetPassword(db, input.id, input.password))
    }),
  }
}

export type AccountUseCases = ReturnType<typeof accountUseCases>
