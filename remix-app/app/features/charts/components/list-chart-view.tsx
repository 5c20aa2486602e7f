// The chart above a catalogue list: one chart of every series, or one small chart per series.
import type { ListChart } from '../server/list-chart.server.ts'
import { LineChart } from './line-chart.tsx'

export function ListChartView({ chart }: { chart: ListChart }) {
  return (
    <section className="charts" aria-labelledby="list-chart-title">
      <h2 id="list-chart-title">{chart.heading}</h2>
      {chart.layout === 'together' ? (
        <LineChart title={chart.series.length === 1 ? chart.series[0].name : chart.heading} unit={chart.unit} series={chart.series} description={chart.description} />
      ) : (
        <div className="chart-grid-list">
          {chart.series.map((s) => (
            <LineChart key={s.name} title={s.name} unit="" series={[s]} description={`${s.name}. ${chart.description}`} />
          ))}
        </div>
      )}
    </section>
  )
}
