// The views across a company's reports: the reports page, the Department's review list and queue, the status board.
import { Type } from 'typebox'
import { can } from '../auth/permissions.ts'
import { listCompanies } from '../catalogue/companies.server.ts'
import { Id, Year } from '../vocabulary/params.ts'
import { refused } from '../workflow/refusal.ts'
import { yearsOfReportsIn } from '../workflow/reports/report-queries.server.ts'
import { reportsBoard, ReportsBoardInput } from './reports-board.server.ts'
import { reportsOfCompany } from './reports-of-company.server.ts'
import { reviewQueue, ReviewQueueInput } from './review-queue.server.ts'
import { useCase } from './use-case.ts'
import type { WorkflowServices } from '../ports/workflow-services.ts'
import { Status } from './workflow-inputs.ts'

export function reviewUseCases(services: WorkflowServices) {
  const { db } = services
  return {
    /** What the reports page of a company shows for a year (the page chooses the year and arranges the data). */
    reportsPage: useCase(Type.Object({ company: Id, year: Year }), (context, input) => reportsOfCompany(db, context.actor, input)),

    /** The Department's review list: companies having reports in a status, with the years of those reports. */
    reviewList: useCase(Type.Object({ status: Status, search: Type.String({ maxLength: 200 }), limit: Type.Integer({ minimum: 1, maximum: 1000 }) }), async (context, input) => {
      if (!can(context.actor, 'decide:report:any')) return refused({ reason: 'forbidden' })
      const page = await listCompanies(db, { reportStatus: input.status, search: input.search }, input.limit, 0)
      const years = await yearsOfReportsIn(db, input.status, page.results.map((c) => c.id))
      return { count: page.count, results: page.results.map((c) => ({ id: c.id, name: c.name, years: years.get(c.id) ?? [] })) }
    }),

    /** The review queue: reports in a status with their submission date and age, and the count of each status. */
    reviewQueue: useCase(ReviewQueueInput, async (context, input) => {
      if (!can(context.actor, 'decide:report:any')) return refused({ reason: 'forbidden' })
      return reviewQueue(db, input)
    }),

    /** The status board of a year: a holder's own company, or (the Department) every company, filtered. */
    board: useCase(ReportsBoardInput, (context, input) => reportsBoard(db, context.actor, input)),
  }
}
