// Tables of a point's readings (each value coloured by its multiple of the limit) and of its reports.
import { Link } from '@remix-run/react'
import type { ReactNode } from 'react'
import { withSubscripts } from '../../../utils/chemical-formula.ts'

export interface Reading {
  id: number
  name: string
  value: string
  measure: string
  mpc: string
  /** «ПДК максимальная» of a published reading; absent on a report's rows, which have none. */
  mpcMax?: string
  share: string
  /** below-1 | 1-2 | 2-5 | above-5 | none */
  level: string
}

export const LEVEL_LABELS: Record<string, string> = {
  'below-1': 'ниже 1 ПДК',
  '1-2': '1–2 ПДК',
  '2-5': '2–5 ПДК',
  'above-5': 'выше 5 ПДК',
}

/** Values against their limits, each coloured by its multiple of ПДК: the table of 'Показания' and of each report
 *  on 'Отчёты' (one piece, so both tabs show a value the same way). `legend={false}` when the page shows one legend
 *  below several tables. */
/** `sources`: each value links to where it comes from («Откуда это значение»): the rows are published readings. */
export function ReadingsTable({ readings, label = 'Показания', legend = true, sources = false }: { readings: Reading[]; label?: string; legend?: boolean; sources?: boolean }) {
  if (readings.length === 0) return <p className="empty">Нет данных</p>
  const withMax = readings.some((r) => r.mpcMax !== undefined)
  return (
    <>
      {/* A wide table scrolls inside its own box on a phone; the box takes focus so the keyboard can scroll it. */}
      <div className="table-scroll" tabIndex={0} role="region" aria-label={label}>
      <table className="data-table readings">
        <thead>
          <tr>
            <th>Показатель</th>
            <th>Значение</th>
            <th>Единица измерения</th>
            <th>ПДК</th>
            {withMax ? <th>ПДК максимальная</th> : null}
            <th>Доля ПДК</th>
          </tr>
        </thead>
        <tbody>
          {readings.map((r) => (
            <tr key={r.id}>
              <td>{withSubscripts(r.name)}</td>
              <td className={`value pdk-${r.level}`} title={LEVEL_LABELS[r.level] ?? ''} data-level={r.level}>
                {sources ? (
                  <Link to={`/measures-point-indications/${r.id}/source`} title="Откуда это значение">
                    {r.value}
                  </Link>
                ) : (
                  r.value
                )}
              </td>
              <td>{r.measure}</td>
              <td>{r.mpc}</td>
              {withMax ? <td>{r.mpcMax ?? '—'}</td> : null}
              <td>{r.share}</td>
            </tr>
          ))}
        </tbody>
      </table>
      </div>
      {legend && <PdkLegend />}
    </>
  )
}

/** What the colours of a readings table mean. */
export function PdkLegend() {
  return (
    <ul className="legend" aria-label="Кратность превышения ПДК">
      {Object.entries(LEVEL_LABELS).map(([level, label]) => (
        <li key={level}>
          <span className={`swatch pdk-${level}`} /> {label}
        </li>
      ))}
    </ul>
  )
}

/** A table of rows under its column headings; `total`, a last row apart (a sum), its first cell heading the row. */
export function Table({ columns, rows, total, label = 'Таблица' }: { columns: string[]; rows: Array<{ id: number; cells: ReactNode[] }>; total?: ReactNode[]; label?: string }) {
  if (rows.length === 0) return <p className="empty">Нет данных</p>
  return (
    <div className="table-scroll" tabIndex={0} role="region" aria-label={label}>
      <table className="data-table">
        <thead>
          <tr>
            {columns.map((c) => (
              <th key={c}>{withSubscripts(c)}</th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.id}>
              {row.cells.map((cell, i) => (
                <td key={columns[i]}>{cell}</td>
              ))}
            </tr>
          ))}
        </tbody>
        {total ? (
          <tfoot>
            <tr className="total-row">
              {total.map((cell, i) =>
                i === 0 ? (
                  <th key={columns[i]} scope="row">
                    {cell}
                  </th>
                ) : (
                  <td key={columns[i]}>{cell}</td>
                ),
              )}
            </tr>
          </tfoot>
        ) : null}
      </table>
    </div>
  )
}
