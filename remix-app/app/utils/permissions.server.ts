// Page-side use of the permission table: the same can() as the API, answered as a redirect to login or a 403 page.
import { redirect } from '@remix-run/node'
import { can, type CurrentUser, type Permission, type Resource } from '@portal/workflow-domain/views.ts'

/** The public is sent to the login page (and back after it); a logged-in user without the right gets 403. */
export function requirePermission(request: Request, user: CurrentUser | null, permission: Permission, resource?: Resource): CurrentUser {
  if (!user) {
    const url = new URL(request.url)
    // Remix adds the basename /monitoring to a redirect's location; `next` is the full path for the login script.
    throw redirect(`/login?${new URLSearchParams({ next: `${url.pathname}${url.search}` })}`)
  }
  if (!can(user, permission, resource)) {
    throw new Response('У вас недостаточно прав для выполнения данного действия.', { status: 403, statusText: 'Forbidden' })
  }
  return user
}
