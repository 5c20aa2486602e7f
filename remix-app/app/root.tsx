// The shell of every page: header, navigation, content and footer.
import type { LinksFunction, LoaderFunctionArgs } from '@remix-run/node'
import { isRouteErrorResponse, Links, Meta, Outlet, Scripts, ScrollRestoration, useMatches, useRouteLoaderData } from '@remix-run/react'
import { type ReactNode, useContext } from 'react'
// The router's state holds the error a route's own boundary shows; Remix's useRouteError gives it only inside that
// boundary, and its meta functions see only the routes above theirs (Remix's <Meta> reads the same context).
import { UNSAFE_DataRouterStateContext as RouterState } from 'react-router-dom'
import { seesNavigation, userInfo } from '@portal/workflow-domain/views.ts'
import { SiteFooter, SiteHeader } from './components/site-chrome.tsx'
import { PageLoader } from './components/page-loader.tsx'
import { useScrollCues } from './components/use-scroll-cues.ts'
import stylesHref from './styles/app.css?url'
import catalogueStylesHref from './styles/catalogue.css?url'
import chartStylesHref from './styles/charts.css?url'
import { RouteError } from './components/route-error.tsx'
import { errorTitle, titleOfMatches } from './utils/page-title.ts'
import faviconHref from './assets/favicon.svg?url&no-inline'

export const links: LinksFunction = () => [
  { rel: 'stylesheet', href: stylesHref },
  { rel: 'stylesheet', href: catalogueStylesHref },
  { rel: 'stylesheet', href: chartStylesHref },
  { rel: 'icon', type: 'image/svg+xml', href: faviconHref },
]

/** The header's count of unread notifications (none if the count cannot be read). */
async function unreadOf(context: LoaderFunctionArgs['context']): Promise<number> {
  const outcome = await context.notifications.unreadCount(context.useCaseContext, {})
  return outcome.ok ? outcome.value : 0
}

// The user is known before the page is rendered (server-side), so the content never waits or flashes.
export async function loader({ context }: LoaderFunctionArgs) {
  return {
    user: userInfo(context.user),
    navigation: seesNavigation(context.user),
    csrfToken: context.csrfToken,
    nonce: context.cspNonce,
    // Shown on an error page, so a user's report finds the log's lines (a cached page gets each request's own).
    requestId: context.requestId,
    unread: context.user ? await unreadOf(context) : 0,
  }
}

export function Layout({ children }: { children: ReactNode }) {
  const root = useRouteLoaderData<typeof loader>('root')
  // The one <title> of every page: the deepest route that knows its name decides; an error shown by any route's
  // boundary (the 404, 403 and 400 pages) names what went wrong instead.
  const matches = useMatches()
  const error = Object.values(useContext(RouterState)?.errors ?? {})[0]
  const title = error !== undefined ? errorTitle(isRouteErrorResponse(error) ? error.status : 500) : titleOfMatches(matches)
  useScrollCues()
  return (
    <html lang="ru">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{title}</title>
        <Meta />
        <Links />
      </head>
      <body>
        {/* The first stop of the keyboard: past the header's links straight to the page's own content. */}
        <a className="skip-link" href="#content">
          Перейти к содержанию
        </a>
        <SiteHeader user={root?.user ?? null} csrfToken={root?.csrfToken ?? ''} navigation={root?.navigation ?? false} unread={root?.unread ?? 0} />
        <main id="content" className="page" tabIndex={-1}>
          {children}
        </main>
        <SiteFooter />
        <PageLoader />
        <ScrollRestoration nonce={root?.nonce} />
        <Scripts nonce={root?.nonce} />
      </body>
    </html>
  )
}

export default function App() {
  return <Outlet />
}

export function ErrorBoundary() {
  return <RouteError />
}
