// A measuring point's card with its readings table (values coloured by their multiple of the limit).
import type { SerializeFrom } from '@remix-run/node'
import type { PointCardData } from '../server/point-card.server.ts'
import { ReadingsTable } from './data-table.tsx'
import { DetailCard } from './detail-card.tsx'

export function PointCard({ readings, year, ...card }: SerializeFrom<PointCardData>) {
  return (
    <DetailCard {...card}>
      <section className="card-group">
        <h2>Показания{year ? ` за ${year} год` : ''}</h2>
        <ReadingsTable readings={readings} />
      </section>
    </DetailCard>
  )
}
