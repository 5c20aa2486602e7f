// The floor's shell: a header, the page and a footer, with Remix's document parts (meta, links, scripts).
import { Links, Meta, Outlet, Scripts } from '@remix-run/react'
import type { ReactNode } from 'react'

export function Layout({ children }: { children: ReactNode }) {
  return (
    <html lang="ru">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>Пол</title>
        <Meta />
        <Links />
      </head>
      <body>
        <header>
          <a href="/monitoring/">Портал экологического мониторинга</a>
        </header>
        <main>{children}</main>
        <footer>© Ямало-Ненецкий автономный округ</footer>
        <Scripts />
      </body>
    </html>
  )
}

export default function App() {
  return <Outlet />
}
