// The area tab 'Ответственные' (Department only): the responsible persons of a licence area, year by year.
import type { LinksFunction, LoaderFunctionArgs } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { areaCrumbs } from '../../../utils/links.ts'
import { areaOf } from '../../catalogue/server/area-pages.server.ts'
import { idParam } from '../../catalogue/server/not-found.ts'
import { areaTabs } from '../../catalogue/server/tabs.server.ts'
import { Breadcrumbs } from '../../../components/breadcrumbs.tsx'
import { formatDateTime } from '../components/report-texts.ts'
import { Tabs } from '../../../components/tabs.tsx'
import { requirePermission } from '../../../utils/permissions.server.ts'
import { pageValue } from '../../../utils/use-case-answers.server.ts'
import reportsStyles from '../../../styles/reports.css?url'
import { RouteError } from '../../../components/route-error.tsx'
import type { TitleHandle } from '../../../utils/page-title.ts'
import type { SerializeFrom } from '@remix-run/node'

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: reportsStyles }]
export const handle: TitleHandle<SerializeFrom<typeof loader>> = { title: (data) => `Ответственные — ${data.area.name}` }

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  requirePermission(request, context.user, 'read:responsible:any')
  const area = await areaOf(context, idParam(params.id))
  const rows = pageValue(request, context.user, await context.workflow.areaResponsibles(context.useCaseContext, { area: area.id }))
  return {
    area: { id: area.id, name: area.name, companyId: area.company?.id ?? null },
    crumbs: [...areaCrumbs(area), { title: 'Ответственные', to: `/areas/${area.id}/responsible` }],
    tabs: await areaTabs(context, area, context.user),
    responsibles: rows.map((r) => ({ id: r.id, year: r.year, fullname: r.fullname, position: r.position, phone: r.phone, email: r.email, labs: r.labs_name, added: new Date(r.added).toISOString() })),
  }
}

export default function AreaResponsible() {
  const { area, responsibles, crumbs, tabs } = useLoaderData<typeof loader>()
  return (
    <section>
      <Breadcrumbs crumbs={crumbs} />
      <h1>{area.name}</h1>
      <Tabs tabs={tabs} />
      <h2>Ответственные</h2>
      {responsibles.length === 0 ? (
        <p className="empty">Нет данных</p>
      ) : (
        <div className="table-scroll">
          <table className="history-table">
            <caption className="visually-hidden">Ответственные лица участка {area.name}</caption>
            <thead>
              <tr>
                <th scope="col">Год</th>
                <th scope="col">ФИО</th>
                <th scope="col">Должность</th>
                <th scope="col">Телефон</th>
                <th scope="col">Электронная почта</th>
                <th scope="col">Лаборатория</th>
                <th scope="col">Внесено</th>
              </tr>
            </thead>
            <tbody>
              {responsibles.map((r) => (
                <tr key={r.id}>
                  <td>{r.year}</td>
                  <td>{r.fullname}</td>
                  <td>{r.position}</td>
                  <td>{r.phone}</td>
                  <td>
                    <a href={`mailto:${r.email}`}>{r.email}</a>
                  </td>
                  <td>{r.labs ?? '—'}</td>
                  <td>{formatDateTime(r.added)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {area.companyId !== null ? (
        <p>
          <Link to={`/companies/${area.companyId}/reports`}>Отчетность предприятия</Link>
        </p>
      ) : null}
    </section>
  )
}

export function ErrorBoundary() {
  return <RouteError forbiddenMessage="Ответственные лица доступны Департаменту." />
}
