// The users' events, declared once: what each changes in the account's state, the row it writes into the users table
// and its one Russian label (the user's history on the admin page, the as-of view's list of changes). Accounts are
// neither in the report history nor told.
import { type EventTable, eventTypesOf } from '../../workflow/event-table.ts'
import type { UserEvent, UserState, UserValues } from './user-events.ts'

/** A stored hash no password matches: the account's row exists before the command that created it sets its hash. */
export const NO_PASSWORD_HASH = '!'

/** Groups as PostgreSQL's text[] literal; the names are the fixed list of groups, quoted all the same. */
export function textArray(values: readonly string[]): string {
  return `{${values.map((v) => `"${v.replace(/["\\]/g, '\\$&')}"`).join(',')}}`
}

/** The state after a change of some values (the stream's first event may be a change: the row was its start). */
const changed = (state: UserState, values: Partial<UserValues>): UserState => ({ ...state, values: state.values ? { ...state.values, ...values } : null })

export const USER_EVENTS = {
  UserCreated: {
    machine: null,
    evolve: (state, event) => ({ ...state, values: { ...event.data, isActive: true } }),
    rows: (event) => [
      {
        table: 'users',
        insert: [
          {
            id: event.data.userId,
            username: event.data.username,
            full_name: event.data.fullName,
            email: event.data.email,
            groups: textArray(event.data.groups),
            company_id: event.data.companyId,
            is_active: true,
            created_at: event.createdAt,
            password_hash: NO_PASSWORD_HASH,
          },
        ],
      },
    ],
    history: null,
    label: 'Пользователь создан',
    notice: null,
  },
  UserNameChanged: {
    machine: null,
    evolve: (state, event) => changed(state, { fullName: event.data.to }),
    rows: (event) => [{ table: 'users', update: event.data.userId, set: { full_name: event.data.to } }],
    history: null,
    label: 'ФИО изменено',
    notice: null,
  },
  UserEmailChanged: {
    machine: null,
    evolve: (state, event) => changed(state, { email: event.data.to }),
    rows: (event) => [{ table: 'users', update: event.data.userId, set: { email: event.data.to } }],
    history: null,
    label: 'Электронная почта изменена',
    notice: null,
  },
  UserGroupsChanged: {
    machine: null,
    evolve: (state, event) => changed(state, { groups: event.data.to }),
    rows: (event) => [{ table: 'users', update: event.data.userId, set: { groups: textArray(event.data.to) } }],
    history: null,
    label: 'Группы изменены',
    notice: null,
  },
  UserCompanyChanged: {
    machine: null,
    evolve: (state, event) => changed(state, { companyId: event.data.to }),
    rows: (event) => [{ table: 'users', update: event.data.userId, set: { company_id: event.data.to } }],
    history: null,
    label: 'Предприятие изменено',
    notice: null,
  },
  UserPasswordReset: {
    machine: null,
    evolve: (state) => state,
    // The new hash is the command's to write: no event holds it.
    rows: () => [],
    history: null,
    label: 'Пароль сброшен',
    notice: null,
  },
  UserDisabled: {
    machine: null,
    evolve: (state) => changed(state, { isActive: false }),
    rows: (event) => [{ table: 'users', update: event.data.userId, set: { is_active: false } }],
    history: null,
    label: 'Пользователь отключён',
    notice: null,
  },
  UserEnabled: {
    machine: null,
    evolve: (state) => changed(state, { isActive: true }),
    rows: (event) => [{ table: 'users', update: event.data.userId, set: { is_active: true } }],
    history: null,
    label: 'Пользователь включён',
    notice: null,
  },
} satisfies EventTable<UserEvent, UserState>

export const USER_EVENT_TYPES = eventTypesOf<UserEvent, UserState>(USER_EVENTS)
