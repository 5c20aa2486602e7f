// The title of a page in the browser's tab and history: '{заголовок} — Экологический мониторинг ЯНАО', built from
// what the page's own loader already returns (its title or its breadcrumbs), so a new page gets a title for free.
import { SITE_TITLE } from '@portal/workflow-domain/views.ts'

export { SITE_TITLE }

type Crumb = { title: string }
type TitledData = { title?: unknown; crumbs?: unknown; heading?: unknown }
type TitledMatch = { data?: unknown; handle?: unknown }

function crumbTitles(crumbs: unknown): string[] {
  if (!Array.isArray(crumbs)) return []
  return crumbs
    .map((c) => (c && typeof (c as Crumb).title === 'string' ? (c as Crumb).title.trim() : ''))
    .filter((t) => t && t !== 'Главная')
}

/** The words of a title, lower case, without the punctuation between them. */
function wordsOf(text: string): string[] {
  return text.toLowerCase().split(/[\s—–:;,.«»()"№]+/u).filter(Boolean)
}

/** A crumb adds nothing to the title when each of its words is already in it (a receipt's «Квитанция № 12»). */
function repeats(own: string, crumb: string): boolean {
  const said = new Set(wordsOf(own))
  return wordsOf(crumb).every((word) => said.has(word))
}

/** The page's own name and the record it belongs to, most specific first: 'Пункты наблюдения — Участок 12'. */
export function titleParts(data: unknown, handle?: unknown): string[] {
  const d = (data ?? {}) as TitledData
  const h = (handle ?? {}) as TitledData
  const handleTitle = typeof h.title === 'function' && data ? (h.title as (data: unknown) => unknown)(data) : h.title
  const own = [d.title, d.heading, handleTitle].find((v): v is string => typeof v === 'string' && v.trim() !== '')
  const trail = crumbTitles(d.crumbs).reverse()
  const parts = own ? [own.trim(), ...trail.filter((t) => !repeats(own, t))] : trail
  // Two levels say which record a page is about; more would only repeat the breadcrumbs.
  return [...new Set(parts)].slice(0, 2)
}

/** The title of an error page: what went wrong, then the portal. */
export function errorTitle(status: number): string {
  return pageTitle([status === 404 ? 'Страница не найдена' : status === 403 ? 'Доступ запрещён' : 'Ошибка'])
}

export function pageTitle(parts: string[]): string {
  return [...parts, SITE_TITLE].join(' — ')
}

/** The deepest route that knows its name decides the title. */
export function titleOfMatches(matches: readonly TitledMatch[]): string {
  for (const match of [...matches].reverse()) {
    const parts = titleParts(match.data, match.handle)
    if (parts.length) return pageTitle(parts)
  }
  return SITE_TITLE
}

/** What a route declares as `handle` to name itself when its loader's data carries no title. */
export interface TitleHandle<Data = unknown> {
  title: string | ((data: Data) => string | undefined)
}
