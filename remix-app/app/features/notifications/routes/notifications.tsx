// /notifications: the logged-in user's notifications of report status changes, newest first; one button marks them
// all read (a plain form, so it works without JavaScript). The header shows the unread count.
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { redirect } from '@remix-run/node'
import { Form, useLoaderData, useRouteLoaderData } from '@remix-run/react'
import { formatDateTime } from '@portal/workflow-service/registry.ts'
import { RouteError } from '../../../components/route-error.tsx'
import { pageValue } from '../../../utils/use-case-answers.server.ts'
import type { TitleHandle } from '../../../utils/page-title.ts'

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
    <section>
      <h1>Уведомления</h1>
      {unread > 0 ? (
        <Form method="post">
          <input type="hidden" name="csrfmiddlewaretoken" value={root?.csrfToken ?? ''} />
          <button type="submit">Отметить все прочитанными</button>
        </Form>
      ) : null}
      {notifications.length === 0 ? (
        <p className="empty">Уведомлений нет</p>
      ) : (
        <ul className="notifications">
          {notifications.map((n) => (
            <li key={n.id} className={n.unread ? 'notification unread' : 'notification'}>
              {/* The title says what happened; unread is the item's style, and words only for a screen reader. */}
              <strong>
                {n.unread ? <span className="visually-hidden">Не прочитано. </span> : null}
                {n.title}
              </strong>
              <div>{n.body}</div>
              {n.events > 1 ? <div className="notification-events">Событий по этому отчёту: {n.events}</div> : null}
              <small>
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
