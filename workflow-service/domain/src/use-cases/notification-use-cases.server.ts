// The use-cases of a user's own notifications: the list with the unread count, the count alone, marking them read.
import { Type } from 'typebox'
import type { Kysely } from 'kysely'
import type { Database } from '@portal/migrations/database.ts'
import { confirmAddress, confirmationState } from '../notifications/email-confirmations.server.ts'
import { listNotifications, markRead, unreadCount } from '../notifications/notification-queries.server.ts'
import { MAX_ID, MAX_PAGE_SIZE } from '../vocabulary/params.ts'
import { refused } from '../workflow/refusal.ts'
import { useCase } from './use-case.ts'

/** Notifications are a logged-in user's own: the public is refused. */
const LOGIN_REQUIRED = refused({ reason: 'login-required' })

export function notificationUseCases(db: Kysely<Database>) {
  return {
    /** The newest first, with the count of all and of the unread ones. */
    notifications: useCase(Type.Object({ limit: Type.Integer({ minimum: 1, maximum: MAX_PAGE_SIZE }), offset: Type.Integer({ minimum: 0, maximum: MAX_ID }) }), async (context, input) =>
      context.actor ? listNotifications(db, context.actor.id, input.limit, input.offset) : LOGIN_REQUIRED,
    ),
    /** The header's count; the public has none. */
    unreadCount: useCase(Type.Object({}), async (context) => (context.actor ? unreadCount(db, context.actor.id) : 0)),
    /** Marks the given notifications read (all of them without ids); answers how many changed. */
    markRead: useCase(Type.Object({ ids: Type.Optional(Type.Array(Type.Integer({ minimum: 1, maximum: MAX_ID }), { maxItems: 1000 })) }), async (context, input) =>
      context.actor ? markRead(db, context.actor.id, input.ids) : LOGIN_REQUIRED,
    ),
    /** What the link of a confirmation letter stands for (anyone holding the letter may ask; decision 2224). */
    emailConfirmation: useCase(Type.Object({ token: Type.String({ maxLength: 200 }) }), (_context, input) => confirmationState(db, input.token)),
    /** Confirms the address of the link: from then on it gets the portal's letters. */
    confirmEmail: useCase(Type.Object({ token: Type.String({ maxLength: 200 }) }), (_context, input) => confirmAddress(db, input.token)),
  }
}

export type NotificationUseCases = ReturnType<typeof notificationUseCases>
