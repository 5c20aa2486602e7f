// The error screen of a route: the 404 page for a missing record, a plain refusal for 403, else a short apology.
import { isRouteErrorResponse, Link, useRouteError, useRouteLoaderData } from '@remix-run/react'
import { NotFound } from './not-found.tsx'

export function RouteError({ forbiddenMessage }: { forbiddenMessage?: string }) {
  const error = useRouteError()
  const requestId = (useRouteLoaderData('root') as { requestId?: string } | undefined)?.requestId
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFound />
  const forbidden = isRouteErrorResponse(error) && error.status === 403
  // A refused address (a year out of range): the loader's Russian message, which names the field.
  const refused = isRouteErrorResponse(error) && error.status === 400 && typeof error.data === 'string' ? error.data : null
  return (
    <section className="error-page">
      <h1>{forbidden ? 'Доступ запрещён' : 'Ошибка'}</h1>
      <p>{forbidden ? (forbiddenMessage ?? 'Недостаточно прав для этой страницы.') : (refused ?? 'Не удалось показать страницу. Попробуйте обновить её позже.')}</p>
      {/* A failure of ours: what the log knows it by, never what went wrong (no stack, no SQL, no path). */}
      {!forbidden && !refused && requestId ? <p className="error-page__request">{`Код запроса: ${requestId}`}</p> : null}
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
