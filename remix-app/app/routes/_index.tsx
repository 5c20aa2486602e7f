// Home: section tiles of the catalogue.
import { Link } from '@remix-run/react'

const TILES = [
  { to: '/companies-by-kind/lem_industry', title: 'Локальный экологический мониторинг предприятий промышленности' },
  { to: '/companies-by-kind/gas_emissions', title: 'Парниковые газы' },
  { to: '/companies', title: 'Предприятия' },
  { to: '/areas', title: 'Лицензионные участки' },
]

export default function Home() {
  return (
    <section>
      <h1>Экологический мониторинг</h1>
      <ul className="tiles">
        {TILES.map((tile) => (
          <li key={tile.to}>
            <Link to={tile.to}>{tile.title}</Link>
          </li>
        ))}
      </ul>
    </section>
  )
}
