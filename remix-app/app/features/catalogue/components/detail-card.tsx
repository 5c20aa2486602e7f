// The generic detail card: heading, breadcrumbs, tabs and groups of label/value rows (empty ones already left out).
import { Link } from '@remix-run/react'
import type { ReactNode } from 'react'
import type { Crumb } from '../../../utils/links.ts'
import type { Group } from '../server/views.server.ts'
import { Breadcrumbs } from '../../../components/breadcrumbs.tsx'
import { type TabLink, Tabs } from '../../../components/tabs.tsx'
import { withSubscripts } from '../../../utils/chemical-formula.ts'

export function ValueText({ text, href }: { text: string; href?: string }) {
  if (!href) return <>{text}</>
  const external = /^(\/files\/|\/api\/|https?:)/.test(href)
  return external ? <a href={href}>{text}</a> : <Link to={href}>{text}</Link>
}

export function CardGroups({ groups }: { groups: Group[] }) {
  if (groups.length === 0) return <p className="empty">Нет данных</p>
  return (
    <div className="card-groups">
      {groups.map((group) => (
        <section key={group.title} className="card-group">
          <h2>{group.title}</h2>
          <dl>
            {group.rows.map((row) => (
              <div key={row.label} className="card-row">
                <dt>{withSubscripts(row.label)}</dt>
                <dd>
                  <ValueText text={row.text} href={row.href} />
                </dd>
              </div>
            ))}
          </dl>
        </section>
      ))}
    </div>
  )
}

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

export function DetailCard({ title, crumbs, tabs, groups, children }: { title: string; crumbs: Crumb[]; tabs?: TabLink[]; groups: Group[]; children?: ReactNode }) {
  return (
    <section className="detail">
      <PageHead title={title} crumbs={crumbs} tabs={tabs} />
      <CardGroups groups={groups} />
      {children}
    </section>
  )
}
