// A page of one table with its filters (greenhouse categories, reports of a point).
import type { Crumb } from '../../../utils/links.ts'
import type { FilterControl } from '../../../components/filter-form.tsx'
import { Table } from './data-table.tsx'
import { PageHead } from '../../../components/page-head.tsx'
import { FilterForm } from '../../../components/filter-form.tsx'
import type { TabLink } from '../../../components/tabs.tsx'

export function TablePage(props: { title: string; crumbs: Crumb[]; tabs?: TabLink[]; controls: FilterControl[]; columns: string[]; rows: Array<{ id: number; cells: string[] }> }) {
  return (
    <section>
      <PageHead title={props.title} crumbs={props.crumbs} tabs={props.tabs} />
      <FilterForm key={props.controls.map((c) => c.value).join()} controls={props.controls} />
      <Table columns={props.columns} rows={props.rows} />
    </section>
  )
}
