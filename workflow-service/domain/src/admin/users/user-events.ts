// The events of a user's stream (`user-<id>`): the account created, and each change an administrator (or `npm run
// user`) makes to it, with the value before and after, so the history reads without the table. No event carries a
// password or its hash: a reset is recorded as a fact, the hash stays in the users table only.
import type { Group } from '../../auth/permissions.ts'

/** The values an account's events record (the users table's columns of the same names, camel-cased). */
export interface UserValues {
  username: string
  fullName: string
  email: string | null
  groups: Group[]
  companyId: number | null
  isActive: boolean
}

/** What the stream's own events say of the account (its decider's state). */
export interface UserState {
  /** The stream's version: the events recorded for the account. */
  version: number
  /** The values the stream's own events give (null while it holds no UserCreated). */
  values: UserValues | null
}

export type UserEvent =
  | { type: 'UserCreated'; data: { userId: number; username: string; fullName: string; email: string | null; groups: Group[]; companyId: number | null } }
  | { type: 'UserNameChanged'; data: { userId: number; from: string; to: string } }
  | { type: 'UserEmailChanged'; data: { userId: number; from: string | null; to: string | null } }
  | { type: 'UserGroupsChanged'; data: { userId: number; from: Group[]; to: Group[] } }
  | { type: 'UserCompanyChanged'; data: { userId: number; from: number | null; to: number | null } }
  | { type: 'UserPasswordReset'; data: { userId: number } }
  | { type: 'UserDisabled'; data: { userId: number } }
  | { type: 'UserEnabled'; data: { userId: number } }

export const userStreamId = (id: number) => `user-${id}`
