// The Department's audit of the report workflow: every upload, deletion, decision, cancellation and resubmission,
// newest first, filtered by company, area (both picked by name, sent as ids), year, event, user and dates; 'Скачать
// CSV/XLSX' downloads what it shows (the same filters, through /api/v1/report-audit/). A wrong filter is said in the
// form's words («С даты: нет такой даты»), never by a parameter's name.
import type { LinksFunction, LoaderFunctionArgs } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { AUDIT_EVENT_LABEL, AUDIT_EVENTS } from '@portal/workflow-domain/views.ts'
import { requirePermission } from '../../../utils/permissions.server.ts'
import { pageValue } from '../../../utils/use-case-answers.server.ts'
import reportsStyles from '../../../styles/reports.css?url'
import { RouteError } from '../../../components/route-error.tsx'
import type { TitleHandle } from '../../../utils/page-title.ts'
import { CommentFilesAuthorCells, CommentFilesAuthorHeaders, EventCell } from '../../reports/components/history-cells.tsx'
import { formatDateTime, REPORT_TYPE_TITLE } from '../../reports/components/report-texts.ts'
import { formatNumber } from '../../../utils/russian-format.ts'
import { FormError } from '../../../components/form-error.tsx'
import { FilterForm } from '../../../components/filter-form.tsx'
import { refusalInWords } from '../../../utils/refusal-words.ts'

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: reportsStyles }]
export const handle: TitleHandle = { title: 'Журнал отчётности' }

const PAGE = 50
const FILTERS = ['company', 'area', 'year', 'event', 'user', 'from', 'to'] as const

export async function loader({ request, context }: LoaderFunctionArgs) {
  requirePermission(request, context.user, 'decide:report:any')
  const url = new URL(request.url)
  const raw = Object.fromEntries(FILTERS.map((f) => [f, (url.searchParams.get(f) ?? '').trim()]).filter(([, v]) => v !== '')) as Record<string, string>
  const number = (v: string | undefined) => (v !== undefined && /^\d{1,10}$/.test(v) ? Number(v) : v)
  const filters = { ...raw, company: number(raw.company), area: number(raw.area), year: number(raw.year) } as Record<string, unknown>
  for (const key of Object.keys(filters)) if (filters[key] === undefined) delete filters[key]
  const limit = Math.min(1000, Math.max(PAGE, Number(url.searchParams.get('limit')) || PAGE))
  const [outcome, choices] = await Promise.all([
    context.workflow.audit(context.useCaseContext, { ...(filters as object), limit, offset: 0 }),
    context.workflow.auditChoices(context.useCaseContext, {}),
  ])
  // A wrong filter is said on the page, naming it as the form labels it, rather than answered with an error page.
  const problem = outcome.ok ? null : outcome.refusal.reason === 'invalid-input' ? refusalInWords(outcome.refusal).detail : null
  const page = problem ? { count: 0, results: [] } : pageValue(request, context.user, outcome)
  return {
    raw,
    problem,
    companies: pageValue(request, context.user, choices),
    limit,
    count: page.count,
    results: page.results.map((e) => ({ ...e, created: e.created.toISOString() })),
    exportQuery: new URLSearchParams(raw).toString(),
  }
}

export default function AuditPage() {
  const { raw, problem, companies, count, results, exportQuery, limit } = useLoaderData<typeof loader>()
  const chosen = companies.find((c) => String(c.id) === raw.company)
  // A company or area asked by the address but not offered (no reports, or not a number) stays shown as asked.
  const asked = (value: string | undefined, offered: boolean) => (value !== undefined && !offered ? [{ value, label: `№ ${value} — нет отчётов` }] : [])
  const areaGroups = chosen ? [chosen] : companies.filter((c) => c.areas.length > 0)
  const exportUrl = (format: 'csv' | 'xlsx') => `/api/v1/report-audit/?${exportQuery ? `${exportQuery}&` : ''}format=${format}`
  return (
    <section className="review-page audit-page">
      <p>
        <Link to="/department-reports">← Отчеты на рассмотрении</Link>
      </p>
      <h1>Журнал отчётности</h1>
      <p>
        <Link to={`/department-reports/as-of${raw.company ? `?${new URLSearchParams({ company: raw.company })}` : ''}`}>Состояние отчётности на дату</Link>
      </p>
      <FilterForm
        submitLabel="Показать"
        controls={[
          { name: 'company', label: 'Предприятие', kind: 'select', value: raw.company ?? '', options: [{ value: '', label: 'Все' }, ...asked(raw.company, chosen !== undefined), ...companies.map((c) => ({ value: String(c.id), label: c.name }))] },
          {
            name: 'area',
            label: 'Участок',
            kind: 'select',
            value: raw.area ?? '',
            options: [
              { value: '', label: 'Все' },
              ...asked(raw.area, areaGroups.some((c) => c.areas.some((a) => String(a.id) === raw.area))),
              ...areaGroups.flatMap((c) => c.areas.map((a) => ({ value: String(a.id), label: a.name, group: c.name }))),
            ],
          },
          { name: 'year', label: 'Год', kind: 'text', value: raw.year ?? '', inputMode: 'numeric' },
          { name: 'event', label: 'Событие', kind: 'select', value: raw.event ?? '', options: [{ value: '', label: 'Все' }, ...AUDIT_EVENTS.map((e) => ({ value: e, label: AUDIT_EVENT_LABEL[e] }))] },
          { name: 'user', label: 'Пользователь', kind: 'text', value: raw.user ?? '' },
          { name: 'from', label: 'С даты', kind: 'date', value: raw.from ?? '' },
          { name: 'to', label: 'По дату', kind: 'date', value: raw.to ?? '' },
        ]}
      />
      <FormError message={problem} />
      <p>
        Записей: {formatNumber(count)}. <a href={exportUrl('csv')} download>Скачать CSV</a> · <a href={exportUrl('xlsx')} download>Скачать XLSX</a>
      </p>
      {results.length === 0 ? (
        <p className="empty">Нет данных</p>
      ) : (
        <div className="table-scroll">
          <table className="audit-table history-table">
            <caption className="visually-hidden">Журнал отчётности, новые записи сверху</caption>
            <thead>
              <tr>
                <th scope="col">№</th>
                <th scope="col">Дата</th>
                <th scope="col">Событие</th>
                <th scope="col">Предприятие, отчёт</th>
                <CommentFilesAuthorHeaders />
              </tr>
            </thead>
            <tbody>
              {results.map((e) => (
                <tr key={e.number}>
                  <td>{e.hasReceipt ? <Link to={`/receipts/${e.number}`}>{e.number}</Link> : e.number}</td>
                  <td>{formatDateTime(e.created)}</td>
                  <EventCell row={e} />
                  <td>
                    <Link to={`/companies/${e.companyId}/reports?year=${e.year}`}>{e.companyName}</Link>, {e.year}, {e.areaName ?? 'предприятие'},{' '}
                    {REPORT_TYPE_TITLE[e.reportType]}
                  </td>
                  <CommentFilesAuthorCells row={e} />
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {results.length < count ? (
        <Link className="button" to={`?${new URLSearchParams({ ...raw, limit: String(limit + PAGE) })}`} preventScrollReset replace>
          Показать еще {PAGE}
        </Link>
      ) : null}
    </section>
  )
}

export function ErrorBoundary() {
  return <RouteError forbiddenMessage="Журнал отчётности доступен Департаменту." />
}
