// A bar chart over the years drawn as SVG on the server (decision 1910): one bar per year with its count, on the same
// scales and round ticks as the line charts (chart-geometry.ts), and the numbers as a table under it.
import { useId } from 'react'
import { type Box, chartNumber, DEFAULT_BOX, scalesOf, valueAxis, yearAxis, yearTicks } from '../chart-geometry.ts'
import { formatNumber } from '../../../utils/russian-format.ts'

export interface BarChartProps {
  title: string
  bars: ReadonlyArray<{ year: number; count: number }>
  description: string
  box?: Box
}

export function BarChart({ title, bars, description, box = DEFAULT_BOX }: BarChartProps) {
  const id = useId()
  const years = yearAxis(bars.map((b) => b.year))
  if (years.length === 0) return null
  const axis = valueAxis(bars.map((b) => b.count))
  // Bars stand between half-year margins, so the first and last are whole.
  const plot = box.width - box.left - box.right
  const slot = plot / years.length
  const inner: Box = { ...box, left: box.left + slot / 2, right: box.right + slot / 2 }
  const scales = scalesOf(inner, years, axis)
  const barWidth = Math.max(2, slot * 0.6)
  const labelled = new Set(yearTicks(years))
  const countOf = new Map(bars.map((b) => [b.year, b.count]))
  return (
    <figure className="chart" aria-labelledby={`${id}-caption`}>
      <figcaption id={`${id}-caption`}>{title}</figcaption>
      <div className="chart-scroll">
      <svg viewBox={`0 0 ${box.width} ${box.height}`} role="img" aria-labelledby={`${id}-title ${id}-desc`} className="chart-svg">
        <title id={`${id}-title`}>{title}</title>
        <desc id={`${id}-desc`}>{description}</desc>
        <g className="chart-grid">
          {axis.ticks.map((t) => (
            <g key={t}>
              <line x1={box.left} x2={box.width - box.right} y1={scales.y(t)} y2={scales.y(t)} />
              <text x={box.left - 6} y={scales.y(t) + 4} textAnchor="end">
                {chartNumber(t)}
              </text>
            </g>
          ))}
        </g>
        <g className="chart-years">
          {years.map((year) =>
            labelled.has(year) ? (
              <text key={year} x={scales.x(year)} y={box.height - box.bottom + 18} textAnchor="middle">
                {year}
              </text>
            ) : null,
          )}
        </g>
        <g className="chart-bars">
          {years.map((year) => {
            const count = countOf.get(year) ?? 0
            const top = scales.y(count)
            return (
              <rect key={year} className="chart-bar" x={scales.x(year) - barWidth / 2} y={top} width={barWidth} height={Math.max(0, scales.y(0) - top)} fill="#c0392b">
                <title>{`${year}: ${formatNumber(count)}`}</title>
              </rect>
            )
          })}
        </g>
      </svg>
      </div>
      <details className="chart-data">
        <summary>Данные графика</summary>
        <table>
          <thead>
            <tr>
              <th scope="col">Год</th>
              <th scope="col">Превышений</th>
            </tr>
          </thead>
          <tbody>
            {years.map((year) => (
              <tr key={year}>
                <td>{year}</td>
                <td>{formatNumber(countOf.get(year) ?? 0)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  )
}
