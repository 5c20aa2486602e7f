// Logout: a POST (with the hidden csrfmiddlewaretoken) ends the session; opening the link asks to confirm first.
import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs } from '@remix-run/node'
import { redirect } from '@remix-run/node'
import { Form, useLoaderData } from '@remix-run/react'
import { SESSION_COOKIE } from '@portal/workflow-domain/use-cases.server.ts'
import { clearedSessionCookie, readCookies } from '@portal/workflow-server/cookies.server.ts'
import authStyles from '../../../styles/auth.css?url'

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: authStyles }]

export async function loader({ context }: LoaderFunctionArgs) {
  // Remix adds the basename /monitoring to redirect locations.
  if (!context.user) throw redirect('/login')
  return { username: context.user.username, csrfToken: context.csrfToken }
}

// The CSRF token was checked before Remix saw this request (the auth plugin's rule for pages).
export async function action({ request, context }: ActionFunctionArgs) {
  const token = readCookies(request.headers.get('cookie') ?? undefined)[SESSION_COOKIE]
  if (token) await context.accounts.logOut(context.useCaseContext, { token })
  const secure = new URL(request.url).protocol === 'https:'
  return redirect('/login', { headers: { 'Set-Cookie': clearedSessionCookie(secure) } })
}

export default function Logout() {
  const { username, csrfToken } = useLoaderData<typeof loader>()
  return (
    <section className="login">
      <h1>Выход</h1>
      <Form method="post" className="login-form">
        <input type="hidden" name="csrfmiddlewaretoken" value={csrfToken} />
        <p>Выйти из учётной записи {username}?</p>
        <button type="submit" className="button">
          Выйти
        </button>
      </Form>
    </section>
  )
}
