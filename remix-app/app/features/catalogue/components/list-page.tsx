// The generic list page: filters in a GET form (the URL holds them, so links and the back button restore the list),
// search applied 750 ms after the last keystroke, 'Показать еще {limit}' while more rows exist, 'Нет данных' when empty.
import { Link, useLocation } from '@remix-run/react'
import type { ReactNode } from 'react'
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

export function ShowMore({ list }: { list: Pick<ListView, 'more' | 'pageSize'> }) {
  const location = useLocation()
  if (!list.more) return null
  return (
    <Link className="button show-more" to={`${location.pathname}${list.more}`} preventScrollReset replace={false}>
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
