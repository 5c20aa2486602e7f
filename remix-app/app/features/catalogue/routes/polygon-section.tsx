// A monitoring section of a polygon: the polygon's points of the section, each opening its page in the section.
// /polygons/{id}/ecomonitoring-system/ecomonitoring-{section}[/{kind_point}], /polygons-yanao/{id}/{section}-monitoring/.
import type { LoaderFunctionArgs } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { pagePath } from '../../../utils/links.ts'
import { idParam, notFound } from '../server/not-found.ts'
import { SECTIONS, type SectionKey, type SystemBase } from '../polygon-section-addresses.ts'
import { sectionPoints } from '../server/polygon-sections.server.ts'
import { DeletePointButton } from '../components/delete-point-button.tsx'
import { ListPage } from '../components/list-page.tsx'

/** The system and section an address names (the route config declares each section's address literally). */
function sectionOf(path: string): { base: SystemBase; section: SectionKey } {
  const segments = path.split('/').filter(Boolean)
  const named = segments[0] === 'polygons' ? /^ecomonitoring-(\w+)$/.exec(segments[3] ?? '') : /^(\w+)-monitoring$/.exec(segments[2] ?? '')
  if (!named || !(named[1] in SECTIONS)) throw notFound()
  return { base: segments[0] === 'polygons' ? 'polygons' : 'polygons-yanao', section: named[1] as SectionKey }
}

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { base, section } = sectionOf(pagePath(request))
  return sectionPoints(context, base, idParam(params.id), section, params.kindPoint, new URL(request.url).searchParams)
}

export default function PolygonSection() {
  const { canDelete, ...data } = useLoaderData<typeof loader>()
  return <ListPage {...data} actions={canDelete ? (item) => <DeletePointButton id={item.id} name={item.title} /> : undefined} />
}
