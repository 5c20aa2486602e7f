// «Что изменилось» of an observation-results report (issue 37, decision 3714): the page of the use-case the API and the
// file answer from, for the Department and the report's company's users; the public is sent to log in, anyone else
// gets the 404 page, as for the report's files.
import type { LinksFunction, LoaderFunctionArgs, SerializeFrom } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { formatNumber, plural } from '@portal/workflow-domain/views.ts'
import { pageValue } from '../../../utils/use-case-answers.server.ts'
import { Breadcrumbs } from '../../../components/breadcrumbs.tsx'
import { RouteError } from '../../../components/route-error.tsx'
import type { TitleHandle } from '../../../utils/page-title.ts'
import { ReportChangesTable } from '../components/report-changes-table.tsx'
import reportsStyles from '../../../styles/reports.css?url'

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: reportsStyles }]

const PAGE = 50

/** A positive whole number of the address, or null (the 404 page). */
const whole = (text: string | null | undefined, min: number) => (text && /^\d{1,9}$/.test(text) && Number(text) >= min ? Number(text) : null)

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const id = whole(params.id, 1)
  const offsetText = new URL(request.url).searchParams.get('offset')
  const offset = offsetText === null ? 0 : whole(offsetText, 0)
  if (id === null || offset === null) throw new Response(null, { status: 404, statusText: 'Not Found' })
  const changes = pageValue(request, context.user, await context.workflow.reportChanges(context.useCaseContext, { id, limit: PAGE, offset }))
  const { report } = changes
  return {
    title: `Что изменилось: результаты наблюдений за ${report.year} год`,
    crumbs: [
      { title: 'Главная', to: '/' },
      { title: report.companyName, to: `/companies/${report.companyId}` },
      { title: 'Отчетность', to: `/companies/${report.companyId}/reports?year=${report.year}` },
      { title: 'Что изменилось', to: `/reports/${report.id}/changes` },
    ],
    offset,
    ...changes,
  }
}

export const handle: TitleHandle<SerializeFrom<typeof loader>> = { title: (data) => data.title }

export default function ReportChangesPage() {
  const data = useLoaderData<typeof loader>()
  const { report, previousRound, lastYear, factor, count, marked, results, offset } = data
  const api = `/api/v1/import-reports/${report.id}/changes/`
  return (
    <article className="report-changes" aria-labelledby="changes-title">
      <Breadcrumbs crumbs={data.crumbs} />
      <h1 id="changes-title">{data.title}</h1>
      <p>
        Раунд {report.round}.{' '}
        {previousRound !== null ? `Сравнение с отклонённым раундом ${previousRound} и с опубликованными данными за ${lastYear} год.` : `Отклонённых раундов не было: сравнение с опубликованными данными за ${lastYear} год.`}{' '}
        Средние значения даны в единице ПДК показателя; самые большие изменения — первыми.
      </p>
      <p className={marked > 0 ? 'changes-marked-count' : undefined}>
        {marked > 0
          ? `Отмечено ${formatNumber(marked)} ${plural(marked, ['строка', 'строки', 'строк'])}: значение отличается от среднего за прошлый год или от прошлого раунда больше чем в ${factor} раз.`
          : `Значений, отличающихся от прошлого года больше чем в ${factor} раз, нет.`}
      </p>
      <p className="changes-tools">
        <a href={`${api}?format=csv`} download>
          Скачать CSV
        </a>
        <a href={`${api}?format=xlsx`} download>
          Скачать XLSX
        </a>
        <Link to={`/companies/${report.companyId}/reports?year=${report.year}`}>← К отчетности</Link>
      </p>
      {count === 0 ? (
        <p>Проверенных значений в отчёте нет.</p>
      ) : (
        <ReportChangesTable rows={results} factor={factor} caption={`Строки ${formatNumber(offset + 1)}–${formatNumber(offset + results.length)} из ${formatNumber(count)}`} />
      )}
      <nav className="changes-paging" aria-label="Страницы">
        {offset > 0 ? <Link to={`?offset=${Math.max(0, offset - PAGE)}`}>← Предыдущие</Link> : null}{' '}
        {offset + PAGE < count ? <Link to={`?offset=${offset + PAGE}`}>Следующие →</Link> : null}
      </nav>
    </article>
  )
}

export function ErrorBoundary() {
  return <RouteError forbiddenMessage="Изменения отчёта доступны пользователям предприятия и Департаменту." />
}
