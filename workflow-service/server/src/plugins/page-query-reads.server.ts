// Which query parameters a page's render reads, so the public cache keys a page by those alone (issue 22 item 9,
// decision 2232). Loaders and components read the query as `new URL(request.url).searchParams.get(…)`, a fresh object
// each time that no wrapper given to them could follow; so URLSearchParams' reading methods note, while a render runs
// inside `readingQuery`, the names they are asked. Anything that reads every parameter at once (iteration) notes
// ALL, and the page is then keyed by its whole query, as before. Outside a render nothing is noted.
import { AsyncLocalStorage } from 'node:async_hooks'

/** The names a render read, or ALL when it looked at the whole query. */
export type QueryReads = Set<string> | typeof ALL
export const ALL = Symbol('every query parameter')

const current = new AsyncLocalStorage<{ names: Set<string>; all: boolean }>()
let installed = false

function install(): void {
  if (installed) return
  installed = true
  const proto = URLSearchParams.prototype
  for (const method of ['get', 'getAll', 'has'] as const) {
    const original = Reflect.get(proto, method) as (this: URLSearchParams, name: string, ...rest: unknown[]) => unknown
    Reflect.set(proto, method, function (this: URLSearchParams, name: string, ...rest: unknown[]) {
      current.getStore()?.names.add(String(name))
      return original.call(this, name, ...rest)
    })
  }
  // toString and size are no reads: Node's own URL code calls them when Remix deletes a parameter, and toString is
  // how a page carries its query on into links («more», a sort). A loader that hands its whole query to something
  // that acts on it must ask for the names it needs.
  for (const method of ['entries', 'keys', 'values', 'forEach', Symbol.iterator] as const) {
    const original = Reflect.get(proto, method) as (this: URLSearchParams, ...rest: unknown[]) => unknown
    Reflect.set(proto, method, function (this: URLSearchParams, ...rest: unknown[]) {
      const store = current.getStore()
      if (store && !store.all && !fromDatabaseDriver()) store.all = true
      return original.apply(this, rest)
    })
  }
}

/**
 * pg parses its connection string's options by iterating them when a render opens a connection: that URL is the
 * database's, not the page's. Looked up only on an iteration inside a render, which pages' loaders do not do.
 */
function fromDatabaseDriver(): boolean {
  return /[\\/]node_modules[\\/]pg(-connection-string)?[\\/]/.test(new Error().stack ?? '')
}

/** Runs `render` noting the query parameters read in it (and in everything it awaits). */
export async function readingQuery<T>(render: () => Promise<T>): Promise<{ value: T; reads: QueryReads }> {
  install()
  const store = { names: new Set<string>(), all: false }
  const value = await current.run(store, render)
  return { value, reads: store.all ? ALL : store.names }
}

/**
 * Per route, the names its renders have read so far: a page's key holds the values of these names only. A render that
 * reads a new name widens the set; entries stored under the narrower set stay right (their renders read fewer names).
 */
export class QueryNamesByRoute {
  private readonly names = new Map<string, QueryReads>()

  of(route: string): QueryReads {
    return this.names.get(route) ?? new Set()
  }

  /** Adds what a render read; the route's set after it. */
  widen(route: string, reads: QueryReads): QueryReads {
    const known = this.of(route)
    const next = known === ALL || reads === ALL ? ALL : new Set([...known, ...reads])
    this.names.set(route, next)
    return next
  }
}

/** The query pairs of `query` whose names are in `names` (every pair for ALL), sorted by name, one name's values in their order. */
export function keptQuery(query: string, names: QueryReads): Array<[string, string]> {
  const kept = [...new URLSearchParams(query)].filter(([name]) => names === ALL || names.has(name))
  // By name only, and stable: the order of one name's values is what getAll answers, so it stays.
  kept.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
  return kept
}

/**
 * The cache key of a page: its path (the page's own spelling, see pageAddressMatcher; `.data` or not) and, sorted, the
 * query pairs whose names the route reads; every pair when it reads them all. The sort makes `?a=1&b=2` and `?b=2&a=1`
 * one; the parsing makes `?search=%D0%93` and `?search=Г` one.
 */
export function pageCacheKey(url: string, names: QueryReads): string {
  const at = url.indexOf('?')
  const path = at < 0 ? url : url.slice(0, at)
  return JSON.stringify([path, keptQuery(at < 0 ? '' : url.slice(at + 1), names)])
}

/** Whether the query names a parameter that is in `wider` but was left out by `narrower`: a render must see it. */
export function readsMore(query: string, narrower: QueryReads, wider: QueryReads): boolean {
  if (narrower === ALL) return false
  return [...new URLSearchParams(query).keys()].some((name) => !narrower.has(name) && (wider === ALL || wider.has(name)))
}
