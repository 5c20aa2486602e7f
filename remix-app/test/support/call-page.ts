// Calls the page an address resolves to through the declared URL space (app/routes.ts), as Remix would: the route
// that matches, its module's loader with the request, its params and a load context. Answers the loader's data, or
// the status of the Response it threw or returned (404, a redirect, 403).
import type { AppLoadContext } from '@remix-run/node'
import { matchRoutes } from '@remix-run/router'
import routes from '../../app/routes.ts'

type Loader = (args: { request: Request; params: Record<string, string | undefined>; context: AppLoadContext }) => Promise<unknown>

export interface PageAnswer {
  /** The id of the route the address matched (`not-found` for the 404 page). */
  route: string
  status: number
  /** The loader's data (any: each page has its own shape). */
  data: any
  location?: string | null
}

const table = routes.map((r) => ({ id: r.id, path: r.path, index: r.index, file: r.file }))

export function routeOf(path: string): { id: string; file: string; params: Record<string, string | undefined> } {
  const matches = matchRoutes(table, path.split('?')[0]) ?? []
  const match = matches.at(-1)
  if (!match) throw new Error(`no route for ${path}`)
  return { id: match.route.id, file: match.route.file, params: match.params }
}

export async function callPage(path: string, context: AppLoadContext): Promise<PageAnswer> {
  const { id, file, params } = routeOf(path)
  const module = (await import(/* @vite-ignore */ `../../app/${file}`)) as { loader?: Loader }
  const request = new Request(`http://localhost/monitoring${path}`)
  try {
    const data = module.loader ? await module.loader({ request, params, context }) : null
    if (data instanceof Response) return { route: id, status: data.status, data: null, location: data.headers.get('location') }
    return { route: id, status: 200, data }
  } catch (thrown) {
    if (thrown instanceof Response) return { route: id, status: thrown.status, data: null, location: thrown.headers.get('location') }
    // A refusal thrown with Remix's `data(message, { status })`: the 400 page and its Russian message.
    const refused = thrown as { type?: string; data?: unknown; init?: { status?: number } | null }
    if (refused?.type === 'DataWithResponseInit') return { route: id, status: refused.init?.status ?? 200, data: refused.data }
    throw thrown
  }
}
