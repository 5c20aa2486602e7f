// The generic list page: filters in a GET form (the URL holds them, so links and the back button restore the list),
// search applied 750 ms after the last keystroke, 'Показать еще {limit}' while more rows exist, 'Нет данных' when empty.
import { Link, useLocation, useNavigate } from '@remix-run/react'
import { type MouseEvent, type ReactNode, useState } from 'react'
import type { Crumb } from '../../../utils/links.ts'
import type { ListItem, ListView } from '../server/views.server.ts'
import { FilterForm, type FilterControl } from '../../../components/filter-form.tsx'
import { PageHead } from '../../../components/page-head.tsx'
import type { TabLink } from '../../../components/tabs.tsx'

export function ItemList({ items, actions }: { items: ListItem[]; actions?: (item: ListItem) => ReactNode }) {
  if (items.length === 0) return <p className="empty">Нет данных</p>
  return (
    <ul className="list">
      {items.map((item) => (
        <li key={item.href ?? item.id}>
          <div className="item-main">
            {item.href && /^(\/files\/|\/api\/|https?:)/.test(item.href) ? <a href={item.href}>{item.title}</a> : item.href ? <Link to={item.href}>{item.title}</Link> : <span>{item.title}</span>}
            {item.details.length ? <div className="item-details">{item.details.join(' · ')}</div> : null}
          </div>
          {actions?.(item)}
        </li>
      ))}
    </ul>
  )
}

/** The address of a page's data, as Remix's single fetch asks for it (`/companies.data?limit=40`). */
const dataAddress = (pathname: string, search: string) => `${pathname.replace(/\/$/, '') || '/_root'}.data${search}`

/**
 * 'Показать еще': a link (it works without scripts). With them, the longer list is asked for first and the page moves
 * to it only once it came: a failed load just stops the loader, the rows shown stay and no 'Ошибка' replaces the page
 * (spec §8 «Failed list fetch: the loader stops. No message.»; decision 3604).
 */
export function ShowMore({ list }: { list: Pick<ListView, 'more' | 'pageSize'> }) {
  const location = useLocation()
  const navigate = useNavigate()
  const [loading, setLoading] = useState(false)
  if (!list.more) return null
  const to = `${location.pathname}${list.more}`
  const showMore = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return
    event.preventDefault()
    if (loading) return
    setLoading(true)
    fetch(dataAddress(`${window.location.pathname}`, list.more!), { credentials: 'same-origin' })
      .then((answer) => (answer.ok ? navigate(to, { preventScrollReset: true }) : undefined))
      .catch(() => undefined)
      .finally(() => setLoading(false))
  }
  return (
    <Link className="button show-more" to={to} preventScrollReset replace={false} onClick={showMore} aria-busy={loading || undefined}>
      Показать еще {list.pageSize}
    </Link>
  )
}

/** 'Скачать CSV' / 'Скачать XLSX': every row of the list with the current filters, as files from the API. */
export function DownloadLinks({ list }: { list: Pick<ListView, 'downloads' | 'count'> }) {
  if (!list.downloads || list.count === 0) return null
  return (
    <p className="downloads">
      <a href={list.downloads.csv} download>Скачать CSV</a>
      {' · '}
      <a href={list.downloads.xlsx} download>Скачать XLSX</a>
    </p>
  )
}

export function ListPage(props: {
  title: string
  crumbs: Crumb[]
  tabs?: TabLink[]
  controls: FilterControl[]
  list: ListView
  actions?: (item: ListItem) => ReactNode
  children?: ReactNode
}) {
  return (
    <section className="list-page">
      <PageHead title={props.title} crumbs={props.crumbs} tabs={props.tabs} />
      <FilterForm key={props.controls.map((c) => `${c.name}=${c.value}`).join('&')} controls={props.controls} />
      {props.children}
      <DownloadLinks list={props.list} />
      <ItemList items={props.list.items} actions={props.actions} />
      <ShowMore list={props.list} />
    </section>
  )
}
