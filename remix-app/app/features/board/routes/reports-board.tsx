// /board: the status board of a reporting year. A holder sees their company's licence areas × report types and the
// company's own reports, each cell in words linking to its section opened on the reports page; the Department sees the
// same cells across companies, filtered by year, report type, company and state. Filters are a GET form (no script
// needed); the server decides who sees what (use-cases/reports-board.server.ts).
import type { LinksFunction, LoaderFunctionArgs, SerializeFrom } from '@remix-run/node'
import { Form, Link, useLoaderData, useSubmit } from '@remix-run/react'
import { BOARD_DUE_FILTERS, CELL_STATE_TITLES, CELL_STATES, REPORT_TYPE_CODES } from '@portal/workflow-domain/views.ts'
import { RouteError } from '../../../components/route-error.tsx'
import { CatalogueLink } from '../../../components/catalogue-link.tsx'
import type { TitleHandle } from '../../../utils/page-title.ts'
import { formatNumber } from '../../../utils/russian-format.ts'
import { REPORT_TYPE_TITLE } from '../../reports/components/report-texts.ts'
import { YearSelect } from '../../reports/components/year-filter.tsx'
import { loadBoard } from '../board.server.ts'
import { BOARD_PAGE } from '../board-page.ts'
import boardStyles from '../../../styles/board.css?url'

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: boardStyles }]
export const handle: TitleHandle<SerializeFrom<typeof loader>> = {
  title: (data) => (data.viewer === 'holder' && data.company ? `Сводка отчётности — ${data.company.name}` : 'Сводка отчётности'),
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  return loadBoard(request, context)
}

type Board = SerializeFrom<typeof loader>
type Cell = Board['results'][number]

const COMPANY_ROW = 'Отчёты предприятия'

/** A cell's link: its words, with the area and report type for a screen reader that lists links out of the table. */
function CellLink({ cell }: { cell: Cell }) {
  return (
    <Link to={cell.href} className={`board-cell state-${cell.state}`}>
      <span className="visually-hidden">
        {cell.areaName ?? COMPANY_ROW}, {REPORT_TYPE_TITLE[cell.reportType]}:{' '}
      </span>
      {cell.label}
    </Link>
  )
}

/** A cell's due date: the day, and while the holder still has to act, the days to it or how late it is. */
function Due({ due }: { due: Cell['due'] }) {
  return (
    <span className={`due${due.overdue ? ' overdue' : due.days === 0 ? ' due-today' : ''}`}>
      срок {due.text}
      {due.words ? `, ${due.words}` : ''}
    </span>
  )
}

const DUE_FILTER_TITLE = { open: 'Не сдано', overdue: 'Просрочено' } as const
const SORT_TITLE = { company: 'по предприятию', due: 'по сроку сдачи' } as const

/** The due-date filter and the order, the same on both boards. */
function DueFilters({ board }: { board: Board }) {
  return (
    <>
      <label className="field-inline">
        Срок сдачи
        <select name="due" defaultValue={board.filters.due}>
          <option value="">Все</option>
          {BOARD_DUE_FILTERS.map((f) => (
            <option key={f} value={f}>
              {DUE_FILTER_TITLE[f]}
            </option>
          ))}
        </select>
      </label>
      <label className="field-inline">
        Порядок
        <select name="sort" defaultValue={board.filters.sort}>
          <option value="">{SORT_TITLE.company}</option>
          <option value="due">{SORT_TITLE.due}</option>
        </select>
      </label>
    </>
  )
}

function Responsible({ name }: { name: string | null }) {
  return name ? <span className="responsible">{name}</span> : <span className="responsible missing">не назначено</span>
}

/** The holder's board: one row per licence area (and one for the company's own reports), one column per report type. */
function HolderBoard({ board }: { board: Board }) {
  const types = REPORT_TYPE_CODES.filter((code) => board.results.some((c) => c.reportType === code))
  const rows = new Map<string, { title: string; responsible: string | null; cells: Map<string, Cell> }>()
  for (const cell of board.results) {
    const key = cell.areaId === null ? 'company' : `area-${cell.areaId}`
    const row = rows.get(key) ?? { title: cell.areaName ?? COMPANY_ROW, responsible: cell.responsible, cells: new Map() }
    row.cells.set(cell.reportType, cell)
    rows.set(key, row)
  }
  if (rows.size === 0) return <p className="empty">Нет данных</p>
  return (
    <div className="board-matrix">
      <table className="board-table holder-board">
        <caption className="visually-hidden">
          Отчёты за {board.year} год: участки и виды отчётов
        </caption>
        <thead>
          <tr>
            <th scope="col">Участок</th>
            <th scope="col">Ответственное лицо</th>
            {types.map((type) => (
              <th key={type} scope="col">
                {REPORT_TYPE_TITLE[type]}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {[...rows.entries()].map(([key, row]) => (
            <tr key={key}>
              <th scope="row">{row.title}</th>
              <td data-label="Ответственное лицо">
                <Responsible name={row.responsible} />
              </td>
              {types.map((type) => {
                const cell = row.cells.get(type)
                return (
                  <td key={type} data-label={REPORT_TYPE_TITLE[type]} className={cell ? undefined : 'not-filed'}>
                    {cell ? (
                      <>
                        <CellLink cell={cell} />
                        <Due due={cell.due} />
                      </>
                    ) : (
                      <span aria-label="не сдаётся">—</span>
                    )}
                  </td>
                )
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}

/** The Department's board: filters, the count of each state, and one row per cell. */
function DepartmentBoard({ board }: { board: Board }) {
  const submit = useSubmit()
  const stateLink = (state: string) => {
    const query = new URLSearchParams({
      year: String(board.year),
      ...(board.filters.reportType ? { type: board.filters.reportType } : {}),
      ...(board.filters.company ? { company: String(board.filters.company) } : {}),
      ...(state ? { state } : {}),
      ...(board.filters.due ? { due: board.filters.due } : {}),
      ...(board.filters.sort ? { sort: board.filters.sort } : {}),
    })
    return `?${query}`
  }
  return (
    <>
      <Form method="get" className="filters board-filters" onChange={(event) => submit(event.currentTarget, { preventScrollReset: true, replace: true })}>
        <YearSelect year={board.year} years={board.years} />
        <label className="field-inline">
          Отчёт
          <select name="type" defaultValue={board.filters.reportType}>
            <option value="">Все</option>
            {REPORT_TYPE_CODES.map((code) => (
              <option key={code} value={code}>
                {REPORT_TYPE_TITLE[code]}
              </option>
            ))}
          </select>
        </label>
        <label className="field-inline">
          Предприятие
          <select name="company" defaultValue={board.filters.company}>
            <option value="">Все</option>
            {board.companies.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </select>
        </label>
        <label className="field-inline">
          Состояние
          <select name="state" defaultValue={board.filters.state}>
            <option value="">Все</option>
            {CELL_STATES.map((s) => (
              <option key={s} value={s}>
                {CELL_STATE_TITLES[s]} ({formatNumber(board.counts[s])})
              </option>
            ))}
          </select>
        </label>
        <DueFilters board={board} />
        <button type="submit" className="button">
          Показать
        </button>
      </Form>
      <ul className="board-counts" aria-label="Состояния отчётов">
        {CELL_STATES.map((s) => (
          <li key={s}>
            <Link to={stateLink(board.filters.state === s ? '' : s)} className={`board-count state-${s}`} aria-current={board.filters.state === s ? 'true' : undefined} preventScrollReset replace>
              {CELL_STATE_TITLES[s]}: {formatNumber(board.counts[s])}
            </Link>
          </li>
        ))}
      </ul>
      {board.results.length === 0 ? (
        <p className="empty">Нет данных</p>
      ) : (
        <div className="board-matrix">
          <table className="board-table department-board">
            <caption className="visually-hidden">
              Отчёты за {board.year} год: {formatNumber(board.count)}
            </caption>
            <thead>
              <tr>
                <th scope="col">Предприятие</th>
                <th scope="col">Участок</th>
                <th scope="col">Отчёт</th>
                <th scope="col">Состояние</th>
                <th scope="col">Срок сдачи</th>
                <th scope="col">Ответственное лицо</th>
              </tr>
            </thead>
            <tbody>
              {board.results.map((cell) => (
                <tr key={`${cell.companyId}-${cell.areaId ?? 'c'}-${cell.reportType}`}>
                  <th scope="row">{cell.companyName}</th>
                  <td data-label="Участок">{cell.areaName ?? 'предприятие'}</td>
                  <td data-label="Отчёт">{REPORT_TYPE_TITLE[cell.reportType]}</td>
                  <td data-label="Состояние">
                    <CellLink cell={cell} />
                  </td>
                  <td data-label="Срок сдачи">
                    <Due due={cell.due} />
                  </td>
                  <td data-label="Ответственное лицо">
                    <Responsible name={cell.responsible} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {board.results.length < board.count && board.limit < 1000 ? (
        <Link className="button" to={`${stateLink(board.filters.state)}&limit=${board.limit + BOARD_PAGE}`} preventScrollReset replace>
          Показать еще {BOARD_PAGE}
        </Link>
      ) : null}
    </>
  )
}

export default function ReportsBoard() {
  const board = useLoaderData<typeof loader>()
  const submit = useSubmit()
  return (
    <section className="board-page">
      <h1>Сводка отчётности{board.viewer === 'holder' && board.company ? `: ${board.company.name}` : ''}</h1>
      {board.viewer === 'holder' ? (
        <>
          <Form method="get" className="filters board-filters" onChange={(event) => submit(event.currentTarget, { preventScrollReset: true, replace: true })}>
            <YearSelect year={board.year} years={board.years} />
            <DueFilters board={board} />
            <button type="submit" className="button">
              Показать
            </button>
          </Form>
          <p className="board-hint">
            Состояние каждого отчёта за {board.year} год; ссылка открывает его раздел на странице{' '}
            {board.company ? <Link to={`/companies/${board.company.id}/reports?year=${board.year}`}>«Отчетность»</Link> : '«Отчетность»'}. <CatalogueLink />
          </p>
          <HolderBoard board={board} />
        </>
      ) : (
        <>
          <p className="board-hint">
            <Link to="/department-reports">Отчеты на рассмотрении</Link> · <Link to="/department-reports/audit">Журнал отчётности</Link> · <CatalogueLink />
          </p>
          <DepartmentBoard board={board} />
        </>
      )}
    </section>
  )
}

export function ErrorBoundary() {
  return <RouteError forbiddenMessage="Сводка отчётности доступна пользователям предприятия (только своего) и Департаменту." />
}
