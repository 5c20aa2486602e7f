// The Department's view of a company's reports as they stood at the end of a day, folded from the event log alone,
// and what changed between two days, event by event, with who recorded it and when (decision 2410). The same for a
// reference entry: a substance's name, unit and ПДК at the end of the day (the limit a reading of that day was judged
// by) beside today's, and its changes with who made them (decision 2790). Companies and substances are chosen by name.
import { data, type LinksFunction, type LoaderFunctionArgs } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { AUDIT_EVENT_LABEL, personWithRole } from '@portal/workflow-domain/views.ts'
import { requirePermission } from '../../../utils/permissions.server.ts'
import { pageValue } from '../../../utils/use-case-answers.server.ts'
import reportsStyles from '../../../styles/reports.css?url'
import { RouteError } from '../../../components/route-error.tsx'
import type { TitleHandle } from '../../../utils/page-title.ts'
import { fileStatusWords, formatDateTime, reportStatusWords, REPORT_TYPE_TITLE } from '../../reports/components/report-texts.ts'
import { formatNumber } from '../../../utils/russian-format.ts'
import type { CompanyAsOf, SubstanceAsOfAnswer } from '@portal/workflow-domain/use-cases.server.ts'
import { REFERENCE_KINDS } from '@portal/workflow-domain/registry.ts'
import { FormError } from '../../../components/form-error.tsx'
import { FilterForm } from '../../../components/filter-form.tsx'
import { refusalInWords } from '../../../utils/refusal-words.ts'

/** The form's labels, for a refusal naming its field. */
const AS_OF_LABELS = { company: 'Предприятие', substance: 'Вещество', date: 'На дату', from: 'Изменения с', to: 'по' }

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: reportsStyles }]
export const handle: TitleHandle = { title: 'Состояние отчётности на дату' }

const FIELDS = ['company', 'substance', 'date', 'from', 'to'] as const

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

const SUBSTANCE_FIELDS = Object.fromEntries(REFERENCE_KINDS.substance.fields.map((f) => [f.name, f.label]))
const limitText = (value: number | null) => (value === null ? 'не установлена' : formatNumber(value))
const changeText = (field: string, value: unknown) =>
  value === null || value === '' ? '—' : (field === 'mpc' || field === 'mpc_max') && Number.isFinite(Number(value)) ? formatNumber(Number(value)) : String(value)

/** A substance as the page shows it: limits in the pages' digits, each change's field by its form label. */
function substanceShown(answer: SubstanceAsOfAnswer) {
  const state = (s: SubstanceAsOfAnswer['now']) => ({ name: s.name, unit: s.unit, mpc: limitText(s.mpc), mpcMax: limitText(s.mpcMax) })
  const absent = { name: 'записи ещё не было', unit: '—', mpc: '—', mpcMax: '—' }
  return {
    id: answer.id,
    date: answer.date,
    from: answer.from,
    to: answer.to,
    then: answer.then ? state(answer.then) : absent,
    existed: answer.then !== null,
    now: state(answer.now),
    changes: answer.changes.map((c) => ({
      position: c.position,
      at: c.at.toISOString(),
      username: c.username,
      role: c.role,
      /** Who made it as a person: the account's full name with the role (the log keeps the login). */
      person: personWithRole(answer.people[c.username] ?? c.username, c.role),
      field: SUBSTANCE_FIELDS[c.field] ?? c.field,
      from: changeText(c.field, c.from),
      to: changeText(c.field, c.to),
    })),
  }
}

interface PageData {
  raw: Raw
  problem: string | null
  answer: ReturnType<typeof shown> | null
  substance: ReturnType<typeof substanceShown> | null
  /** The substances to choose from by name (two may share a name: the unit tells them apart). */
  substances: Array<{ id: number; name: string; unit: string }>
  /** The companies with reports, to choose from by name. */
  companies: Array<{ id: number; name: string }>
}

/** What the page's loader answers (its tests read it). */
export type AsOfPageData = PageData

const idOrText = (text: string) => (/^\d{1,10}$/.test(text) ? Number(text) : text)

export async function loader({ request, context }: LoaderFunctionArgs) {
  requirePermission(request, context.user, 'decide:report:any')
  const url = new URL(request.url)
  const raw = Object.fromEntries(FIELDS.map((f) => [f, (url.searchParams.get(f) ?? '').trim()]).filter(([, v]) => v !== '')) as Raw
  const choices = {
    substances: pageValue(request, context.user, await context.workflow.asOfSubstances(context.useCaseContext, {})),
    companies: pageValue(request, context.user, await context.workflow.auditChoices(context.useCaseContext, {})).map(({ id, name }) => ({ id, name })),
  }
  const page = (fields: Partial<Pick<PageData, 'problem' | 'answer' | 'substance'>>, status = 200) =>
    data<PageData>({ raw, problem: null, answer: null, substance: null, ...choices, ...fields }, { status })
  // Until a day and a company or a substance are given the page is only its form.
  if (raw.date === undefined || (raw.company === undefined && raw.substance === undefined)) return page({})
  const { date, from, to } = raw
  let substance: PageData['substance'] = null
  if (raw.substance !== undefined) {
    const outcome = await context.workflow.substanceAsOf(context.useCaseContext, { substance: idOrText(raw.substance), date, from, to } as { substance: number; date: string })
    // A wrong field is said on the page, naming it, with the form to correct it; so is a substance no longer there.
    if (!outcome.ok && outcome.refusal.reason === 'invalid-input') return page({ problem: refusalInWords(outcome.refusal, AS_OF_LABELS).detail }, 400)
    if (!outcome.ok && outcome.refusal.reason === 'reference-not-found') return page({ problem: `${AS_OF_LABELS.substance}: нет такого вещества` }, 400)
    substance = substanceShown(pageValue(request, context.user, outcome))
  }
  if (raw.company === undefined) return page({ substance })
  const outcome = await context.workflow.asOf(context.useCaseContext, { company: idOrText(raw.company), date, from, to } as { company: number; date: string })
  if (!outcome.ok && outcome.refusal.reason === 'invalid-input') return page({ problem: refusalInWords(outcome.refusal, AS_OF_LABELS).detail, substance }, 400)
  return page({ answer: shown(pageValue(request, context.user, outcome)), substance })
}

const dayWords = (day: string) => day.split('-').reverse().join('.')

export default function AsOfPage() {
  const { raw, problem, answer, substance, substances, companies } = useLoaderData<PageData>()
  // A company asked by a link (its reports page) that has no reports yet is still offered, by the name answered.
  const companyChoices = answer && !companies.some((c) => c.id === answer.company.id) ? [...companies, answer.company] : companies
  const reportNames = new Map(answer?.reports.map((r) => [r.id, `${REPORT_TYPE_TITLE[r.reportType]}, ${r.year}, ${r.areaId !== null ? (answer.areaNames[r.areaId] ?? `участок № ${r.areaId}`) : 'предприятие'}`]))
  return (
    <section className="review-page as-of-page">
      <p>
        <Link to="/department-reports/audit">← Журнал отчётности</Link>
      </p>
      <h1>Состояние отчётности на дату</h1>
      <p>
        Отчёты предприятия и запись справочника веществ (ПДК, по которой оценивались показания) такими, какими они были в
        конце выбранного дня, и изменения за период — по журналу событий.
      </p>
      <FilterForm
        submitLabel="Показать"
        controls={[
          { name: 'company', label: AS_OF_LABELS.company, kind: 'select', value: raw.company ?? '', options: [{ value: '', label: '—' }, ...companyChoices.map((c) => ({ value: String(c.id), label: c.name }))] },
          { name: 'substance', label: AS_OF_LABELS.substance, kind: 'select', value: raw.substance ?? '', options: [{ value: '', label: '—' }, ...substances.map((s) => ({ value: String(s.id), label: `${s.name}, ${s.unit}` }))] },
          { name: 'date', label: AS_OF_LABELS.date, kind: 'date', value: raw.date ?? '', required: true },
          { name: 'from', label: AS_OF_LABELS.from, kind: 'date', value: raw.from ?? '' },
          { name: 'to', label: AS_OF_LABELS.to, kind: 'date', value: raw.to ?? '' },
        ]}
      />
      <FormError message={problem} />
      {substance ? <SubstanceAsOf substance={substance} /> : null}
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
                        {reportStatusWords(r.status)}
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
                                {f.name}: {fileStatusWords(f.status)}
                                {f.errors || f.warnings ? ` (ошибок: ${f.errors}, предупреждений: ${f.warnings})` : ''}
                                <br />
                                <small>
                                  {answer.people[f.creatorUsername] ?? f.creatorUsername}, {formatDateTime(f.created)}
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
                            {AUDIT_EVENT_LABEL[r.lastDecision.event]}, {formatDateTime(r.lastDecision.created)},{' '}
                            {personWithRole(answer.people[r.lastDecision.creatorUsername] ?? r.lastDecision.creatorUsername, 'Департамент')}
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
                        {personWithRole(answer.people[c.username] ?? c.username, c.role)}
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

/** A substance's entry at the end of the day beside today's, and its changes in the window. */
function SubstanceAsOf({ substance }: { substance: NonNullable<PageData['substance']> }) {
  const { then, now } = substance
  return (
    <section className="as-of-substance" aria-labelledby="as-of-substance">
      <h2 id="as-of-substance">
        Вещество «{substance.existed ? then.name : now.name}» на {dayWords(substance.date)}
      </h2>
      <div className="table-scroll">
        <table className="history-table as-of-substance-limits">
          <caption className="visually-hidden">Запись справочника на {dayWords(substance.date)} и сейчас</caption>
          <thead>
            <tr>
              <th scope="col" />
              <th scope="col">Наименование</th>
              <th scope="col">Единица измерения</th>
              <th scope="col">ПДК</th>
              <th scope="col">ПДК максимальная разовая</th>
            </tr>
          </thead>
          <tbody>
            {[
              [`На ${dayWords(substance.date)}`, then],
              ['Сейчас', now],
            ].map(([when, s]) => {
              const state = s as typeof then
              return (
                <tr key={when as string}>
                  <th scope="row">{when as string}</th>
                  <td>{state.name}</td>
                  <td>{state.unit}</td>
                  <td>{state.mpc}</td>
                  <td>{state.mpcMax}</td>
                </tr>
              )
            })}
          </tbody>
        </table>
      </div>
      <h3>
        Изменения записи с {dayWords(substance.from)} по {dayWords(substance.to)}
      </h3>
      {substance.changes.length === 0 ? (
        <p className="empty">Запись за этот период не менялась</p>
      ) : (
        <div className="table-scroll">
          <table className="history-table as-of-substance-changes">
            <caption className="visually-hidden">Изменения записи справочника по порядку</caption>
            <thead>
              <tr>
                <th scope="col">№</th>
                <th scope="col">Дата</th>
                <th scope="col">Поле</th>
                <th scope="col">Было</th>
                <th scope="col">Стало</th>
                <th scope="col">Пользователь</th>
              </tr>
            </thead>
            <tbody>
              {substance.changes.map((c) => (
                <tr key={`${c.position} ${c.field}`}>
                  <td>{c.position}</td>
                  <td>{formatDateTime(c.at)}</td>
                  <td>{c.field}</td>
                  <td>{c.from}</td>
                  <td>{c.to}</td>
                  <td>{c.person}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  )
}

export function ErrorBoundary() {
  return <RouteError forbiddenMessage="Состояние отчётности на дату доступно Департаменту." />
}
