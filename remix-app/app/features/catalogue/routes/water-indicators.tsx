// /water-indicators: the page 'Региональный мониторинг 2020-2025 годы' with its section 'Контроль состояния основных
// водных объектов ЯНАО' (catalogue.md §2.4), the list of the yearly water indicators, 20 at a time.
import type { LoaderFunctionArgs } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { HOME } from '../../../utils/links.ts'
import { listView, typeOrThrow, yearControl } from '../server/views.server.ts'
import { ListPage } from '../components/list-page.tsx'

export async function loader({ request, context }: LoaderFunctionArgs) {
  const params = new URL(request.url).searchParams
  const type = typeOrThrow('ecomon-water-indicators')
  // The registry names the page and its section, so a card's crumbs name this page as the page does.
  const title = type.pages?.listTitle ?? type.title
  const list = await listView(context, type, params, {}, ['year'])
  const year = await yearControl(context, type, params)
  return { title, heading: type.title, crumbs: [HOME, { title, to: '/water-indicators' }], controls: year ? [year] : [], list }
}

export default function WaterIndicators() {
  const { heading, ...page } = useLoaderData<typeof loader>()
  return (
    <ListPage {...page}>
      <h2>{heading}</h2>
    </ListPage>
  )
}
