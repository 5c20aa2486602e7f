// The floor page: a loader's 20 rows rendered as a table, the least a list page of the portal does.
import type { LoaderFunctionArgs } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'

export const ROWS = 20

export function loader({ params }: LoaderFunctionArgs) {
  const page = Number(params.id) || 0
  return {
    page,
    rows: Array.from({ length: ROWS }, (_, i) => ({ id: page * ROWS + i + 1, name: `Точка наблюдения № ${page * ROWS + i + 1}`, kind: i % 2 ? 'Почвы' : 'Атмосферный воздух', year: 2016 + (i % 10) })),
  }
}

export default function Table() {
  const { page, rows } = useLoaderData<typeof loader>()
  return (
    <>
      <h1>Страница {page}</h1>
      <table>
        <thead>
          <tr>
            <th>№</th>
            <th>Название</th>
            <th>Вид</th>
            <th>Год</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.id} className="floor-row">
              <td>{row.id}</td>
              <td>
                <a href={`/monitoring/floor/${row.id}`}>{row.name}</a>
              </td>
              <td>{row.kind}</td>
              <td>{row.year}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  )
}
