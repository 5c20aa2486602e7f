// What a route reads of its address: the query parameters and path parameters its schemas declare, each spelt the
// way the route reads it. One answer for every spelling of the same request, so the public cache keys it once and a
// stored list links its neighbours without anybody's extra parameters (decision 2311).
import type { FastifyRequest } from 'fastify'

type Properties = Record<string, { type?: unknown }>

const byName = ([a]: [string, string], [b]: [string, string]) => (a < b ? -1 : a > b ? 1 : 0)

/**
 * A value as the route's schema reads it: a declared number or integer is read by Fastify's validator as `+value`
 * (`03`, `3.0`, `+3`, ` 3` and `3e0` are all 3), so it is spelt as that number; anything else as it was given.
 */
function spelt(schema: { type?: unknown } | undefined, value: string): string {
  if ((schema?.type === 'integer' || schema?.type === 'number') && value !== '' && !Number.isNaN(Number(value))) return String(Number(value))
  return value
}

function propertiesOf(schema: unknown): Properties | undefined {
  return (schema as { properties?: Properties } | undefined)?.properties
}

/**
 * The query pairs the route's querystring schema declares, sorted by name (one name's repeated values keep their
 * order), numbers spelt as the route reads them. A route that declares no query (none of the public lists) keeps
 * every pair: what it reads is not known.
 */
export function declaredQuery(request: FastifyRequest): Array<[string, string]> {
  const declared = propertiesOf(request.routeOptions.schema?.querystring)
  const at = request.url.indexOf('?')
  const pairs = [...new URLSearchParams(at < 0 ? '' : request.url.slice(at + 1))]
  const kept: Array<[string, string]> = declared === undefined ? pairs : pairs.filter(([name]) => Object.hasOwn(declared, name)).map(([name, value]) => [name, spelt(declared[name], value)])
  return kept.sort(byName)
}

/** The path parameters as the route's params schema reads them (before validation, `05` and `5` are one id). */
export function declaredParams(request: FastifyRequest): Array<[string, string]> {
  const declared = propertiesOf(request.routeOptions.schema?.params)
  const raw = Object.entries((request.params ?? {}) as Record<string, string>)
  return raw.map(([name, value]): [string, string] => [name, declared && Object.hasOwn(declared, name) ? spelt(declared[name], String(value)) : String(value)]).sort(byName)
}
