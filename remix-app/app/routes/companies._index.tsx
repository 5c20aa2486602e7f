// The company list ('Предприятия') with search by name, server-rendered.
import type { LoaderFunctionArgs } from '@remix-run/node'
import { Form, Link, useLoaderData } from '@remix-run/react'
import { listCompanies } from '@portal/workflow-service/catalogue/companies.server.ts'

const PAGE = 20

export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url)
  const search = url.searchParams.get('search') ?? ''
  const shown = Math.min(1000, Math.max(PAGE, Number(url.searchParams.get('limit')) || PAGE))
  const page = await listCompanies(context.db, { search }, shown, 0)
  return { search, shown, ...page }
}

export default function Companies() {
  const { search, results, count, shown } = useLoaderData<typeof loader>()
  return (
    <section>
      <h1>Предприятия</h1>
      <Form method="get" className="filters">
        <input type="search" name="search" defaultValue={search} placeholder="Искать по названию" aria-label="Искать по названию" />
      </Form>
      {results.length === 0 ? (
        <p className="empty">Нет данных</p>
      ) : (
        <ul className="list">
          {results.map((company) => (
            <li key={company.id}>
              <Link to={`/companies/${company.id}`}>{company.name}</Link>
            </li>
          ))}
        </ul>
      )}
      {shown < count ? (
        <Link className="button" to={`?${new URLSearchParams({ search, limit: String(shown + PAGE) })}`} preventScrollReset>
          Показать еще {PAGE}
        </Link>
      ) : null}
    </section>
  )
}
