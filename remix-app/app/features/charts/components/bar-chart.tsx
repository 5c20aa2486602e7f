// A bar chart drawn as SVG on the server (decision 1910), on the same scales and round ticks as the line charts
// (chart-geometry.ts), with the numbers as a table under it: one bar per year with its count (the exceedances), or one
// bar per named category with its value (a company's greenhouse gases by gas, decision 3609).
import { useId } from 'react'
import { type Box, chartNumber, DEFAULT_BOX, scalesOf, valueAxis, yearAxis, yearTicks } from '../chart-geometry.ts'
import { formatNumber } from '../../../utils/russian-format.ts'

interface Common {
  title: string
  description: string
  box?: Box
}

export type BarChartProps = Common &
  (
    | { bars: ReadonlyArray<{ year: number; count: number }> }
    | {
        /** Bars by name, in their order; each is named on the axis. */
        categories: ReadonlyArray<{ label: string; value: number }>
        /** The data table's two headings: what a bar is, what its value is. */
        heads: readonly [string, string]
      }
  )

/** A bar as drawn: its name in the data table, on the axis (null: a year the axis skips), and its value. */
interface Slot {
  name: string
  axisLabel: string | null
  value: number
}

/** The bars of either kind: the years filled from the first to the last (a year without a count is 0). */
function slotsOf(props: BarChartProps): { slots: Slot[]; heads: readonly [string, string] } {
  if ('categories' in props) return { slots: props.categories.map((c) => ({ name: c.label, axisLabel: c.label, value: c.value })), heads: props.heads }
  const years = yearAxis(props.bars.map((b) => b.year))
  const labelled = new Set(yearTicks(years))
  const countOf = new Map(props.bars.map((b) => [b.year, b.count]))
  return { slots: years.map((year) => ({ name: String(year), axisLabel: labelled.has(year) ? String(year) : null, value: countOf.get(year) ?? 0 })), heads: ['Год', 'Превышений'] }
}

export function BarChart(props: BarChartProps) {
  const { title, description, box = DEFAULT_BOX } = props
  const id = useId()
  const { slots, heads } = slotsOf(props)
  if (slots.length === 0) return null
  const axis = valueAxis(slots.map((s) => s.value))
  // Bars stand between half-slot margins, so the first and last are whole.
  const plot = box.width - box.left - box.right
  const slot = plot / slots.length
  const inner: Box = { ...box, left: box.left + slot / 2, right: box.right + slot / 2 }
  const places = slots.map((_, i) => i)
  const scales = scalesOf(inner, places, axis)
  const barWidth = Math.max(2, slot * 0.6)
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
          {slots.map((s, i) =>
            s.axisLabel === null ? null : (
              <text key={s.name} x={scales.x(i)} y={box.height - box.bottom + 18} textAnchor="middle">
                {s.axisLabel}
              </text>
            ),
          )}
        </g>
        <g className="chart-bars">
          {slots.map((s, i) => {
            const top = scales.y(s.value)
            return (
              <rect key={s.name} className="chart-bar" x={scales.x(i) - barWidth / 2} y={top} width={barWidth} height={Math.max(0, scales.y(0) - top)} fill="#c0392b">
                <title>{`${s.name}: ${formatNumber(s.value)}`}</title>
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
              <th scope="col">{heads[0]}</th>
              <th scope="col">{heads[1]}</th>
            </tr>
          </thead>
          <tbody>
            {slots.map((s) => (
              <tr key={s.name}>
                <td>{s.name}</td>
                <td>{formatNumber(s.value)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  )
}
