// A polygon's monitoring system, one route for its screen and its sections: /polygons/{id}/ecomonitoring-system and
// /polygons-yanao/{id}/monitoring show the sections as tiles; /polygons/{id}/ecomonitoring-system/ecomonitoring-{section}
// [/{kind_point}] and /polygons-yanao/{id}/{section}-monitoring/ list the polygon's points of a section, each opening
// its page in the section. The route config declares each address literally (routes.ts).
import type { LoaderFunctionArgs } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { pagePath } from '../../../utils/links.ts'
import { idParam, notFound } from '../server/not-found.ts'
import { SECTIONS, type SectionKey, type SystemBase } from '../polygon-section-addresses.ts'
import { monitoringSystem, sectionPoints } from '../server/polygon-sections.server.ts'
import { PageHead } from '../../../components/page-head.tsx'
import { SectionTiles } from '../components/section-tiles.tsx'
import { DeletePointButton } from '../components/delete-point-button.tsx'
import { ListPage } from '../components/list-page.tsx'

/** The system an address is under, and the section it names (none: the system's screen). */
function addressOf(path: string): { base: SystemBase; section: SectionKey | null } {
  const segments = path.split('/').filter(Boolean)
  const base: SystemBase = segments[0] === 'polygons' ? 'polygons' : 'polygons-yanao'
  const named = base === 'polygons' ? segments[3] : segments[2] === 'monitoring' ? undefined : segments[2]
  if (named === undefined) return { base, section: null }
  const section = (base === 'polygons' ? /^ecomonitoring-(\w+)$/ : /^(\w+)-monitoring$/).exec(named)?.[1]
  if (!section || !Object.hasOwn(SECTIONS, section)) throw notFound()
  return { base, section: section as SectionKey }
}

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { base, section } = addressOf(pagePath(request))
  const id = idParam(params.id)
  if (section === null) return { view: 'system' as const, ...(await monitoringSystem(context, base, id)) }
  return { view: 'section' as const, ...(await sectionPoints(context, base, id, section, params.kindPoint, new URL(request.url).searchParams)) }
}

export default function PolygonMonitoring() {
  const data = useLoaderData<typeof loader>()
  if (data.view === 'system') {
    return (
      <section>
        <PageHead title={data.title} crumbs={data.crumbs} tabs={data.tabs} />
        <SectionTiles tiles={data.tiles} />
      </section>
    )
  }
  const { view: _view, canDelete, ...list } = data
  return <ListPage {...list} actions={canDelete ? (item) => <DeletePointButton id={item.id} name={item.title} /> : undefined} />
}
