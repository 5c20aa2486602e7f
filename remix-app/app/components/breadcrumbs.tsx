// Breadcrumbs built from the parents a page declares: each crumb links back, the last is the page itself.
import { Link } from '@remix-run/react'
import type { Crumb } from '../utils/links.ts'

export function Breadcrumbs({ crumbs }: { crumbs: Crumb[] }) {
  if (crumbs.length < 2) return null
  return (
    <nav className="breadcrumbs" aria-label="Навигационная цепочка">
      <ol>
        {crumbs.map((crumb, i) => (
          <li key={`${crumb.to}-${i}`}>{i === crumbs.length - 1 ? <span aria-current="page">{crumb.title}</span> : <Link to={crumb.to}>{crumb.title}</Link>}</li>
        ))}
      </ol>
    </nav>
  )
}
