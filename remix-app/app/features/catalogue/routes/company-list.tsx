// 'Предприятия': the searchable company list (placeholder 'Искать по названию').
import type { LoaderFunctionArgs } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { HOME } from '../../../utils/links.ts'
import { listView, searchListParams, typeOrThrow } from '../server/views.server.ts'
import { ListPage } from '../components/list-page.tsx'

// The name of the page for its title (the loader's data carries none).
export const handle = { title: 'Предприятия' }

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { params, controls } = searchListParams(context, new URL(request.url).searchParams)
  const list = await listView(context, typeOrThrow('companies'), params, {}, ['search'])
  return { list, controls }
}

export default function Companies() {
  const { list, controls } = useLoaderData<typeof loader>()
  return <ListPage title="Предприятия" crumbs={[HOME, { title: 'Предприятия', to: '/companies' }]} controls={controls} list={list} />
}
