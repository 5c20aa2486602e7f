// 'Справочники': the downloadable report templates.
import type { LoaderFunctionArgs } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { HOME } from '../../../utils/links.ts'
import { listWithRecords, searchControl, typeOrThrow } from '../server/views.server.ts'
import { ListPage } from '../components/list-page.tsx'

// The name of the page for its title (the loader's data carries none).
export const handle = { title: 'Справочники' }

export async function loader({ request, context }: LoaderFunctionArgs) {
  const params = new URL(request.url).searchParams
  const { view, records } = await listWithRecords(context, typeOrThrow('report-templates'), params, {}, ['search'])
  const list = { ...view, items: view.items.map((item, i) => ({ ...item, href: String(records[i].filepath) })) }
  return { list, controls: [searchControl(params)] }
}

export default function Reference() {
  const { list, controls } = useLoaderData<typeof loader>()
  return <ListPage title="Справочники" crumbs={[HOME, { title: 'Справочники', to: '/reference' }]} controls={controls} list={list} />
}
