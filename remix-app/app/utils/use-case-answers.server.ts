// How a page answers a use-case's refusal: the same mapping as the API's (status and Russian message), shown as the
// login page, the 403 or 404 page for a loader, or as the message of an action's answer.
import { redirect } from '@remix-run/node'
import { refusalAnswer } from '@portal/workflow-domain/views.ts'
import type { CurrentUser, Outcome, Refusal } from '@portal/workflow-domain/views.ts'

/** The error page of a refused read: the public goes to log in, a wrong or missing record is the 404 page. */
export function refusalPage(request: Request, user: CurrentUser | null, refusal: Refusal): Response {
  if (refusal.reason === 'forbidden' || refusal.reason === 'login-required') {
    if (!user) {
      const url = new URL(request.url)
      // Remix adds the basename /monitoring to a redirect's location; `next` is the full path for the login script.
      return redirect(`/login?${new URLSearchParams({ next: `${url.pathname}${url.search}` })}`)
    }
    return new Response(refusalAnswer(refusal).detail, { status: 403, statusText: 'Forbidden' })
  }
  return errorPageOf(refusal)
}

function errorPageOf(refusal: Refusal): Response {
  const { status, detail } = refusalAnswer(refusal)
  // An address naming a record that does not exist (or no record at all) is the 404 page.
  if (status === 404 || refusal.reason === 'invalid-input') return new Response(null, { status: 404, statusText: 'Not Found' })
  return new Response(detail, { status })
}

/** The value of a loader's use-case, or its refusal thrown as the page that answers it. */
export function pageValue<T>(request: Request, user: CurrentUser | null, outcome: Outcome<T>): T {
  if (!outcome.ok) throw refusalPage(request, user, outcome.refusal)
  return outcome.value
}

export { refusalAnswer }

/**
 * The value of a public read (the catalogue's), or its refusal thrown as the error page: a filter, id or type that
 * does not parse is the 404 page, as a record that is not there. These reads refuse nobody for who they are.
 */
export function readValue<T>(outcome: Outcome<T>): T {
  if (!outcome.ok) throw errorPageOf(outcome.refusal)
  return outcome.value
}
