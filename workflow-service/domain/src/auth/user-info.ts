// The user info of the shell (spec §3 UserInfo): username, group, groups, company, admin link, logout link.
import { can, type CurrentUser, type Group } from './permissions.ts'

export const ADMIN_PATH = '/monitoring/admin'
export const LOGOUT_PATH = '/monitoring/logout'
export const LOGIN_PATH = '/monitoring/login'

export interface UserInfo {
  /** null for the public (not logged in). */
  username: string | null
  /** The first group, as the shell shows one. */
  group: Group | null
  groups: Group[]
  /** A license holder's own company id. */
  company: number | null
  /** The admin page, for those who may open it; null otherwise. */
  admin: string | null
  logout: string | null
}

export function userInfo(user: CurrentUser | null): UserInfo {
  if (!user) return { username: null, group: null, groups: [], company: null, admin: null, logout: null }
  return {
    username: user.username,
    group: user.groups[0] ?? null,
    groups: user.groups,
    company: user.companyId,
    admin: can(user, 'admin:users') ? ADMIN_PATH : null,
    logout: LOGOUT_PATH,
  }
}
