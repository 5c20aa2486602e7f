// Tabs of a company, area or point page: links to the record's sub-pages, the current one marked.
import { NavLink } from '@remix-run/react'

export interface TabLink {
  title: string
  to: string
}

export function Tabs({ tabs }: { tabs: TabLink[] }) {
  if (tabs.length < 2) return null
  return (
    <nav className="tabs" aria-label="Вкладки">
      {tabs.map((tab) => (
        <NavLink key={tab.to} to={tab.to} end className={({ isActive }) => (isActive ? 'tab active' : 'tab')}>
          {tab.title}
        </NavLink>
      ))}
    </nav>
  )
}
