// /exceedances: the published readings above their ПДК, the worst multiple first, with filters by year, company, area
// and substance in the address, pages of 50, the files of every row of the filter, and a chart of counts per year.
// Public like the catalogue: the readings are public.
import type { LoaderFunctionArgs } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { HOME } from '../../../utils/links.ts'
import { formatCount, formatNumber } from '../../../utils/russian-format.ts'
import { PageHead } from '../../../components/page-head.tsx'
import { FilterForm } from '../../../components/filter-form.tsx'
import { BarChart } from '../../charts/components/bar-chart.tsx'
import { exceedancesView } from '../server/exceedances-view.server.ts'

const TITLE = 'Превышения ПДК'

export async function loader({ request, context }: LoaderFunctionArgs) {
  const view = await exceedancesView(context, new URL(request.url).searchParams)
  return { title: TITLE, crumbs: [HOME, { title: TITLE, to: '/exceedances' }], ...view }
}

export default function ExceedancesPage() {
  const { title, crumbs, controls, rows, count, page, pages, previous, next, perYear, downloads } = useLoaderData<typeof loader>()
  return (
    <section className="list-page">
      <PageHead title={title} crumbs={crumbs} />
      <FilterForm key={controls.map((c) => `${c.name}=${c.value}`).join('&')} controls={controls} />
      <section className="charts" aria-labelledby="exceedances-chart-title">
        <h2 id="exceedances-chart-title">Число превышений по годам</h2>
        <BarChart
          title="Число превышений ПДК по годам"
          bars={perYear}
          description="Число опубликованных показаний выше ПДК за каждый год, с выбранными предприятием, участком и веществом."
        />
      </section>
      <p className="hint">Найдено: {formatCount(count, ['превышение', 'превышения', 'превышений'])}. Сначала наибольшая кратность ПДК.</p>
      {count > 0 ? (
        <p className="downloads">
          <a href={downloads.csv} download>Скачать CSV</a>
          {' · '}
          <a href={downloads.xlsx} download>Скачать XLSX</a>
        </p>
      ) : null}
      {rows.length === 0 ? (
        <p className="empty">Нет данных</p>
      ) : (
        <div className="table-scroll">
          <table className="data-table exceedances">
            <thead>
              <tr>
                <th scope="col">Кратность ПДК</th>
                <th scope="col">Вещество</th>
                <th scope="col">Значение</th>
                <th scope="col">ПДК</th>
                <th scope="col">Пункт наблюдения</th>
                <th scope="col">Участок</th>
                <th scope="col">Предприятие</th>
                <th scope="col">Год</th>
                <th scope="col">Дата отбора</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={r.id}>
                  <td>{formatNumber(r.multiple)}</td>
                  <td>{r.substance}</td>
                  <td>{`${formatNumber(r.value)} ${r.measure}`}</td>
                  <td>{`${formatNumber(r.mpc)} ${r.measure}`}</td>
                  <td>
                    <Link to={`/measures-points/${r.point.id}/indications`}>{r.point.nomenclature ?? r.point.name}</Link>
                  </td>
                  <td>{r.area ? <Link to={`/areas/${r.area.id}`}>{r.area.name}</Link> : '—'}</td>
                  <td>{r.company ? <Link to={`/companies/${r.company.id}`}>{r.company.name}</Link> : '—'}</td>
                  <td>{r.year}</td>
                  <td>{r.sampled ? r.sampled.split('-').reverse().join('.') : '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {pages > 1 ? (
        <nav className="pager" aria-label="Страницы">
          {previous ? <Link to={previous}>Назад</Link> : null}
          <span>
            Страница {page} из {pages}
          </span>
          {next ? <Link to={next}>Далее</Link> : null}
        </nav>
      ) : null}
    </section>
  )
}
