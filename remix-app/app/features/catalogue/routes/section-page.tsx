// Start pages of the regional monitoring with their section tiles (catalogue.md §1, §2.9):
// /regional-ekomonitoring, the regional monitoring home (four tiles), and /management-systems
// ('Развитие экологического мониторинга'), the alternative start page of the regional monitoring system.
import type { LoaderFunctionArgs } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { REGIONAL_HOME, REGIONAL_SYSTEM, sectionTiles } from '@portal/workflow-domain/registry.ts'
import { HOME, pagePath } from '../../../utils/links.ts'
import { notFound } from '../server/not-found.ts'
import { PageHead } from '../../../components/page-head.tsx'
import { SectionTiles } from '../components/section-tiles.tsx'

export const SECTION_PAGES: Record<string, { title: string; section: string }> = {
  '/regional-ekomonitoring': { title: REGIONAL_HOME, section: REGIONAL_HOME },
  '/management-systems': { title: 'Развитие экологического мониторинга', section: REGIONAL_SYSTEM },
}

export async function loader({ request }: LoaderFunctionArgs) {
  const path = pagePath(request).replace(/\/+$/, '')
  const page = SECTION_PAGES[path]
  if (!page) throw notFound()
  return { title: page.title, crumbs: [HOME, { title: page.title, to: path }], tiles: sectionTiles(page.section) }
}

export default function SectionPage() {
  const { title, crumbs, tiles } = useLoaderData<typeof loader>()
  return (
    <section>
      <PageHead title={title} crumbs={crumbs} tabs={[]} />
      <SectionTiles tiles={tiles} />
    </section>
  )
}
