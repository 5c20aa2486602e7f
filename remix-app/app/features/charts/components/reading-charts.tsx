// A point's readings as charts: each substance over the years against its limit, one small chart per substance
// (their units and limits differ), with the colour key of the multiples of the limit.
import type { ReadingSeries } from '@portal/workflow-domain/use-cases.server.ts'
import { LEVEL_LABELS } from '../chart-geometry.ts'
import { LineChart } from './line-chart.tsx'

export function ReadingCharts({ series }: { series: ReadingSeries[] }) {
  if (series.length === 0) return null
  return (
    <section className="charts" aria-labelledby="reading-charts-title">
      <h2 id="reading-charts-title">Показатели по годам</h2>
      <ul className="legend" aria-label="Цвет точки: кратность ПДК">
        {Object.entries(LEVEL_LABELS).map(([level, label]) => (
          <li key={level}>
            <span className={`chart-key level-${level}`} /> {label}
          </li>
        ))}
      </ul>
      <div className="chart-grid-list">
        {series.map((s) => (
          <LineChart
            key={`${s.name} ${s.measure}`}
            title={s.name}
            unit={s.measure}
            withLimit={s.years.some((y) => y.mpc !== null)}
            description={`${s.name}: показание года с наибольшей кратностью своей ПДК, ${s.measure}, по годам ${s.years[0].year}–${s.years[s.years.length - 1].year}; линия ПДК — предельно допустимая концентрация, цвет точки — кратность ПДК.`}
            series={[{ name: s.name, points: s.years.map((y) => ({ year: y.year, value: y.value, limit: y.mpc })) }]}
          />
        ))}
      </div>
    </section>
  )
}
