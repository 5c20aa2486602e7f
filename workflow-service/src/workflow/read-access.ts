// Who may read a company's reports, files and responsible persons: the Department, or the company's own users.
import { can, type CurrentUser } from '../auth/permissions.ts'
import { refuse } from './refusal.ts'

/** Refuses at once the users who can read no company's reports at all (the public, administrators…). */
export function assertReadsReports(user: CurrentUser | null): void {
  if (can(user, 'decide:report:any')) return
  if (user?.companyId != null && can(user, 'read:report:own', { companyId: user.companyId })) return
  refuse({ reason: 'forbidden' })
}

/** Whether the user may read the company's reports (the Department, or the company's own users). */
export function canReadReportsOf(user: CurrentUser | null, companyId: number): boolean {
  return can(user, 'decide:report:any') || can(user, 'read:report:own', { companyId })
}

export function assertCanReadReportsOf(user: CurrentUser | null, companyId: number): void {
  if (can(user, 'decide:report:any')) return
  if (!can(user, 'read:report:own', { companyId })) refuse({ reason: 'forbidden' })
}

export function assertCanReadResponsibleOf(user: CurrentUser | null, companyId: number): void {
  if (can(user, 'read:responsible:any')) return
  if (!can(user, 'read:report:own', { companyId })) refuse({ reason: 'forbidden' })
}
