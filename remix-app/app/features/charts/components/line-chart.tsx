// A line chart over the years drawn as SVG on the server (it shows without JavaScript and adds none): one or more
// series, an optional limit line labelled 'ПДК', points coloured by their multiple of the limit, and the same numbers
// as a table under the chart for screen readers and for copying.
import { useId } from 'react'
import { withSubscripts } from '../../../utils/chemical-formula.ts'
import { type Box, chartNumber, DEFAULT_BOX, LEVEL_LABELS, levelOf, linePath, scalesOf, valueAxis, yearAxis, yearTicks } from '../chart-geometry.ts'

export interface ChartPoint {
  year: number
  value: number | null
  /** The limit of that year (the ПДК line), when the chart has one. */
  limit?: number | null
}

export interface ChartSeries {
  name: string
  points: ChartPoint[]
}

export interface LineChartProps {
  title: string
  unit: string
  series: ChartSeries[]
  /** Draw the limit line and colour the points by their multiple of it. */
  withLimit?: boolean
  /** One sentence saying what the numbers are (how a year's value is taken). */
  description: string
  box?: Box
}

const SERIES_COLOURS = ['#0b5c8c', '#8e44ad', '#16a085', '#d35400', '#2c3e50', '#c0392b', '#7f8c8d', '#27ae60', '#b7950b']

export function LineChart({ title: titleAsGiven, unit: unitAsGiven, series: seriesAsGiven, withLimit = false, description, box = DEFAULT_BOX }: LineChartProps) {
  const id = useId()
  // Formulas as the tables write them: NO2 → NO₂, 'т CO2-экв.' → 'т CO₂-экв.'.
  const title = withSubscripts(titleAsGiven)
  const unit = withSubscripts(unitAsGiven)
  const series = seriesAsGiven.map((s) => ({ ...s, name: withSubscripts(s.name) }))
  const years = yearAxis(series.flatMap((s) => s.points.map((p) => p.year)))
  if (years.length === 0) return null
  const limits = withLimit ? series.flatMap((s) => s.points.map((p) => p.limit ?? null)).filter((v): v is number => v !== null) : []
  const axis = valueAxis([...series.flatMap((s) => s.points.map((p) => p.value ?? Number.NaN)), ...limits])
  const scales = scalesOf(box, years, axis)
  const limitPoints = withLimit ? (series[0]?.points ?? []).map((p) => ({ year: p.year, value: p.limit ?? null })) : []
  const limitPath = limitPoints.length === 1 && limitPoints[0].value !== null
    ? `M${box.left},${scales.y(limitPoints[0].value)}H${box.width - box.right}`
    : linePath(limitPoints, scales)
  const lastLimit = [...limitPoints].reverse().find((p) => p.value !== null)
  const labelled = new Set(yearTicks(years))
  return (
    <figure className="chart" aria-labelledby={`${id}-caption`}>
      <figcaption id={`${id}-caption`}>
        {title}
        {unit ? `, ${unit}` : ''}
      </figcaption>
      <div className="chart-scroll">
      <svg viewBox={`0 0 ${box.width} ${box.height}`} role="img" aria-labelledby={`${id}-title ${id}-desc`} className="chart-svg">
        <title id={`${id}-title`}>{`${title}${unit ? `, ${unit}` : ''}`}</title>
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
          {years.map((y) =>
            labelled.has(y) ? (
              <text key={y} x={scales.x(y)} y={box.height - box.bottom + 18} textAnchor="middle">
                {y}
              </text>
            ) : null,
          )}
        </g>
        {withLimit && limitPath ? (
          <g className="chart-limit" data-limit="ПДК">
            <path d={limitPath} />
            {lastLimit?.value != null ? (
              <text x={box.width - box.right + 4} y={scales.y(lastLimit.value) + 4}>
                ПДК
              </text>
            ) : null}
          </g>
        ) : null}
        {series.map((s, i) => (
          <g key={s.name} className="chart-series" style={{ color: SERIES_COLOURS[i % SERIES_COLOURS.length] }}>
            <path d={linePath(s.points, scales)} fill="none" stroke="currentColor" strokeWidth={2} />
            {s.points.map((p) => {
              if (p.value === null) return null
              const level = withLimit ? levelOf(p.limit ? p.value / p.limit : null) : undefined
              return (
                <circle key={p.year} cx={scales.x(p.year)} cy={scales.y(p.value)} r={4} className={level ? `chart-point level-${level}` : 'chart-point'} data-level={level}>
                  <title>{`${s.name}, ${p.year}: ${chartNumber(p.value)}${unit ? ` ${unit}` : ''}${level ? ` (${LEVEL_LABELS[level]})` : ''}`}</title>
                </circle>
              )
            })}
          </g>
        ))}
      </svg>
      </div>
      {series.length > 1 ? (
        <ul className="chart-legend">
          {series.map((s, i) => (
            <li key={s.name}>
              <span className="chart-key" style={{ background: SERIES_COLOURS[i % SERIES_COLOURS.length] }} /> {s.name}
            </li>
          ))}
        </ul>
      ) : null}
      <ChartTable title={title} unit={unit} series={series} years={years} withLimit={withLimit} />
    </figure>
  )
}

/** The chart's numbers as a table (years down, series across), in a disclosure under the chart. */
function ChartTable({ title, unit, series, years, withLimit }: { title: string; unit: string; series: ChartSeries[]; years: number[]; withLimit: boolean }) {
  const byYear = series.map((s) => new Map(s.points.map((p) => [p.year, p])))
  const rows = years.filter((y) => byYear.some((m) => m.get(y)?.value != null))
  return (
    <details className="chart-data">
      <summary>Данные графика</summary>
      <table className="data-table">
        <caption>{`${title}${unit ? `, ${unit}` : ''}`}</caption>
        <thead>
          <tr>
            <th scope="col">Год</th>
            {series.map((s) => (
              <th key={s.name} scope="col">
                {series.length === 1 && withLimit ? 'Значение' : s.name}
              </th>
            ))}
            {withLimit ? (
              <>
                <th scope="col">ПДК</th>
                <th scope="col">Кратность ПДК</th>
              </>
            ) : null}
          </tr>
        </thead>
        <tbody>
          {rows.map((year) => {
            const first = byYear[0].get(year)
            const share = first?.value != null && first.limit ? first.value / first.limit : null
            return (
              <tr key={year}>
                <th scope="row">{year}</th>
                {byYear.map((m, i) => {
                  const v = m.get(year)?.value
                  return <td key={series[i].name}>{v == null ? '—' : chartNumber(v)}</td>
                })}
                {withLimit ? (
                  <>
                    <td>{first?.limit != null ? chartNumber(first.limit) : '—'}</td>
                    <td data-level={levelOf(share)}>{share === null ? '—' : chartNumber(share, 3)}</td>
                  </>
                ) : null}
              </tr>
            )
          })}
        </tbody>
      </table>
    </details>
  )
}
