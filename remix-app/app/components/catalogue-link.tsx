// The way from a role's start page (the Department's queue and board, the administrator's users, the holder's board)
// to the public catalogue every visitor sees (decision 3602).
import { Link } from '@remix-run/react'

export const CATALOGUE_LINK_TEXT = 'Открытый каталог результатов мониторинга'

export function CatalogueLink() {
  return <Link to="/">{CATALOGUE_LINK_TEXT}</Link>
}
