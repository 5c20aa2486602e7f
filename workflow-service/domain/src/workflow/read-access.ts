// Who may read a company's reports, files and responsible persons: the Department, or the company's own users. Each
// check answers the refusal as a value (null lets the reader on), for the use-case to return.
import { can, type CurrentUser } from '../auth/permissions.ts'
import { type Refused, refused } from './refusal.ts'

/** The refusal of the users who can read no company's reports at all (the public, administrators…), or null. */
export function reportsReadRefusal(user: CurrentUser | null): Refused | null {
  if (can(user, 'decide:report:any')) return null
  if (user?.companyId != null && can(user, 'read:report:own', { companyId: user.companyId })) return null
  return refused({ reason: 'forbidden' })
}

/** Whether the user may read the company's reports (the Department, or the company's own users). */
export function canReadReportsOf(user: CurrentUser | null, companyId: number): boolean {
  return can(user, 'decide:report:any') || can(user, 'read:report:own', { companyId })
}

/** The refusal of a reader of another company's reports, or null. */
export function companyReportsReadRefusal(user: CurrentUser | null, companyId: number): Refused | null {
  return canReadReportsOf(user, companyId) ? null : refused({ reason: 'forbidden' })
}

/** The refusal of a reader of another company's responsible persons, or null (the Department reads them all). */
export function responsibleReadRefusal(user: CurrentUser | null, companyId: number): Refused | null {
  if (can(user, 'read:responsible:any')) return null
  return can(user, 'read:report:own', { companyId }) ? null : refused({ reason: 'forbidden' })
}
