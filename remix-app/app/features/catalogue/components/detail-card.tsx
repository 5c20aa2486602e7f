// The generic detail card: heading, breadcrumbs, tabs and groups of label/value rows (empty ones already left out).
import { Link } from '@remix-run/react'
import type { ReactNode } from 'react'
import type { Crumb } from '../../../utils/links.ts'
import type { Group } from '../server/views.server.ts'
import type { TabLink } from '../../../components/tabs.tsx'
import { PageHead } from '../../../components/page-head.tsx'
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

export function DetailCard({ title, crumbs, tabs, groups, children }: { title: string; crumbs: Crumb[]; tabs?: TabLink[]; groups: Group[]; children?: ReactNode }) {
  return (
    <section className="detail">
      <PageHead title={title} crumbs={crumbs} tabs={tabs} />
      <CardGroups groups={groups} />
      {children}
    </section>
  )
}
