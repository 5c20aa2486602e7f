// The admin pages' own navigation: users, then each kind of reference data; and the way to the public catalogue.
import { NavLink } from '@remix-run/react'
import { CatalogueLink } from '../../../components/catalogue-link.tsx'

export interface AdminNavKind {
  kind: string
  title: string
}

export function AdminNav({ kinds }: { kinds: AdminNavKind[] }) {
  const cls = ({ isActive }: { isActive: boolean }) => (isActive ? 'tab active' : 'tab')
  return (
    <>
    <nav className="tabs" aria-label="Разделы администрирования">
      <NavLink to="/admin" end className={cls}>Пользователи</NavLink>
      {kinds.map((k) => (
        <NavLink key={k.kind} to={`/admin/reference/${k.kind}`} className={cls}>{k.title}</NavLink>
      ))}
    </nav>
    <p className="board-hint">
      <CatalogueLink />
    </p>
    </>
  )
}
