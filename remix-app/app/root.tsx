// The shell of every page: header, navigation, content and footer.
import type { LinksFunction } from '@remix-run/node'
import { Links, Meta, Outlet, Scripts, ScrollRestoration, isRouteErrorResponse, useRouteError } from '@remix-run/react'
import type { ReactNode } from 'react'
import { NotFound } from './components/not-found.tsx'
import { SiteFooter, SiteHeader } from './components/site-chrome.tsx'
import stylesHref from './styles/app.css?url'

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: stylesHref }]

export function Layout({ children }: { children: ReactNode }) {
  return (
    <html lang="ru">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>Экологический мониторинг ЯНАО</title>
        <Meta />
        <Links />
      </head>
      <body>
        <SiteHeader />
        <main className="page">{children}</main>
        <SiteFooter />
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  )
}

export default function App() {
  return <Outlet />
}

export function ErrorBoundary() {
  const error = useRouteError()
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFound />
  return (
    <section className="error-page">
      <h1>Ошибка</h1>
      <p>Не удалось показать страницу. Попробуйте обновить её позже.</p>
    </section>
  )
}
