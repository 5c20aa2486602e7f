// A measuring point's page in a polygon's monitoring section: /measures-point-{section}/{id}/{kind} (regional) and
// /measure-point-{section}/{id}/{kind} (region-wide system); the kind segment is the point's own kind.
import type { LoaderFunctionArgs } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { pagePath } from '../../../utils/links.ts'
import { idParam, notFound } from '../server/not-found.ts'
import { SECTIONS, type SectionKey } from '../polygon-section-addresses.ts'
import { sectionPointCard } from '../server/polygon-sections.server.ts'
import { PointCard } from '../components/point-card.tsx'

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const named = /^(measures?)-point-(\w+)$/.exec(pagePath(request).split('/')[1] ?? '')
  if (!named || !(named[2] in SECTIONS)) throw notFound()
  const base = named[1] === 'measures' ? 'polygons' : 'polygons-yanao'
  return sectionPointCard(context, base, named[2] as SectionKey, idParam(params.id), params.kind ?? '', new URL(request.url).searchParams)
}

export default function SectionPointCard() {
  return <PointCard {...useLoaderData<typeof loader>()} />
}
