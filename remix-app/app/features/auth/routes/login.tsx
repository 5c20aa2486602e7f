// The login page (spec §2, §7): Login and Password, posted as multipart to /auth/login/ with the X-CSRFToken header;
// without JavaScript the same form posts to this page's action (its hidden csrfmiddlewaretoken checked before Remix).
import { type ActionFunctionArgs, data, type LinksFunction, type LoaderFunctionArgs, redirect } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import { type FormEvent, useState } from 'react'
import { LOGIN_MAX_LENGTH, loginFormError, PORTAL_HOME, safeNext } from '@portal/workflow-domain/views.ts'
import { SESSION_COOKIE } from '@portal/workflow-domain/use-cases.server.ts'
import { readCookies, sessionCookie } from '@portal/workflow-server/cookies.server.ts'
import authStyles from '../../../styles/auth.css?url'
import { refusalAnswer } from '../../../utils/use-case-answers.server.ts'
import type { TitleHandle } from '../../../utils/page-title.ts'
import { readPageForm } from '../../../utils/form-refusal.ts'
import { FormError } from '../../../components/form-error.tsx'

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: authStyles }]
export const handle: TitleHandle = { title: 'Вход' }

export async function loader({ request, context }: LoaderFunctionArgs) {
  const next = new URL(request.url).searchParams.get('next')
  // The server checks `next` again when the form comes back; here only a path of the portal travels with the form.
  return { csrfToken: context.csrfToken, next: (next !== null && safeNext(next, '')) || null }
}

/** The login of a browser without JavaScript: the same rules, throttle and session as POST /auth/login/. */
export async function action({ request, context }: ActionFunctionArgs) {
  const form = await readPageForm(request)
  const username = form.get('username')
  const password = form.get('password')
  const invalid = loginFormError({ username, password })
  if (invalid) return data({ error: invalid.message }, { status: 400 })
  const outcome = await context.accounts.logIn(context.useCaseContext, {
    username: String(username),
    password: String(password),
    previousToken: readCookies(request.headers.get('cookie') ?? undefined)[SESSION_COOKIE] ?? null,
  })
  if (!outcome.ok) return data({ error: refusalAnswer(outcome.refusal).detail }, { status: 400 })
  const result = outcome.value
  if (!result.ok) {
    if (result.reason === 'locked') return data({ error: result.message }, { status: 429, headers: { 'Retry-After': String(result.retryAfterSeconds) } })
    return data({ error: result.message }, { status: 401 })
  }
  const secure = new URL(request.url).protocol === 'https:'
  // A full page load follows, so the new session's user and CSRF token reach every part of the page.
  // Remix puts the base path /monitoring in front of a redirect of its own, so the target goes without it.
  const target = safeNext(form.get('next'), result.home).slice(PORTAL_HOME.length - 1)
  return redirect(target, { headers: { 'Set-Cookie': sessionCookie(result.token, secure) } })
}

export default function Login() {
  const { csrfToken, next } = useLoaderData<typeof loader>()
  // The page action answers only browsers without JavaScript: its error is the page's first state, rendered on the server.
  const refused = useActionData() as { error?: string } | undefined
  const [error, setError] = useState<string | null>(refused?.error ?? null)
  const [sending, setSending] = useState(false)

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const form = new FormData(event.currentTarget)
    const invalid = loginFormError({ username: form.get('username'), password: form.get('password') })
    if (invalid) {
      setError(invalid.message)
      return
    }
    if (next) form.set('next', next)
    setSending(true)
    try {
      const response = await fetch('/auth/login/', {
        method: 'POST',
        body: form,
        headers: { 'X-CSRFToken': String(form.get('csrfmiddlewaretoken') ?? '') },
        credentials: 'same-origin',
      })
      const answer = (await response.json()) as { errors?: string | null; router?: string | null; detail?: string }
      if (!answer.errors && answer.router) {
        window.location.assign(answer.router)
        return
      }
      setError(answer.errors ?? answer.detail ?? 'Не удалось войти.')
    } catch (reason) {
      // Spec §8: a network error of the login is only logged.
      console.error('login failed', reason)
    } finally {
      setSending(false)
    }
  }

  const invalid = error !== null
  return (
    <section className="login">
      <h1>Вход</h1>
      <form method="post" onSubmit={submit} noValidate className="login-form">
        <input type="hidden" name="csrfmiddlewaretoken" value={csrfToken} />
        {next ? <input type="hidden" name="next" value={next} /> : null}
        <label>
          Логин
          <input
            name="username"
            autoComplete="username"
            required
            maxLength={LOGIN_MAX_LENGTH}
            aria-invalid={invalid}
            className={invalid ? 'invalid' : undefined}
            onInput={() => setError(null)}
          />
        </label>
        <label>
          Пароль
          <input
            name="password"
            type="password"
            autoComplete="current-password"
            required
            maxLength={LOGIN_MAX_LENGTH}
            aria-invalid={invalid}
            className={invalid ? 'invalid' : undefined}
            onInput={() => setError(null)}
          />
        </label>
        <button type="submit" className="button" disabled={sending}>
          Войти
        </button>
        <FormError message={error} />
      </form>
    </section>
  )
}
