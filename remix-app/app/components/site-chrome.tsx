// Header (logo to main) and footer (© and the current year) around every page.
import { Form, Link } from '@remix-run/react'
import type { UserInfo } from '@portal/workflow-domain/views.ts'
import { SiteSearch } from './site-search.tsx'

/** Spec §2 shell: the bar is shown to Department and Administrator users only (Предприятия is hidden). */
export const NAVIGATION = [
  { to: `/?section=${encodeURIComponent('Локальный экологический мониторинг')}`, title: 'ЛЭМ' },
  { to: `/?section=${encodeURIComponent('Парниковые газы')}`, title: 'Парниковые газы' },
  { to: `/?section=${encodeURIComponent('Региональный экологический мониторинг')}`, title: 'РЭМ' },
  { to: `/?section=${encodeURIComponent('Исследования')}`, title: 'Исследования' },
  { to: `/?section=${encodeURIComponent('Водные объекты')}`, title: 'Водные объекты' },
  { to: '/reference', title: 'Справочники' },
]

export interface SiteHeaderProps {
  user: UserInfo | null
  csrfToken: string
  navigation: boolean
  /** Unread notifications of the logged-in user. */
  unread?: number
}

/** The username (a link to the admin page for those who may open it) and logout; 'Гость' and login for the public. */
function UserMenu({ user, csrfToken, unread = 0 }: Omit<SiteHeaderProps, 'navigation'>) {
  if (!user?.username) {
    return (
      <span className="user">
        Гость · <Link to="/login">Войти</Link>
      </span>
    )
  }
  return (
    <span className="user">
      {user.admin ? <Link to="/admin">{user.username}</Link> : <span>{user.username}</span>}
      {/* The Department's daily work starts at the review lists; the server still checks every request. */}
      {user.groups.includes('Департамент') ? (
        <>
          {' · '}
          <Link to="/department-reports">Отчеты на рассмотрении</Link>
          {' · '}
          <Link to="/board">Сводка отчётности</Link>
        </>
      ) : null}
      {/* A license holder's start page after login; the header leads back to it from anywhere. */}
      {user.groups.includes('Недропользователь') && user.company ? (
        <>
          {' · '}
          <Link to="/board">Мои отчёты</Link>
        </>
      ) : null}
      {' · '}
      <Link to="/notifications" className="notifications-link" aria-label={unread > 0 ? `Уведомления ${unread}, непрочитанных: ${unread}` : 'Уведомления'}>
        Уведомления{unread > 0 ? <span className="badge"> {unread}</span> : null}
      </Link>
      {' · '}
      <Form method="post" action="/logout" reloadDocument className="logout-form">
        <input type="hidden" name="csrfmiddlewaretoken" value={csrfToken} />
        <button type="submit" className="link-button">Выйти</button>
      </Form>
    </span>
  )
}

export function SiteHeader({ user, csrfToken, navigation, unread }: SiteHeaderProps) {
  return (
    <>
    <header className="site-header">
      <Link to="/" className="logo" aria-label="Экологический мониторинг ЯНАО — на главную">
        <span className="logo-mark" aria-hidden="true">◆</span>
        <span>Экологический мониторинг ЯНАО</span>
      </Link>
      <SiteSearch />
      <UserMenu user={user} csrfToken={csrfToken} unread={unread} />
    </header>
    {/* The Department and Administrators get the sections; Администрация an empty bar (spec §6); others none. */}
    {navigation || user?.groups.includes('Администрация') ? (
      <nav className="site-nav" aria-label="Разделы">
        {navigation ? NAVIGATION.map((item) => <Link key={item.title} to={item.to}>{item.title}</Link>) : null}
      </nav>
    ) : null}
    </>
  )
}

export function SiteFooter() {
  return (
    <footer className="site-footer">
      <span>© {new Date().getFullYear()} Департамент природно-ресурсного регулирования и развития нефтегазового комплекса ЯНАО</span>
      {/* The API's page is served by the API, outside the pages' /monitoring/ base: a plain link, not a route. */}
      <a href="/api/docs" className="site-footer__api">
        Описание API
      </a>
    </footer>
  )
}
