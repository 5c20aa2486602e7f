// The login page (spec §2, §7): Login and Password, posted as multipart to /auth/login/ with the X-CSRFToken header.
import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { type FormEvent, useState } from 'react'
import { LOGIN_MAX_LENGTH, loginFormError } from '@portal/workflow-service/auth/login-rules.ts'
import authStyles from '../styles/auth.css?url'

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: authStyles }]
export const meta: MetaFunction = () => [{ title: 'Вход — Экологический мониторинг ЯНАО' }]

export async function loader({ request, context }: LoaderFunctionArgs) {
  const next = new URL(request.url).searchParams.get('next')
  // The server checks `next` again; here it only travels with the form.
  return { csrfToken: context.csrfToken, next: next?.startsWith('/monitoring/') ? next : null }
}

export default function Login() {
  const { csrfToken, next } = useLoaderData<typeof loader>()
  const [error, setError] = useState<string | null>(null)
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
      <form method="post" action="/auth/login/" encType="multipart/form-data" onSubmit={submit} noValidate className="login-form">
        <input type="hidden" name="csrfmiddlewaretoken" value={csrfToken} />
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
        {error ? (
          <p className="form-error" role="alert">
            {error}
          </p>
        ) : null}
      </form>
    </section>
  )
}
