// The Department's review lists (spec §2): companies with reports under review, agreed or rejected, as three tabs,
// searchable (750 ms after the last keystroke) and paged with 'Показать еще'.
import type { LinksFunction, LoaderFunctionArgs } from '@remix-run/node'
import { Form, Link, useLoaderData } from '@remix-run/react'
import { Tabs } from '../../../components/tabs.tsx'
import { REVIEW_PAGE, REVIEW_TABS } from '../review-tabs.ts'
import { useDebouncedSubmit } from '../../../components/use-debounced-submit.ts'
import { loadReviewList } from '../review-list.server.ts'
import reportsStyles from '../../../styles/reports.css?url'
import { RouteError } from '../../../components/route-error.tsx'
import type { TitleHandle } from '../../../utils/page-title.ts'

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: reportsStyles }]
export const handle: TitleHandle = { title: 'Отчетность' }

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  return loadReviewList(request, context, params.status)
}

export default function DepartmentReports() {
  const { tab, search, results, count, shown } = useLoaderData<typeof loader>()
  const searchLater = useDebouncedSubmit({ replace: true, preventScrollReset: true })
  const current = REVIEW_TABS.find((t) => t.status === tab)!
  return (
    <section className="review-page">
      <h1>Отчетность</h1>
      <Tabs tabs={REVIEW_TABS.map((t) => ({ title: t.title, to: t.path }))} />
      {/* A new search starts from the first page (no limit in the form), as any filter change does. */}
      <Form method="get" className="filters" role="search">
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
      ) : (
        <ul className="list review-list">
          {results.map((company) => (
            <li key={company.id}>
              <Link to={`/companies/${company.id}/reports?year=${company.years[0]}`}>{company.name}</Link>
              <span className="review-years">
                <span className="visually-hidden">Годы отчетов:</span>
                {company.years.map((year) => (
                  <Link key={year} to={`/companies/${company.id}/reports?year=${year}`} aria-label={`${company.name}, ${year} год`}>
                    {year}
                  </Link>
                ))}
              </span>
            </li>
          ))}
        </ul>
      )}
      {shown < count ? (
        <Link className="button" to={`?${new URLSearchParams({ ...(search ? { search } : {}), limit: String(shown + REVIEW_PAGE) })}`} preventScrollReset replace>
          Показать еще {REVIEW_PAGE}
        </Link>
      ) : null}
    </section>
  )
}

export function ErrorBoundary() {
  return <RouteError forbiddenMessage="Списки отчетов доступны Департаменту." />
}
