// A company's card: every field of the Company entity in groups, and the tabs of its audience.
import type { LoaderFunctionArgs } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { companyCard } from '../server/company-card.server.ts'
import { idParam } from '../server/not-found.ts'
import { DetailCard } from '../components/detail-card.tsx'

export async function loader({ params, context }: LoaderFunctionArgs) {
  return companyCard(context, idParam(params.id))
}

export default function Company() {
  const { areas, ...data } = useLoaderData<typeof loader>()
  return (
    <DetailCard {...data}>
      {areas.length ? (
        <section aria-labelledby="company-areas">
          <h2 id="company-areas">Лицензионные участки</h2>
          <ul className="list">
            {areas.map((area) => (
              <li key={area.href}>
                <Link to={area.href}>{area.name}</Link>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </DetailCard>
  )
}
