// Home: the section tiles of /api/v1/get-sections/; `?section=<title>` opens a subsection; a license holder with no
// section data sees their own company page.
import { data, type LoaderFunctionArgs } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { SECTION_MAX_LENGTH, sectionTiles, sectionTrail } from '@portal/workflow-domain/registry.ts'
import { Breadcrumbs } from '../../../components/breadcrumbs.tsx'
import { DetailCard } from '../components/detail-card.tsx'
import { companyCard } from '../server/company-card.server.ts'
import { SectionTiles } from '../components/section-tiles.tsx'

export async function loader({ request, context }: LoaderFunctionArgs) {
  const section = new URL(request.url).searchParams.get('section')?.trim() || null
  // A title the sections' API refuses (spec §8: a failed load of the sections is an error with its detail), not an
  // unknown section's «Нет данных, назад».
  if (section && section.length > SECTION_MAX_LENGTH) throw data(`Раздел: не длиннее ${SECTION_MAX_LENGTH} знаков`, { status: 400 })
  const holder = context.user?.groups.includes('Недропользователь') && context.user.companyId !== null
  const tiles = holder && !section ? [] : sectionTiles(section)
  // The license holder's start page is their company's card, shown in place (the address stays the home page).
  const company = tiles.length === 0 && holder && !section ? await companyCard(context, context.user!.companyId!) : null
  const trail = section ? sectionTrail(section) ?? [section] : []
  // A section's page is titled by it; the home page itself is the portal's name alone.
  return { section, tiles, trail, company, ...(section ? { title: section } : {}) }
}

export default function Home() {
  const { section, tiles, trail, company } = useLoaderData<typeof loader>()
  if (company) return <DetailCard {...company} />
  const crumbs = [{ title: 'Главная', to: '/' }, ...trail.map((title) => ({ title, to: `/?section=${encodeURIComponent(title)}` }))]
  return (
    <section>
      <Breadcrumbs crumbs={crumbs} />
      <h1>{section ?? 'Экологический мониторинг'}</h1>
      {section ? null : (
        <p className="home-links">
          <Link to="/map">Карта пунктов наблюдения</Link>
          {' · '}
          <Link to="/exceedances">Превышения ПДК</Link>
        </p>
      )}
      <SectionTiles tiles={tiles} empty={<Link to="/">Нет данных, назад</Link>} />
    </section>
  )
}
