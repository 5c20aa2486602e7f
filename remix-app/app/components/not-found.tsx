// The not-found screen of the spec: '404', 'Страница не найдена', 'Вернуться на главную'.
import { Link } from '@remix-run/react'

export function NotFound() {
  return (
    <section className="not-found">
      <h1>404</h1>
      <p>Страница не найдена</p>
      <Link className="button" to="/">
        Вернуться на главную
      </Link>
    </section>
  )
}
