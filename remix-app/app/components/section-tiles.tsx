// Section tiles of a screen: a link per section, or a plain tile for a section without a page.
import { Link } from '@remix-run/react'

export function SectionTiles({ tiles }: { tiles: Array<{ title: string; url: string | null }> }) {
  if (tiles.length === 0) return <p className="empty">Нет данных</p>
  return (
    <ul className="tiles">
      {tiles.map((tile) => (
        <li key={tile.title}>
          {tile.url ? (
            <Link to={tile.url}>
              <span className="tile-title">{tile.title}</span>
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
