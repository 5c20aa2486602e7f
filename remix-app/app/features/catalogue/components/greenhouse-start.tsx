// The greenhouse start page: one block per reporting year with its two sections.
import { Link } from '@remix-run/react'
import type { Crumb } from '../../../utils/links.ts'
import type { TabLink } from '../../../components/tabs.tsx'
import type { YearSections } from '../server/greenhouse-pages.server.ts'
import type { FilterControl } from '../../../components/filter-form.tsx'
import { PageHead } from '../../../components/page-head.tsx'
import { FilterForm } from '../../../components/filter-form.tsx'

export function GreenhouseStart({ title, crumbs, tabs, years, controls = [] }: { title: string; crumbs: Crumb[]; tabs?: TabLink[]; years: YearSections[]; controls?: FilterControl[] }) {
  return (
    <section>
      <PageHead title={title} crumbs={crumbs} tabs={tabs} />
      <FilterForm controls={controls} />
      {years.length === 0 ? (
        <p className="empty">Нет данных</p>
      ) : (
        <ul className="list year-sections">
          {years.map((y) => (
            <li key={y.year}>
              <h2>{y.title}</h2>
              <ul className="tiles">
                {y.sections.map((s) => (
                  <li key={s.to}>
                    <Link to={s.to}>
                      <span className="tile-title">{s.title}</span>
                    </Link>
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
