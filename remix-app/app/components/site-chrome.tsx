// Header (logo to main) and footer (© and the current year) around every page.
import { Link } from '@remix-run/react'

export function SiteHeader() {
  return (
    <header className="site-header">
      <Link to="/" className="logo" aria-label="На главную">
        <span className="logo-mark" aria-hidden="true">◆</span>
        <span>Экологический мониторинг ЯНАО</span>
      </Link>
      <span className="user">Гость</span>
    </header>
  )
}

export function SiteFooter() {
  return (
    <footer className="site-footer">
      © {new Date().getFullYear()} Департамент природно-ресурсного регулирования и развития нефтегазового комплекса ЯНАО
    </footer>
  )
}
