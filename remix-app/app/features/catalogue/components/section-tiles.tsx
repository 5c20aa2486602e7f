// Section tiles of a screen: a link per section (with its description, if any), or a plain tile for a section without a page.
import { Link } from '@remix-run/react'
import type { ReactNode } from 'react'

export interface Tile {
  title: string
  url: string | null
  description?: string | null
}

export function SectionTiles({ tiles, empty = 'Нет данных' }: { tiles: Tile[]; empty?: ReactNode }) {
  if (tiles.length === 0) return <p className="empty">{empty}</p>
  return (
    <ul className="tiles">
      {tiles.map((tile) => (
        <li key={tile.title}>
          {tile.url ? (
            <Link to={tile.url}>
              <span className="tile-title">{tile.title}</span>
              {tile.description ? <span className="tile-description">{tile.description}</span> : null}
            </Link>
          ) : (
            <span className="tile-disabled">
              <span className="tile-title">{tile.title}</span>
            </span>
          )}
        </li>
      ))}
    </ul>
  )
}
