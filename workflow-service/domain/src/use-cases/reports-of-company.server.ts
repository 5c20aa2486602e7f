// What the reports page of a company shows for a year, as the read models hold it: the company's licence areas, its
// reports with their files, findings, last declines and repeated bytes, the responsible persons of this year and the
// year before, and (for the Department) the year's history. The page (remix-app features/reports) arranges it.
import type { Kysely } from 'kysely'
import type { Database, FileProblem, FileStatus, ReportStatus, ReportType } from '@portal/migrations/database.ts'
import { can, type CurrentUser } from '../auth/permissions.ts'
import { findCompany } from '../catalogue/companies.server.ts'
import { earlierFilesWithSameBytes, findingsOfFiles } from '../workflow/files/file-queries.server.ts'
import { type AuditEntry, listAudit } from '../workflow/history/audit-queries.server.ts'
import { companyReportsReadRefusal } from '../workflow/read-access.ts'
import { type Refused, refused } from '../workflow/refusal.ts'
import { lastDeclinesOf, listReports } from '../workflow/reports/report-queries.server.ts'
import { licenceAreasOf } from '../workflow/reports/report-targets.server.ts'
import { publicationLine } from '../workflow/publication/publication-line.ts'
import { dueDatesOfYear } from '../workflow/reports/due-date-queries.server.ts'
import { regionDay } from '../workflow/reports/due-dates.ts'
import { ecomonResponsiblesOfCompany, listCompanyResponsibles } from '../workflow/responsibles/responsible-queries.server.ts'

export type { AuditEntry, FileProblem, FileStatus, ReportStatus, ReportType }
export type { ImportReport } from '../workflow/reports/report-queries.server.ts'
export type { LastDecline } from '../workflow/reports/report-queries.server.ts'

/** A company that does not exist is refused before the permission, as the page's 404 comes before its 403. */
export async function reportsOfCompany(db: Kysely<Database>, actor: CurrentUser | null, input: { company: number; year: number }) {
  const company = await findCompany(db, input.company)
  if (!company) return refused({ reason: 'company-not-found' })
  // The Department sees every company's reports; a license holder only their own company's.
  const denied = companyReportsReadRefusal(actor, company.id)
  if (denied) return denied
  const { year } = input
  const department = can(actor, 'decide:report:any')

  const [areas, reports, areaResponsibles, companyResponsibles, history, lastAreaResponsibles, lastCompanyResponsibles, dueDates] = await Promise.all([
    licenceAreasOf(db, company.id),
    listReports(db, { companyId: company.id, year }, 1000, 0),
    ecomonResponsiblesOfCompany(db, company.id, year),
    listCompanyResponsibles(db, { companyId: company.id, year }),
    // The latest 500 entries, oldest first as the API's history (spec §7: sorted by created) and docs/reports-ui.md.
    department ? listAudit(db, { companyId: company.id, year }, 500, 0).then((page) => page.results.reverse()) : Promise.resolve([] as AuditEntry[]),
    // Last year's responsible persons, offered in one click when this year has none yet.
    ecomonResponsiblesOfCompany(db, company.id, year - 1),
    listCompanyResponsibles(db, { companyId: company.id, year: year - 1 }),
    dueDatesOfYear(db, year),
  ])

  // Errors of failed files and warnings of good ones (two levels, decision 1420).
  const checkedFiles = reports.results.flatMap((r) => r.files.filter((f) => f.status === 'error' || (f.status === 'success' && f.problems_count > 0)).map((f) => f.id))
  const agreed = reports.results.filter((r) => r.status === 'agreed').map((r) => r.id)
  const [findings, declines, sameBytes, publications] = await Promise.all([
    findingsOfFiles(db, checkedFiles),
    lastDeclinesOf(db, reports.results.map((r) => r.id)),
    earlierFilesWithSameBytes(db, reports.results.flatMap((r) => r.files.filter((f) => f.status !== 'deleted').map((f) => f.id))),
    agreed.length
      ? db.selectFrom('report_publications').select(['id', 'status', 'rows_public', 'rows_staged', 'reason']).where('id', 'in', agreed).execute()
      : Promise.resolve([]),
  ])

  return {
    company: { id: company.id, name: company.name, kind: company.kind },
    year,
    department,
    areas,
    reports: reports.results,
    responsibles: { areas: areaResponsibles, company: companyResponsibles[0] ?? null },
    lastYearResponsibles: { areas: lastAreaResponsibles, company: lastCompanyResponsibles[0] ?? null },
    history,
    /** The due date of each report type for the year (ГГГГ-ММ-ДД), and the region's today to count the days to it. */
    dueDates,
    today: regionDay(new Date()),
    /** Findings of the files that have some, by file id. */
    findings: Object.fromEntries(findings),
    /** The last decline of each report, by report id. */
    declines: Object.fromEntries(declines),
    /** The name of an earlier standing file of the report with the same bytes, by file id. */
    sameBytes: Object.fromEntries(sameBytes),
    /**
     * What of an agreed report's rows is public, in one line («Опубликовано 15 из 15 строк», or with the reason of a
     * publication that gave up), and whether it failed, by report id (decision 3310).
     */
    publications: Object.fromEntries(
      publications.map((p) => [p.id, { failed: p.status === 'failed', line: publicationLine({ status: p.status, rowsPublic: p.rows_public, rowsStaged: p.rows_staged, reason: p.reason }) }]),
    ) as Record<number, { failed: boolean; line: string }>,
  }
}

export type ReportsOfCompany = Exclude<Awaited<ReturnType<typeof reportsOfCompany>>, Refused>
