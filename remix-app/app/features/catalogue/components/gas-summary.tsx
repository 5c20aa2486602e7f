// A company's greenhouse gases in one year: the table by gas with its total row, and the chart by gas under it.
import type { GasSummary } from '../server/greenhouse-pages.server.ts'
import { BarChart } from '../../charts/components/bar-chart.tsx'
import { Table } from './data-table.tsx'

export function GasSummaryView({ summary }: { summary: GasSummary }) {
  return (
    <section className="gas-summary" aria-labelledby="gas-summary-title">
      <h2 id="gas-summary-title">{summary.caption}</h2>
      <Table columns={summary.columns} rows={summary.rows} total={summary.total} label={summary.caption} />
      <BarChart
        title="CO₂-эквивалент по газам, т"
        categories={summary.bars}
        heads={['Газ', 'CO₂-эквивалент, т']}
        description={`${summary.caption}: каждый газ в тоннах CO₂-эквивалента (потенциалы глобального потепления, как при проверке файла).`}
      />
    </section>
  )
}
