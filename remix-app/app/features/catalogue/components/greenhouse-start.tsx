// The greenhouse start page: one block per reporting year with its two sections, each tile with its emblem and accent
// and what it holds that year (decision 3609); the newest year is marked.
import { Link } from '@remix-run/react'
import type { Crumb } from '../../../utils/links.ts'
import type { TabLink } from '../../../components/tabs.tsx'
import type { YearSection, YearSections } from '../server/greenhouse-pages.server.ts'
import type { FilterControl } from '../../../components/filter-form.tsx'
import { PageHead } from '../../../components/page-head.tsx'
import { FilterForm } from '../../../components/filter-form.tsx'

/** A sign per section, beside its title: a cloud for the emissions, the recycling sign for the activities that cut them. */
const EMBLEMS: Record<YearSection['kind'], string> = { emissions: '☁', activities: '♻' }

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
            <li key={y.year} className={y.latest ? 'latest-year' : undefined}>
              <div className="year-head">
                <h2>{y.title}</h2>
                {y.latest ? <span className="year-badge">последний отчётный год</span> : null}
              </div>
              <ul className="tiles">
                {y.sections.map((s) => (
                  <li key={s.to} className={`tile-${s.kind}`}>
                    <Link to={s.to}>
                      <span className="tile-emblem" aria-hidden="true">
                        {EMBLEMS[s.kind]}
                      </span>
                      <span className="tile-title">{s.title}</span>
                      {s.facts.map((fact) => (
                        <span key={fact} className="tile-fact">
                          {fact}
                        </span>
                      ))}
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
