// /notifications: the logged-in user's notifications of report status changes, newest first, each a card: an unread
// one tinted with an accent edge and dot, a decline with a red edge; one button marks them all read (a plain form, so it works
// without JavaScript). The header shows the unread count.
import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs } from '@remix-run/node'
import { redirect } from '@remix-run/node'
import { Form, useLoaderData, useRouteLoaderData } from '@remix-run/react'
import { formatDateTime } from '@portal/workflow-domain/registry.ts'
import { RouteError } from '../../../components/route-error.tsx'
import { pageValue } from '../../../utils/use-case-answers.server.ts'
import type { TitleHandle } from '../../../utils/page-title.ts'
import notificationStyles from '../../../styles/notifications.css?url'

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: notificationStyles }]

/** The kinds that ask the reader to act again stand out: the Department declined their report. */
const STANDS_OUT = new Set(['report_rejected'])

// The shell writes the one <title> from this (a `meta` title would be a second one, after the shell's).
export const handle: TitleHandle = { title: 'Уведомления' }

function loginFirst(request: Request): never {
  const url = new URL(request.url)
  throw redirect(`/login?${new URLSearchParams({ next: `${url.pathname}${url.search}` })}`)
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  if (!context.user) loginFirst(request)
  const found = pageValue(request, context.user, await context.notifications.notifications(context.useCaseContext, { limit: 100, offset: 0 }))
  return {
    unread: found.unread,
    notifications: found.results.map((n) => ({
      id: n.id,
      title: n.title,
      body: n.body,
      // Links are stored with the portal's base path; pages link without it.
      link: n.link?.replace(/^\/monitoring/, '') ?? null,
      created: formatDateTime(n.created),
      unread: n.read === null,
      declined: STANDS_OUT.has(n.kind),
      events: n.events,
    })),
  }
}

export async function action({ request, context }: ActionFunctionArgs) {
  if (!context.user) loginFirst(request)
  pageValue(request, context.user, await context.notifications.markRead(context.useCaseContext, {}))
  return redirect('/notifications')
}

/** The link says where it leads: the exceedances list of a publication's notice, a report's conversation, else the reports. */
const linkWords = (link: string) => (link.startsWith('/exceedances') ? 'Открыть превышения' : /\/reports\/\d+\/messages$/.test(link) ? 'Открыть переписку' : 'Открыть отчёты')

export default function Notifications() {
  const { notifications, unread } = useLoaderData<typeof loader>()
  const root = useRouteLoaderData<{ csrfToken: string }>('root')
  return (
    <section className="notifications-page">
      <div className="notifications-head">
        <h1>Уведомления</h1>
        {unread > 0 ? (
          <Form method="post">
            <input type="hidden" name="csrfmiddlewaretoken" value={root?.csrfToken ?? ''} />
            <button type="submit" className="button">
              Отметить все прочитанными
            </button>
          </Form>
        ) : null}
      </div>
      {notifications.length === 0 ? (
        <p className="empty">Уведомлений нет</p>
      ) : (
        <ul className="notifications" aria-label="Уведомления">
          {notifications.map((n) => (
            <li key={n.id} className={['notification', n.unread ? 'unread' : '', n.declined ? 'declined' : ''].filter(Boolean).join(' ')}>
              {/* The title says what happened; unread is the item's tint, edge and dot, and words only for a screen reader
                  (decision 2611: no «Новое:» before the title). */}
              <div className="notification-title">
                <strong>
                  {n.unread ? <span className="visually-hidden">Не прочитано. </span> : null}
                  {n.title}
                </strong>
              </div>
              <div className="notification-body">{n.body}</div>
              {n.events > 1 ? <div className="notification-events">Событий по этому отчёту: {n.events}</div> : null}
              <small className="notification-meta">
                {n.created}
                {n.link ? (
                  <>
                    {' · '}
                    <a href={`/monitoring${n.link}`}>{linkWords(n.link)}</a>
                  </>
                ) : null}
              </small>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}

export { RouteError as ErrorBoundary }
