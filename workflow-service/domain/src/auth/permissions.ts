// The permission table of the portal, in one place: who may do what, checked on the server (and asked by the UI).

export type Group = 'Департамент' | 'Администратор' | 'Недропользователь' | 'Администрация'

/** Every group, in the order the admin page lists them. */
export const GROUPS: Group[] = ['Департамент', 'Администратор', 'Недропользователь', 'Администрация']

export interface CurrentUser {
  id: number
  username: string
  groups: Group[]
  /** The company of a license holder (Недропользователь); null for other groups. */
  companyId: number | null
}

export type Permission =
  /** Agree, decline and cancel a decision on any report. */
  | 'decide:report:any'
  /** Read the change history of any company's reports. */
  | 'read:history:any'
  /** Read the responsible person of any area or company (read-only, 'Ответственные' tab). */
  | 'read:responsible:any'
  /** Read the reports, files and responsible persons of the user's own company. */
  | 'read:report:own'
  /** Upload and delete files, create reports, set the responsible person, for the user's own company. */
  | 'write:report:own'
  /** Delete a measuring point. */
  | 'delete:measures-point:any'
  /** The admin page: users, groups, companies, passwords. */
  | 'admin:users'
  /** Manage reference data: substances and their limits, units, kinds of points, companies, areas. */
  | 'admin:reference'
  /** The search lists of the catalogue: searching companies and licence areas by name (spec §6). */
  | 'use:search-lists'

const TABLE: Record<Permission, Group[]> = {
  'decide:report:any': ['Департамент'],
  'read:history:any': ['Департамент'],
  'read:responsible:any': ['Департамент'],
  'read:report:own': ['Недропользователь'],
  'write:report:own': ['Недропользователь'],
  'delete:measures-point:any': ['Департамент', 'Администратор'],
  'admin:users': ['Администратор'],
  'admin:reference': ['Администратор'],
  'use:search-lists': ['Департамент', 'Администратор'],
}

/** Every permission of the table (the tests read docs/permissions.md and check each row against can()). */
export const PERMISSIONS = Object.keys(TABLE) as Permission[]

/** The resource a permission is checked against: for an `:own` permission, the company that owns it. */
export interface Resource {
  companyId?: number | null
}

export function can(user: CurrentUser | null, permission: Permission, resource: Resource = {}): boolean {
  if (!user) return false
  if (!TABLE[permission].some((group) => user.groups.includes(group))) return false
  if (permission.endsWith(':own')) {
    return user.companyId !== null && resource.companyId !== undefined && resource.companyId === user.companyId
  }
  return true
}

/**
 * Whether the user may send files at all: a holder of a company (its uploads) or the Department (a decision's
 * attachments). Only their bodies may take the upload's time (plugins/body-timeout.server.ts); the route still checks
 * the permission on the very report.
 */
export function mayUploadFiles(user: CurrentUser | null): boolean {
  return can(user, 'write:report:own', { companyId: user?.companyId }) || can(user, 'decide:report:any')
}

/** The navigation bar is shown to groups containing these words (spec §6). */
export function seesNavigation(user: CurrentUser | null): boolean {
  return !!user?.groups.some((g) => g.includes('Департамент') || g.includes('Администратор'))
}
