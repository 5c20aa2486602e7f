// The company page's tabs for license holders (spec §2): 'Отчетность', 'Формы и справочники', and 'Оценка состояния' for lem_industry.
import { NavLink } from '@remix-run/react'

export function holderCompanyTabs(companyId: number, kind: string): Array<{ to: string; title: string }> {
  return [
    { to: `/companies/${companyId}/reports`, title: 'Отчетность' },
    { to: '/reference', title: 'Формы и справочники' },
    ...(kind === 'lem_industry' ? [{ to: `/companies/${companyId}/assessment`, title: 'Оценка состояния' }] : []),
  ]
}

export function HolderCompanyTabs({ companyId, kind }: { companyId: number; kind: string }) {
  return (
    <nav className="tabs" aria-label="Разделы предприятия">
      {holderCompanyTabs(companyId, kind).map((tab) => (
        <NavLink key={tab.to} to={tab.to} className={({ isActive }) => (isActive ? 'tab tab-active' : 'tab')}>
          {tab.title}
        </NavLink>
      ))}
    </nav>
  )
}
