// The Department's review lists (spec §2): reports under review, agreed or rejected, as three tabs with their counts;
// each report with the day it entered the queue (or was decided) and its age in days, sortable, oldest first by
// default; a corrected report is marked with its round; its due date beside it. Searchable by company (750 ms after
// the last keystroke), filtered by reporting year and report type.
import type { LinksFunction, LoaderFunctionArgs } from '@remix-run/node'
import { Form, Link, useLoaderData, useSubmit } from '@remix-run/react'
import { REPORT_TYPE_CODES } from '@portal/workflow-domain/views.ts'
import { Tabs } from '../../../components/tabs.tsx'
import { CatalogueLink } from '../../../components/catalogue-link.tsx'
import { REVIEW_PAGE, REVIEW_TABS } from '../review-tabs.ts'
import { useDebouncedSubmit } from '../../../components/use-debounced-submit.ts'
import { loadReviewList } from '../review-list.server.ts'
import reportsStyles from '../../../styles/reports.css?url'
import { RouteError } from '../../../components/route-error.tsx'
import type { TitleHandle } from '../../../utils/page-title.ts'
import { formatDateTime, REPORT_TYPE_TITLE } from '../../reports/components/report-texts.ts'
import { formatNumber, plural } from '../../../utils/russian-format.ts'

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: reportsStyles }]
export const handle: TitleHandle = { title: 'Отчетность' }

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  return loadReviewList(request, context, params.status)
}

const SORT_LABEL = { oldest: 'сначала старые', newest: 'сначала новые', company: 'по предприятию', year: 'по году' } as const

export default function DepartmentReports() {
  const { tab, search, sort, results, count, counts, shown, year, reportType, unanswered } = useLoaderData<typeof loader>()
  const submit = useSubmit()
  const searchLater = useDebouncedSubmit({ replace: true, preventScrollReset: true })
  const current = REVIEW_TABS.find((t) => t.status === tab)!
  const sinceTitle = tab === 'consideration' ? 'На рассмотрении с' : 'Дата решения'
  const filters = { ...(year !== null ? { year: String(year) } : {}), ...(reportType ? { type: reportType } : {}), ...(unanswered ? { questions: 'unanswered' } : {}) }
  const query = (changes: Record<string, string>) => `?${new URLSearchParams({ ...(search ? { search } : {}), ...filters, sort, ...changes })}`
  const thisYear = new Date().getFullYear()
  const years = Array.from({ length: 11 }, (_, i) => thisYear + 1 - i)
  const sortLink = (asc: 'oldest' | 'company' | 'year', label: string) => {
    const next = asc === 'oldest' && sort === 'oldest' ? 'newest' : asc
    const active = sort === asc || (asc === 'oldest' && sort === 'newest')
    return (
      <Link to={query({ sort: next })} preventScrollReset replace aria-label={`${label}: сортировать ${SORT_LABEL[next]}`}>
        {label}
        {active ? (sort === 'newest' ? ' ↓' : ' ↑') : ''}
      </Link>
    )
  }
  const decidable = results.filter((r) => r.awaitsDecision)
  const waiting = results.filter((r) => !r.awaitsDecision)
  /** One table of queue rows: each opens the report's section on its company's reports page. */
  const queueTable = ({ rows, caption, heading }: { rows: typeof results; caption: string; heading?: string }) =>
    rows.length === 0 ? null : (
      <>
        {heading ? <h2 className="queue-group">{heading}</h2> : null}
        <div className="table-scroll">
          <table className="review-table">
            <caption className="visually-hidden">
              {caption}, {SORT_LABEL[sort]}
            </caption>
            <thead>
              <tr>
                <th scope="col">{sortLink('company', 'Предприятие')}</th>
                <th scope="col">Отчёт</th>
                <th scope="col">Файлы</th>
                <th scope="col">Ответственное лицо</th>
                <th scope="col">{sortLink('year', 'Год')}</th>
                <th scope="col" aria-sort={sort === 'oldest' ? 'ascending' : sort === 'newest' ? 'descending' : undefined}>
                  {sortLink('oldest', sinceTitle)}
                </th>
                <th scope="col">Дней</th>
                <th scope="col">Срок сдачи</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.reportId}>
                  <td>
                    <Link to={row.href} aria-label={`${row.companyName}, ${row.areaName ? `${row.areaName}, ` : ''}${REPORT_TYPE_TITLE[row.reportType]}, ${row.year} год`}>
                      {row.companyName}
                    </Link>
                  </td>
                  <td>
                    {row.areaName ? `${row.areaName}, ` : ''}
                    {REPORT_TYPE_TITLE[row.reportType]}
                    {tab === 'consideration' && row.round > 1 ? <span className="resubmitted-mark"> Повторно, раунд {row.round}</span> : null}
                    {row.awaitsAnswer ? (
                      <Link className="question-mark" to={row.conversationHref}>
                        {' '}
                        Вопрос без ответа
                      </Link>
                    ) : null}
                  </td>
                  <td className={row.fileStates.errors > 0 ? 'files-with-errors' : undefined}>{row.filesLabel}</td>
                  <td>{row.responsible ?? 'не назначено'}</td>
                  <td>{row.year}</td>
                  <td>{formatDateTime(row.since)}</td>
                  <td className="number">{formatNumber(row.ageDays)}</td>
                  <td className={row.due.overdue ? 'due overdue' : 'due'}>
                    {row.due.text}
                    {row.due.words ? `, ${row.due.words}` : ''}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </>
    )
  return (
    <section className="review-page">
      <h1>Отчетность</h1>
      <p>
        <Link to="/department-reports/audit">Журнал отчётности</Link> · <Link to="/board">Сводка отчётности</Link> · <CatalogueLink />
      </p>
      <Tabs tabs={REVIEW_TABS.map((t) => ({ title: `${t.title} (${formatNumber(counts[t.status])})`, to: Object.keys(filters).length ? `${t.path}?${new URLSearchParams(filters)}` : t.path }))} />
      {/* A new search starts from the first page (no limit in the form), as any filter change does. */}
      <Form method="get" className="filters" role="search" onChange={(event) => (event.target instanceof HTMLSelectElement ? submit(event.currentTarget, { preventScrollReset: true, replace: true }) : undefined)}>
        <input type="hidden" name="sort" value={sort} />
        <label className="field-inline">
          Год
          <select name="year" defaultValue={year ?? ''}>
            <option value="">Все</option>
            {(year !== null && !years.includes(year) ? [...years, year] : years).map((y) => (
              <option key={y} value={y}>
                {y}
              </option>
            ))}
          </select>
        </label>
        <label className="field-inline">
          Отчёт
          <select name="type" defaultValue={reportType ?? ''}>
            <option value="">Все</option>
            {REPORT_TYPE_CODES.map((code) => (
              <option key={code} value={code}>
                {REPORT_TYPE_TITLE[code]}
              </option>
            ))}
          </select>
        </label>
        <label className="field-inline">
          Вопросы
          <select name="questions" defaultValue={unanswered ? 'unanswered' : ''}>
            <option value="">Все</option>
            <option value="unanswered">Ждут ответа Департамента</option>
          </select>
        </label>
        <label className="visually-hidden" htmlFor="review-search">
          Искать по названию
        </label>
        <input
          id="review-search"
          type="search"
          name="search"
          defaultValue={search}
          placeholder="Искать по названию"
          onChange={(event) => searchLater(event.currentTarget.form)}
        />
      </Form>
      <h2 className="visually-hidden">{current.title}</h2>
      {results.length === 0 ? (
        <p className="empty">Нет данных</p>
      ) : tab === 'consideration' ? (
        <>
          {/* Reports with something to decide come first; those waiting for the holder (no passed file, or files still
              being checked) are shown apart, so the Department does not open them for nothing. */}
          {queueTable({ rows: decidable, caption: `Ждут решения: ${formatNumber(decidable.length)}`, heading: 'Ждут решения' })}
          {queueTable({ rows: waiting, caption: `Решать пока нечего: ${formatNumber(waiting.length)}`, heading: 'Решать пока нечего: нет принятого файла или файлы ещё проверяются' })}
        </>
      ) : (
        queueTable({ rows: results, caption: `${current.title}: ${formatNumber(count)} ${plural(count, ['отчёт', 'отчёта', 'отчётов'])}` })
      )}
      {shown < count ? (
        <Link className="button" to={query({ limit: String(shown + REVIEW_PAGE) })} preventScrollReset replace>
          Показать еще {REVIEW_PAGE}
        </Link>
      ) : null}
    </section>
  )
}

export function ErrorBoundary() {
  return <RouteError forbiddenMessage="Списки отчетов доступны Департаменту." />
}
