// limit/offset paging of list endpoints: the query schema and the {count, next, previous, results} answer.
import type { FastifyRequest } from 'fastify'
import { declaredQuery } from './declared-query.ts'
import { DEFAULT_PAGE_SIZE } from '@portal/workflow-domain/views.ts'

export { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE, PagingQuery } from '@portal/workflow-domain/views.ts'

export interface Page<T> {
  count: number
  next: string | null
  previous: string | null
  results: T[]
}

export function pageWindow(query: { limit?: number; offset?: number }): { limit: number; offset: number } {
  return { limit: query.limit ?? DEFAULT_PAGE_SIZE, offset: query.offset ?? 0 }
}

/**
 * Links to the neighbouring pages keep the other query parameters the route declares (as it reads them), never an
 * undeclared one: a list is stored in the public cache for everyone who asks it, so one asker's `?bust=…` must not
 * reach the others' links (decision 2311). They are built on PUBLIC_URL, or relative: never on the Host header, which
 * a client (or a cache poisoner) chooses.
 */
export function toPage<T>(request: FastifyRequest, results: T[], count: number, limit: number, offset: number): Page<T> {
  const url = new URL(request.url, 'http://portal.invalid')
  const base = request.server.config.publicUrl ?? ''
  const declared = declaredQuery(request)
  const link = (nextOffset: number) => {
    const params = new URLSearchParams(declared)
    params.set('limit', String(limit))
    params.set('offset', String(nextOffset))
    return `${base}${url.pathname}?${params.toString()}`
  }
  return {
    count,
    next: offset + limit < count ? link(offset + limit) : null,
    previous: offset > 0 ? link(Math.max(0, offset - limit)) : null,
    results,
  }
}
