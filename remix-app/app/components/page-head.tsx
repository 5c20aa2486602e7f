// A page's heading: breadcrumbs, the title with the records the page belongs to, and its tabs. Every section's pages
// begin with it (the catalogue's, the map, the search, the exceedances), so it stands below the features.
import type { Crumb } from '../utils/links.ts'
import { Breadcrumbs } from './breadcrumbs.tsx'
import { type TabLink, Tabs } from './tabs.tsx'

const AREA_CARD = /^\/(areas|polygons|polygons-yanao)\/\d+$/

/**
 * The records a page belongs to, for its heading: the record whose tabs it shows (a sub-page of a company, area or
 * point) and the area or polygon above it, leaving out what the title already says.
 */
export function headingRecords(title: string, crumbs: Crumb[], tabs?: TabLink[]): string[] {
  const own = tabs && tabs.length > 1 ? crumbs.find((c) => c.to === tabs[0].to) : undefined
  const area = [...crumbs].reverse().find((c) => AREA_CARD.test(c.to))
  const names = [own?.title, area?.title].filter((t): t is string => Boolean(t) && !title.includes(t!))
  return [...new Set(names)]
}

export function PageHead({ title, crumbs, tabs }: { title: string; crumbs: Crumb[]; tabs?: TabLink[] }) {
  const records = headingRecords(title, crumbs, tabs)
  return (
    <>
      <Breadcrumbs crumbs={crumbs} />
      <h1>
        {title}
        {records.length ? <span className="heading-record"> — {records.join(', ')}</span> : null}
      </h1>
      {tabs ? <Tabs tabs={tabs} /> : null}
    </>
  )
}
