// Who may read a company's reports, files and responsible persons: the Department, or the company's own users.
import { assertCan, can, type CurrentUser } from '../auth/permissions.ts'
import { forbidden } from '../plugins/errors.server.ts'

/** Refuses at once the users who can read no company's reports at all (the public, administrators…). */
export function assertReadsReports(user: CurrentUser | null): void {
  if (can(user, 'decide:report:any')) return
  if (user?.companyId != null && can(user, 'read:report:own', { companyId: user.companyId })) return
  throw forbidden()
}

export function assertCanReadReportsOf(user: CurrentUser | null, companyId: number): void {
  if (can(user, 'decide:report:any')) return
  assertCan(user, 'read:report:own', { companyId })
}

export function assertCanReadResponsibleOf(user: CurrentUser | null, companyId: number): void {
  if (can(user, 'read:responsible:any')) return
  assertCan(user, 'read:report:own', { companyId })
}
