// The error screen of a route: the 404 page for a missing record, a plain refusal for 403, else a short apology.
import { isRouteErrorResponse, Link, useRouteError } from '@remix-run/react'
import { NotFound } from './not-found.tsx'

export function RouteError({ forbiddenMessage }: { forbiddenMessage?: string }) {
  const error = useRouteError()
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFound />
  const forbidden = isRouteErrorResponse(error) && error.status === 403
  return (
    <section className="error-page">
      <h1>{forbidden ? 'Доступ запрещён' : 'Ошибка'}</h1>
      <p>{forbidden ? (forbiddenMessage ?? 'Недостаточно прав для этой страницы.') : 'Не удалось показать страницу. Попробуйте обновить её позже.'}</p>
      {/* A refusal is a dead end without a way back: the start page and the login for another account. */}
      <p className="error-page__actions">
        <Link className="button" to="/">
          Вернуться на главную
        </Link>
        {forbidden ? <Link to="/login">Войти под другой учётной записью</Link> : null}
      </p>
    </section>
  )
}
