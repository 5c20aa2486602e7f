// The rules of a user's stream, pure: creating an account, changing it, resetting its password. An account that was in
// the users table before the log knew it (the demo accounts, those of a migration or a test) has an empty stream: its
// current row is a fact, and its first change records the old value beside the new one (decision 2690).
import { type Group, GROUPS } from '../../auth/permissions.ts'
import type { Decider } from '../../workflow/decider.ts'
import { entryOf } from '../../workflow/event-table.ts'
import type { Decision, Refusal } from '../../workflow/refusal.ts'
import { USER_EVENTS } from './user-event-table.ts'
import type { UserEvent, UserState, UserValues } from './user-events.ts'

const ADMINISTRATOR: Group = 'Администратор'
const HOLDER: Group = 'Недропользователь'
const DEPARTMENT: Group = 'Департамент'

export interface UserChanges {
  fullName?: string
  email?: string | null
  groups?: Group[]
  companyId?: number | null
  isActive?: boolean
}

export type UserCommand =
  | { type: 'CreateUser'; data: { userId: number; username: string; fullName: string; email: string | null; groups: Group[]; companyId: number | null } }
  /** `version`: the stream's version the administrator saw (null: whatever it is now); `actorId`: who asks. */
  | { type: 'ChangeUser'; data: { userId: number; actorId: number | null; version: number | null; changes: UserChanges } }
  | { type: 'ResetPassword'; data: { userId: number; version: number | null } }

export interface UserFacts {
  /** The account's row now (null: there is none). */
  current: UserValues | null
  /** Another account has the login (letter case aside). */
  usernameTaken: boolean
  /** An existing login the new one is drawn like (`сору` beside `copy`). */
  lookAlike: string | null
  /**
   * What keeps the company the account would belong to from being chosen: it does not exist, it was retired, or it
   * holds no licence (null: none). A company retired since an account chose it stays with that account.
   */
  companyUnavailable: CompanyUnavailable | null
  /** The active administrators besides this account. */
  otherActiveAdministrators: number
}

const invalid = (parameter: string, detail: string): Refusal => ({ reason: 'invalid-input', parameter, detail })

export type CompanyUnavailable = 'missing' | 'retired' | 'not-license-holder'

const COMPANY_UNAVAILABLE: Record<CompanyUnavailable, (id: number) => string> = {
  missing: (id) => `Предприятие: предприятие № ${id} не найдено`,
  retired: (id) => `Предприятие: предприятие № ${id} выведено из употребления`,
  'not-license-holder': (id) => `Предприятие: предприятие № ${id} не недропользователь`,
}

/** A company newly chosen for an account must be one a license holder can act for. */
function companyRefusal(companyId: number | null, unavailable: CompanyUnavailable | null): Refusal | null {
  return companyId !== null && unavailable ? invalid('company', COMPANY_UNAVAILABLE[unavailable](companyId)) : null
}

/** The groups' rules, in the admin page's words, naming the field. */
export function groupsRefusal(groups: readonly string[], companyId: number | null): Refusal | null {
  if (groups.length === 0) return invalid('groups', 'Группы: выберите хотя бы одну группу')
  const unknown = groups.filter((g) => !(GROUPS as string[]).includes(g))
  if (unknown.length > 0) return invalid('groups', `Группы: неизвестная группа ${unknown.join(', ')}`)
  // The Department decides on the holders' reports: one account on both sides would decide on its own (decision 3508).
  if (groups.includes(HOLDER) && groups.includes(DEPARTMENT)) return invalid('groups', 'Группы: учётная запись не может быть одновременно в группах «Департамент» и «Недропользователь»')
  if (groups.includes(HOLDER) && companyId === null) return invalid('company', 'Предприятие: недропользователю нужно указать предприятие')
  return null
}

const sameGroups = (a: readonly Group[], b: readonly Group[]) => a.length === b.length && a.every((g) => b.includes(g))
const isActiveAdministrator = (v: Pick<UserValues, 'groups' | 'isActive'>) => v.isActive && v.groups.includes(ADMINISTRATOR)

function decideChange(state: UserState, data: Extract<UserCommand, { type: 'ChangeUser' }>['data'], facts: UserFacts): Decision<UserEvent> {
  const now = facts.current
  if (!now) return { reason: 'user-not-found' }
  if (data.version !== null && data.version !== state.version) return { reason: 'lost-race' }
  const { changes, userId } = data
  const self = data.actorId !== null && userId === data.actorId
  if (self && changes.isActive === false) return invalid('is_active', 'Активен: нельзя отключить собственную учётную запись')
  if (self && changes.groups && !changes.groups.includes(ADMINISTRATOR) && now.groups.includes(ADMINISTRATOR)) {
    return invalid('groups', 'Группы: нельзя снять с себя группу «Администратор»')
  }
  const groups = changes.groups ? [...new Set(changes.groups)] : now.groups
  const chosenCompany = changes.companyId !== undefined ? changes.companyId : now.companyId
  const groupsWrong = groupsRefusal(groups, chosenCompany)
  if (groupsWrong) return groupsWrong
  // Only a license holder acts for a company.
  const companyId = groups.includes(HOLDER) ? chosenCompany : null
  const companyWrong = companyId !== now.companyId ? companyRefusal(companyId, facts.companyUnavailable) : null
  if (companyWrong) return companyWrong
  const isActive = changes.isActive ?? now.isActive
  // The portal never loses its last way in: another administrator must stay active.
  if (isActiveAdministrator(now) && !isActiveAdministrator({ groups, isActive }) && facts.otherActiveAdministrators === 0) {
    return { reason: 'last-administrator', parameter: isActive ? 'groups' : 'is_active' }
  }
  const events: UserEvent[] = []
  if (changes.fullName !== undefined && changes.fullName !== now.fullName) events.push({ type: 'UserNameChanged', data: { userId, from: now.fullName, to: changes.fullName } })
  if (changes.email !== undefined && (changes.email ?? null) !== now.email) events.push({ type: 'UserEmailChanged', data: { userId, from: now.email, to: changes.email ?? null } })
  const groupsChanged: UserEvent[] = sameGroups(groups, now.groups) ? [] : [{ type: 'UserGroupsChanged', data: { userId, from: now.groups, to: groups } }]
  const companyChanged: UserEvent[] = companyId === now.companyId ? [] : [{ type: 'UserCompanyChanged', data: { userId, from: now.companyId, to: companyId } }]
  // Each event's row must keep the table's rule (a license holder has a company) on its own: a new company is
  // recorded before the holder's group it comes with, a company given up after the group is.
  events.push(...(companyId !== null ? [...companyChanged, ...groupsChanged] : [...groupsChanged, ...companyChanged]))
  if (isActive !== now.isActive) events.push({ type: isActive ? 'UserEnabled' : 'UserDisabled', data: { userId } })
  // Saving what is already there records nothing.
  return events
}

export function decideUser(state: UserState, command: UserCommand, facts: UserFacts): Decision<UserEvent> {
  switch (command.type) {
    case 'CreateUser': {
      const { data } = command
      if (facts.current || state.values) return { reason: 'username-taken', username: data.username }
      if (facts.usernameTaken) return { reason: 'username-taken', username: data.username }
      if (facts.lookAlike) return invalid('username', `Логин: имя похоже на имя существующей учётной записи «${facts.lookAlike}»`)
      const groups = [...new Set(data.groups)]
      const groupsWrong = groupsRefusal(groups, data.companyId)
      if (groupsWrong) return groupsWrong
      const companyId = groups.includes(HOLDER) ? data.companyId : null
      const companyWrong = companyRefusal(companyId, facts.companyUnavailable)
      if (companyWrong) return companyWrong
      return [{ type: 'UserCreated', data: { ...data, groups, companyId } }]
    }
    case 'ChangeUser':
      return decideChange(state, command.data, facts)
    case 'ResetPassword':
      if (!facts.current) return { reason: 'user-not-found' }
      if (command.data.version !== null && command.data.version !== state.version) return { reason: 'lost-race' }
      // A second reset is a reset too: each is recorded, the last password is the one that works.
      return [{ type: 'UserPasswordReset', data: { userId: command.data.userId } }]
  }
}

export function evolveUser(state: UserState, event: UserEvent): UserState {
  return { ...entryOf<UserEvent, UserState>(USER_EVENTS, event.type).evolve(state, event), version: state.version + 1 }
}

export const userDecider: Decider<UserState, UserCommand, UserEvent, UserFacts> = {
  table: USER_EVENTS,
  initialState: () => ({ version: 0, values: null }),
  evolve: evolveUser,
  decide: decideUser,
}
