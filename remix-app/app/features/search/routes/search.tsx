// /search?q=…[&kind=companies|areas|points|water|substances]: the site search's results, a group per kind (the first 10 of
// each, or up to 50 of the one kind in the address), each hit linking to its page; a substance opens the map of the
// points that measure it.
import type { LoaderFunctionArgs } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { AREA_KINDS, POINT_KINDS } from '@portal/workflow-domain/registry.ts'
import { MIN_QUERY, type SearchHit, type SearchKind } from '@portal/workflow-domain/use-cases.server.ts'
import { HOME, recordHref } from '../../../utils/links.ts'
import { PageHead } from '../../../components/page-head.tsx'
import { readValue } from '../../../utils/use-case-answers.server.ts'

const GROUPS: Array<{ kind: SearchKind; title: string }> = [
  { kind: 'companies', title: 'Предприятия' },
  { kind: 'areas', title: 'Участки и полигоны' },
  { kind: 'points', title: 'Пункты наблюдения' },
  { kind: 'water', title: 'Водные объекты' },
  { kind: 'substances', title: 'Вещества' },
]

function linkOf(kind: SearchKind, hit: SearchHit): string {
  if (kind === 'companies') return `/companies/${hit.id}`
  if (kind === 'areas') return recordHref('areas', { id: hit.id!, kind: hit.kind }) ?? `/areas/${hit.id}`
  if (kind === 'points') return `/measures-points/${hit.id}`
  // A water object has no page of its own: the points on it are listed by the observation system that controls it.
  if (kind === 'water') return hit.system_id ? `/water-systems/${hit.system_id}/points` : '/water-systems'
  return `/map?${new URLSearchParams({ substance: hit.name, year: '' })}`
}

function detailsOf(kind: SearchKind, hit: SearchHit): string {
  if (kind === 'companies') return hit.details ? `ИНН ${hit.details}` : ''
  if (kind === 'areas') return [AREA_KINDS[hit.kind as keyof typeof AREA_KINDS], hit.details].filter(Boolean).join(' · ')
  if (kind === 'points') return [POINT_KINDS[hit.kind as keyof typeof POINT_KINDS], hit.details].filter(Boolean).join(' · ')
  if (kind === 'water') return hit.details ?? ''
  return 'Пункты, где его измеряют, на карте'
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const params = new URL(request.url).searchParams
  const q = (params.get('q') ?? '').replace(/\s+/g, ' ').trim().slice(0, 200)
  const only = GROUPS.find((g) => g.kind === params.get('kind'))?.kind ?? null
  const crumbs = [HOME, { title: 'Поиск', to: `/search?${new URLSearchParams({ q })}` }]
  const title = q ? `Поиск: ${q}` : 'Поиск'
  // The shortest query is the search's own rule (the API's too); the page says it as a hint instead of an error.
  if (q.length < MIN_QUERY) return { title, crumbs, q, only, groups: [], hint: `Введите не меньше ${MIN_QUERY} символов.` }
  const found = await context.catalogue.search(context.useCaseContext, { q, limit: only ? 50 : 10 }).then(readValue)
  const groups = GROUPS.filter((g) => !only || g.kind === only).map((g) => ({
    ...g,
    count: found[g.kind].count,
    hits: found[g.kind].results.map((hit) => ({ key: `${hit.id ?? hit.name}`, name: hit.name, href: linkOf(g.kind, hit), details: detailsOf(g.kind, hit) })),
  }))
  const total = groups.reduce((sum, g) => sum + g.count, 0)
  return { title, crumbs, q, only, groups, hint: total === 0 ? 'Ничего не найдено.' : null }
}

export default function SearchPage() {
  const { title, crumbs, q, only, groups, hint } = useLoaderData<typeof loader>()
  return (
    <section className="search-results">
      <PageHead title={title} crumbs={crumbs} />
      {only ? (
        <p>
          <Link to={`/search?${new URLSearchParams({ q })}`}>Все виды результатов</Link>
        </p>
      ) : null}
      {hint ? <p className="empty">{hint}</p> : null}
      {groups
        .filter((g) => g.count > 0)
        .map((g) => (
          <section key={g.kind} aria-labelledby={`found-${g.kind}`}>
            <h2 id={`found-${g.kind}`}>
              {g.title} ({g.count})
            </h2>
            <ul className="list">
              {g.hits.map((hit) => (
                <li key={hit.key}>
                  <div className="item-main">
                    <Link to={hit.href}>{hit.name}</Link>
                    {hit.details ? <div className="item-details">{hit.details}</div> : null}
                  </div>
                </li>
              ))}
            </ul>
            {g.count > g.hits.length && !only ? (
              <p>
                <Link to={`/search?${new URLSearchParams({ q, kind: g.kind })}`}>Показать все: {g.count}</Link>
              </p>
            ) : null}
          </section>
        ))}
    </section>
  )
}
