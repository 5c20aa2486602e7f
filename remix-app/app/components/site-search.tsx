// The search box in the header: a GET form to /search, so a search is an address like any list.
import { Form, useLocation } from '@remix-run/react'

export function SiteSearch() {
  const location = useLocation()
  const current = location.pathname.replace(/\/+$/, '').endsWith('/search') ? new URLSearchParams(location.search).get('q') ?? '' : ''
  return (
    <Form method="get" action="/search" role="search" className="site-search" key={current}>
      <input type="search" name="q" defaultValue={current} placeholder="Поиск по сайту" aria-label="Поиск по сайту" maxLength={200} minLength={2} required />
      <button type="submit" className="button">Найти</button>
    </Form>
  )
}
