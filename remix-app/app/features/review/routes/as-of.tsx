// The Department's view of a company's reports as they stood at the end of a day, folded from the event log alone,
// and what changed between two days, event by event, with who recorded it and when (decision 2410).
import { data, type LinksFunction, type LoaderFunctionArgs } from '@remix-run/node'
import { Form, Link, useLoaderData } from '@remix-run/react'
import { AUDIT_EVENT_LABEL } from '@portal/workflow-service/views.ts'
import { requirePermission } from '../../../utils/permissions.server.ts'
import { pageValue } from '../../../utils/use-case-answers.server.ts'
import reportsStyles from '../../../styles/reports.css?url'
import { RouteError } from '../../../components/route-error.tsx'
import type { TitleHandle } from '../../../utils/page-title.ts'
import { FILE_STATUS_LABEL, formatDateTime, REPORT_STATUS_LABEL, REPORT_TYPE_TITLE } from '../../reports/components/report-texts.ts'
import { formatNumber } from '../../../utils/russian-format.ts'
import type { CompanyAsOf } from '@portal/workflow-service/use-cases.server.ts'
import { FormError } from '../../../components/form-error.tsx'
import { refusalInWords } from '../../../utils/refusal-words.ts'

/** The form's labels, for a refusal naming its field. */
const AS_OF_LABELS = { company: 'Предприятие', date: 'На дату', from: 'Изменения с', to: 'по' }

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: reportsStyles }]
export const handle: TitleHandle = { title: 'Состояние отчётности на дату' }

const FIELDS = ['company', 'date', 'from', 'to'] as const

type Raw = Partial<Record<(typeof FIELDS)[number], string>>

/** The answer as the page shows it: times as text, each file's findings counted by level. */
function shown(answer: CompanyAsOf) {
  return {
    ...answer,
    moment: answer.moment.toISOString(),
    reports: answer.reports.map((r) => ({
      ...r,
      updated: r.updated.toISOString(),
      files: r.files.map(({ problems, ...f }) => ({
        ...f,
        created: f.created.toISOString(),
        errors: problems.filter((p) => p.level !== 'warning').length,
        warnings: problems.filter((p) => p.level === 'warning').length,
      })),
      lastDecision: r.lastDecision && { ...r.lastDecision, created: r.lastDecision.created.toISOString() },
    })),
    changes: answer.changes.map((c) => ({ ...c, at: c.at.toISOString() })),
  }
}

interface PageData {
  raw: Raw
  problem: string | null
  answer: ReturnType<typeof shown> | null
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  requirePermission(request, context.user, 'decide:report:any')
  const url = new URL(request.url)
  const raw = Object.fromEntries(FIELDS.map((f) => [f, (url.searchParams.get(f) ?? '').trim()]).filter(([, v]) => v !== '')) as Raw
  // Until a company and a day are given the page is only its form.
  if (raw.company === undefined || raw.date === undefined) return data<PageData>({ raw, problem: null, answer: null })
  const company = /^\d{1,10}$/.test(raw.company) ? Number(raw.company) : raw.company
  const outcome = await context.workflow.asOf(context.useCaseContext, { ...raw, company } as { company: number; date: string })
  // A wrong field is said on the page, naming it, with the form to correct it.
  if (!outcome.ok && outcome.refusal.reason === 'invalid-input') return data<PageData>({ raw, problem: refusalInWords(outcome.refusal, AS_OF_LABELS).detail, answer: null }, { status: 400 })
  return data<PageData>({ raw, problem: null, answer: shown(pageValue(request, context.user, outcome)) })
}

const dayWords = (day: string) => day.split('-').reverse().join('.')
const fileStatus = (status: keyof typeof FILE_STATUS_LABEL | 'deleted') => (status === 'deleted' ? 'Удалён' : FILE_STATUS_LABEL[status])

export default function AsOfPage() {
  const { raw, problem, answer } = useLoaderData<PageData>()
  const reportNames = new Map(answer?.reports.map((r) => [r.id, `${REPORT_TYPE_TITLE[r.reportType]}, ${r.year}, ${r.areaId !== null ? (answer.areaNames[r.areaId] ?? `участок № ${r.areaId}`) : 'предприятие'}`]))
  return (
    <section className="review-page as-of-page">
      <p>
        <Link to="/department-reports/audit">← Журнал отчётности</Link>
      </p>
      <h1>Состояние отчётности на дату</h1>
      <p>Отчёты предприятия такими, какими они были в конце выбранного дня, и изменения за период — по журналу событий.</p>
      <Form method="get" className="audit-filters">
        <label>
          Предприятие (№)
          <input name="company" inputMode="numeric" required defaultValue={raw.company ?? ''} />
        </label>
        <label>
          На дату
          <input type="date" name="date" required defaultValue={raw.date ?? ''} />
        </label>
        <label>
          Изменения с
          <input type="date" name="from" defaultValue={raw.from ?? ''} />
        </label>
        <label>
          по
          <input type="date" name="to" defaultValue={raw.to ?? ''} />
        </label>
        <button type="submit" className="button">
          Показать
        </button>
      </Form>
      <FormError message={problem} />
      {answer ? (
        <>
          <h2>
            <Link to={`/companies/${answer.company.id}/reports`}>{answer.company.name}</Link> на {dayWords(answer.date)}
          </h2>
          <p>Событий журнала учтено: {formatNumber(answer.events)}.</p>
          {answer.reports.length === 0 ? (
            <p className="empty">Отчётов на эту дату не было</p>
          ) : (
            <div className="table-scroll">
              <table className="history-table as-of-reports">
                <caption className="visually-hidden">Отчёты на {dayWords(answer.date)}</caption>
                <thead>
                  <tr>
                    <th scope="col">Отчёт</th>
                    <th scope="col">Статус</th>
                    <th scope="col">Файлы и проверка</th>
                    <th scope="col">Ответственное лицо</th>
                    <th scope="col">Последнее решение</th>
                  </tr>
                </thead>
                <tbody>
                  {answer.reports.map((r) => (
                    <tr key={r.id} data-report={r.id}>
                      <td>{reportNames.get(r.id)}</td>
                      <td>
                        {REPORT_STATUS_LABEL[r.status]}
                        {r.round > 1 ? `, раунд ${r.round}` : ''}
                        <br />
                        <small>с {formatDateTime(r.updated)}</small>
                      </td>
                      <td>
                        {r.files.length === 0 ? (
                          '—'
                        ) : (
                          <ul className="as-of-files">
                            {r.files.map((f) => (
                              <li key={f.id}>
                                {f.name}: {fileStatus(f.status)}
                                {f.errors || f.warnings ? ` (ошибок: ${f.errors}, предупреждений: ${f.warnings})` : ''}
                                <br />
                                <small>
                                  {f.creatorUsername}, {formatDateTime(f.created)}
                                </small>
                              </li>
                            ))}
                          </ul>
                        )}
                      </td>
                      <td>{r.responsible ? `${r.responsible.fullname}, ${r.responsible.position}` : '—'}</td>
                      <td>
                        {r.lastDecision ? (
                          <>
                            {AUDIT_EVENT_LABEL[r.lastDecision.event]}, {formatDateTime(r.lastDecision.created)}, {r.lastDecision.creatorUsername}
                            {r.lastDecision.comment ? <>: «{r.lastDecision.comment}»</> : null}
                            {r.lastDecision.files.length ? <> (файлы: {r.lastDecision.files.join(', ')})</> : null}
                          </>
                        ) : (
                          '—'
                        )}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
          <h2>
            Изменения с {dayWords(answer.from)} по {dayWords(answer.to)}
          </h2>
          {answer.changes.length === 0 ? (
            <p className="empty">Изменений за этот период не было</p>
          ) : (
            <div className="table-scroll">
              <table className="history-table as-of-changes">
                <caption className="visually-hidden">Изменения по порядку записи</caption>
                <thead>
                  <tr>
                    <th scope="col">№</th>
                    <th scope="col">Дата</th>
                    <th scope="col">Событие</th>
                    <th scope="col">Отчёт</th>
                    <th scope="col">Пользователь</th>
                    <th scope="col">Комментарий</th>
                  </tr>
                </thead>
                <tbody>
                  {answer.changes.map((c) => (
                    <tr key={c.position}>
                      <td>{c.position}</td>
                      <td>{formatDateTime(c.at)}</td>
                      <td>
                        {c.label}
                        {c.fileName ? ` «${c.fileName}»` : ''}
                      </td>
                      <td>{c.reportId !== null ? reportNames.get(c.reportId) ?? `№ ${c.reportId}` : '—'}</td>
                      <td>
                        {c.username} ({c.role === 'system' ? 'система' : c.role})
                      </td>
                      <td>{c.comment ?? ''}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </>
      ) : null}
    </section>
  )
}

export function ErrorBoundary() {
  return <RouteError forbiddenMessage="Состояние отчётности на дату доступно Департаменту." />
}
