// Loads the status board: the address's filters read leniently (a value that is not one of the choices is no filter),
// except the company and the due-date filter and order (a 400 page for an impossible value), and the company, which goes to the use-case as asked: a holder naming another company is refused there (403).
import type { AppLoadContext } from '@remix-run/node'
import { MAX_ID, BOARD_DUE_FILTERS, BOARD_SORTS, CELL_STATES, type CellState, REPORT_TYPE_CODES } from '@portal/workflow-domain/views.ts'
import type { ReportType } from '@portal/workflow-domain/use-cases.server.ts'
import { pageValue } from '../../utils/use-case-answers.server.ts'
import { BOARD_PAGE } from './board-page.ts'
import { strictChoice } from '../../utils/strict-choice.server.ts'


const oneOf = <T extends string>(choices: readonly T[], value: string | null): T | undefined =>
  value !== null && (choices as readonly string[]).includes(value) ? (value as T) : undefined

export async function loadBoard(request: Request, context: AppLoadContext) {
  const params = new URL(request.url).searchParams
  const yearText = params.get('year') ?? ''
  const companyText = params.get('company') ?? ''
  const company = /^[0-9]{1,10}$/.test(companyText) && Number(companyText) >= 1 && Number(companyText) <= MAX_ID ? Number(companyText) : undefined
  const reportType = oneOf<ReportType>(REPORT_TYPE_CODES, params.get('type'))
  const state = oneOf<CellState>(CELL_STATES, params.get('state'))
  // The due-date filter and the order are read strictly: an impossible value is the 400 page naming the field.
  const due = strictChoice(params, 'due', 'Срок сдачи', BOARD_DUE_FILTERS)
  const sort = strictChoice(params, 'sort', 'Порядок', BOARD_SORTS)
  const asked = Number(params.get('limit'))
  const limit = Number.isInteger(asked) && asked > BOARD_PAGE ? Math.min(1000, asked - (asked % BOARD_PAGE)) : BOARD_PAGE
  const department = context.user?.groups.includes('Департамент') ?? false
  const board = pageValue(
    request,
    context.user,
    await context.workflow.board(context.useCaseContext, {
      ...(/^[0-9]{4}$/.test(yearText) ? { year: Number(yearText) } : {}),
      ...(company !== undefined ? { company } : {}),
      ...(reportType ? { reportType } : {}),
      ...(state ? { state } : {}),
      ...(due ? { due } : {}),
      ...(sort ? { sort } : {}),
      // A holder's board is their company's few cells, all of them; the Department's grows by pages.
      limit: department ? limit : 1000,
    }),
  )
  return { ...board, filters: { reportType: reportType ?? '', company: company ?? '', state: state ?? '', due: due ?? '', sort: sort ?? '' }, limit }
}
