// Answers a SensorThings read: walks the resource path (`Datastreams(100003)/Observations`, `Things(1)/name/$value`),
// reads the entity set's view with the request's options, and shapes entities as the standard writes them
// (`@iot.id`, `@iot.selfLink`, navigation links, `@iot.count`, `@iot.nextLink`, one level of `$expand`). Every read
// runs in a read-only transaction with a statement timeout, so no filter holds the database for long.
import { type Kysely, type RawBuilder, sql } from 'kysely'
import type { Database } from '@portal/migrations/database.ts'
import { StaQueryError } from './filter-parser.ts'
import { filterSql, orderSql } from './filter-sql.server.ts'
import { ENTITY_SETS, type EntitySet, entitySet, type Navigation, type Row, type SetName } from './entity-sets.server.ts'
import { type Expand, type Options, parseOptions } from './query-options.ts'

/** The longest a SensorThings statement may run before it is refused as too wide. */
export const STA_STATEMENT_TIMEOUT_MS = 10_000

export type StaAnswer = { kind: 'json'; body: unknown } | { kind: 'text'; text: string }

export type StaFailure = { kind: 'bad-query'; parameter: string; detail: string } | { kind: 'not-found'; detail: string }

export class StaFailed extends Error {
  constructor(readonly failure: StaFailure) {
    super(failure.detail)
  }
}

const notFound = (detail: string): never => {
  throw new StaFailed({ kind: 'not-found', detail })
}

/** The service root: the entity sets and the conformance classes served. */
export function serviceRoot(base: string): unknown {
  return {
    value: (Object.keys(ENTITY_SETS) as SetName[]).map((name) => ({ name, url: `${base}/${name}` })),
    serverSettings: {
      conformance: [
        'http://www.opengis.net/spec/iot_sensing/1.1/req/datamodel',
        'http://www.opengis.net/spec/iot_sensing/1.1/req/resource-path/resource-path-to-entities',
        'http://www.opengis.net/spec/iot_sensing/1.1/req/request-data',
      ],
    },
  }
}

interface Segment {
  name: string
  id: number | null
}

const SEGMENT = /^([A-Za-z]+|\$value)(?:\((?:(\d{1,15})|'(\d{1,15})')\))?$/

function segmentsOf(path: string): Segment[] {
  return path
    .split('/')
    .filter((part) => part !== '')
    .map((part) => {
      const m = SEGMENT.exec(part)
      if (!m) return notFound(`SensorThings: нет ресурса «${part}»`)
      const id = m[2] ?? m[3]
      return { name: m[1], id: id === undefined ? null : Number(id) }
    })
}

type Place =
  | { kind: 'collection'; set: EntitySet; where: RawBuilder<unknown>[]; path: string }
  | { kind: 'entity'; set: EntitySet; row: Row; path: string }
  | { kind: 'property'; set: EntitySet; row: Row; name: string; raw: boolean }

const conditionOf = (navigation: Navigation, row: Row, alias = 'e') =>
  sql.join(navigation.pairs.map(([tc, sc]) => sql`${sql.ref(`${alias}.${tc}`)} = ${row[sc]}`), sql` AND `)

async function one(db: Kysely<Database>, set: EntitySet, where: RawBuilder<unknown>[]): Promise<Row | undefined> {
  const { rows } = await sql<Row>`SELECT e.* FROM (${set.view}) AS e WHERE ${sql.join(where, sql` AND `)} LIMIT 1`.execute(db)
  return rows[0]
}

async function placeOf(db: Kysely<Database>, segments: Segment[]): Promise<Place> {
  const [first, ...rest] = segments
  const set = entitySet(first.name)
  if (!set) return notFound(`SensorThings: нет набора «${first.name}»`)
  let place: Place = { kind: 'collection', set, where: [], path: set.name }
  const enter = async (id: number) => {
    if (place.kind !== 'collection') return notFound('SensorThings: идентификатор после одной сущности')
    const row = await one(db, place.set, [...place.where, place.set.byId(id)])
    if (!row) return notFound(`SensorThings: ${place.set.name}(${id}) не найдена`)
    place = { kind: 'entity', set: place.set, row, path: `${place.set.name}(${id})` }
  }
  if (first.id !== null) await enter(first.id)
  for (const segment of rest) {
    if (place.kind === 'property') {
      if (segment.name !== '$value' || place.raw) return notFound(`SensorThings: после свойства — только $value`)
      place = { kind: 'property', set: place.set, row: place.row, name: place.name, raw: true }
      continue
    }
    if (place.kind !== 'entity') return notFound(`SensorThings: «${segment.name}» после набора — укажите идентификатор`)
    const from: EntitySet = place.set
    const row: Row = place.row
    const navigation: Navigation | undefined = Object.hasOwn(from.navigation, segment.name) ? from.navigation[segment.name] : undefined
    if (navigation) {
      const target: EntitySet = ENTITY_SETS[navigation.target]
      const where: RawBuilder<unknown>[] = [conditionOf(navigation, row)]
      if (navigation.many) {
        place = { kind: 'collection', set: target, where, path: `${place.path}/${segment.name}` }
        if (segment.id !== null) await enter(segment.id)
      } else {
        if (segment.id !== null) return notFound(`SensorThings: ${segment.name} — одна сущность, без идентификатора`)
        const found: Row | undefined = await one(db, target, where)
        if (!found) return notFound(`SensorThings: у ${place.path} нет ${segment.name}`)
        place = { kind: 'entity', set: target, row: found, path: `${target.name}(${Number(found.id)})` }
      }
      continue
    }
    const property = segment.name === 'id' ? 'id' : segment.name
    if (segment.id === null && Object.hasOwn(from.properties, property)) {
      place = { kind: 'property', set: from, row, name: property, raw: false }
      continue
    }
    return notFound(`SensorThings: у ${from.name} нет «${segment.name}»`)
  }
  return place
}

function checkSelect(set: EntitySet, select: string[] | null): void {
  for (const name of select ?? []) {
    if (name === '@iot.id' || name === '@iot.selfLink' || Object.hasOwn(set.properties, name) || Object.hasOwn(set.navigation, name)) continue
    throw new StaQueryError('$select', `$select: у ${set.name} нет «${name}»`)
  }
}

function checkExpand(set: EntitySet, expand: Expand[]): void {
  for (const item of expand) {
    if (!Object.hasOwn(set.navigation, item.navigation)) throw new StaQueryError('$expand', `$expand: у ${set.name} нет связи «${item.navigation}» (есть ${Object.keys(set.navigation).join(', ')})`)
    const target = ENTITY_SETS[set.navigation[item.navigation].target]
    checkSelect(target, item.options.select)
    // The expansion's filter and order are checked before anything is read.
    if (item.options.filter) filterSql(target, item.options.filter)
    orderSql(target, item.options.orderBy)
  }
}

const encode = (value: string) => encodeURIComponent(value).replace(/%24/g, '$').replace(/%2C/g, ',').replace(/%2F/g, '/')

/** The link of the next page: the same request with `$skip` moved on by `$top`. */
function nextLink(base: string, path: string, query: Record<string, unknown>, options: Options): string {
  const kept = Object.entries(query).filter(([name, value]) => name.startsWith('$') && name !== '$skip' && name !== '$top' && typeof value === 'string') as Array<[string, string]>
  const parts = [...kept.map(([name, value]) => `${name}=${encode(value)}`), `$top=${options.top}`, `$skip=${options.skip + options.top}`]
  return `${base}/${path}?${parts.join('&')}`
}

function expandLink(self: string, navigation: string, item: Options, raw: Record<string, string>): string {
  const parts = [...Object.entries(raw).map(([name, value]) => `${name}=${encode(value)}`), `$top=${item.top}`, `$skip=${item.skip + item.top}`]
  return `${self}/${navigation}?${parts.join('&')}`
}

/** An entity as the standard writes it: its id and links, its properties (or those of `$select`), its expansions. */
function shape(base: string, set: EntitySet, row: Row, select: string[] | null, expanded: Record<string, unknown> = {}): Record<string, unknown> {
  const id = Number(row.id)
  const self = `${base}/${set.name}(${id})`
  const wanted = (name: string) => select === null || select.includes(name)
  const out: Record<string, unknown> = {}
  if (wanted('@iot.id') || wanted('id')) out['@iot.id'] = id
  if (wanted('@iot.selfLink')) out['@iot.selfLink'] = self
  for (const [name, def] of Object.entries(set.properties)) if (name !== 'id' && wanted(name)) out[name] = def.value(row)
  for (const name of Object.keys(set.navigation)) {
    if (Object.hasOwn(expanded, name)) Object.assign(out, expanded[name])
    else if (wanted(name)) out[`${name}@iot.navigationLink`] = `${self}/${name}`
  }
  return out
}

/** The `$expand`s of a page of entities: one query per expansion, at most `$top` per parent (a window per parent). */
async function expansions(db: Kysely<Database>, base: string, set: EntitySet, rows: Row[], expand: Expand[], rawExpand: Map<string, Record<string, string>>): Promise<Array<Record<string, unknown>>> {
  const out = rows.map(() => ({}) as Record<string, unknown>)
  if (rows.length === 0) return out
  for (const item of expand) {
    const navigation = set.navigation[item.navigation]
    const target = ENTITY_SETS[navigation.target]
    const { options } = item
    const keys = navigation.pairs.map(([tc]) => sql.ref(`e.${tc}`))
    const tuples = sql.join(rows.map((row) => sql`(${sql.join(navigation.pairs.map(([, sc]) => row[sc]))})`))
    const filter = options.filter ? sql`AND ${filterSql(target, options.filter)}` : sql``
    const limit = navigation.many ? options.skip + options.top + 1 : 1
    const { rows: found } = await sql<Row & { __n: string }>`
      SELECT * FROM (
        SELECT e.*, row_number() OVER (PARTITION BY ${sql.join(keys)} ORDER BY ${orderSql(target, options.orderBy)}) AS __n
        FROM (${target.view}) AS e WHERE (${sql.join(keys)}) IN (${tuples}) ${filter}
      ) AS x WHERE x.__n > ${navigation.many ? options.skip : 0} AND x.__n <= ${limit} ORDER BY x.__n`.execute(db)
    const keyOf = (values: unknown[]) => JSON.stringify(values.map(String))
    const byParent = new Map<string, Row[]>()
    for (const row of found) {
      const key = keyOf(navigation.pairs.map(([tc]) => row[tc]))
      const list = byParent.get(key) ?? []
      list.push(row)
      byParent.set(key, list)
    }
    rows.forEach((row, i) => {
      const children = byParent.get(keyOf(navigation.pairs.map(([, sc]) => row[sc]))) ?? []
      if (!navigation.many) {
        out[i][item.navigation] = { [item.navigation]: children[0] ? shape(base, target, children[0], options.select) : null }
        return
      }
      const part: Record<string, unknown> = { [item.navigation]: children.slice(0, options.top).map((child) => shape(base, target, child, options.select)) }
      if (children.length > options.top) {
        part[`${item.navigation}@iot.nextLink`] = expandLink(`${base}/${set.name}(${Number(row.id)})`, item.navigation, options, rawExpand.get(item.navigation) ?? {})
      }
      out[i][item.navigation] = part
    })
  }
  return out
}

/** The options written inside each `$expand=Nav(...)`, kept to write the expansion's next link. */
function rawExpandOptions(text: unknown): Map<string, Record<string, string>> {
  const out = new Map<string, Record<string, string>>()
  if (typeof text !== 'string') return out
  for (const match of text.matchAll(/([A-Za-z]+)\(([^()]*(?:\([^()]*\)[^()]*)*)\)/g)) {
    const options: Record<string, string> = {}
    for (const option of match[2].split(';')) {
      const at = option.indexOf('=')
      const name = option.slice(0, at).trim()
      if (at > 0 && name !== '$top' && name !== '$skip') options[name] = option.slice(at + 1)
    }
    out.set(match[1], options)
  }
  return out
}

async function readPlace(db: Kysely<Database>, base: string, place: Place, query: Record<string, unknown>, options: Options): Promise<StaAnswer> {
  if (place.kind === 'property') {
    const value = place.set.properties[place.name].value(place.row)
    if (place.raw) return { kind: 'text', text: value === null ? '' : typeof value === 'object' ? JSON.stringify(value) : String(value) }
    return { kind: 'json', body: { [place.name]: place.name === 'id' ? Number(place.row.id) : value } }
  }
  const { set } = place
  checkSelect(set, options.select)
  checkExpand(set, options.expand)
  const rawExpand = rawExpandOptions(query.$expand)
  if (place.kind === 'entity') {
    const [expanded] = await expansions(db, base, set, [place.row], options.expand, rawExpand)
    return { kind: 'json', body: shape(base, set, place.row, options.select, expanded) }
  }
  const conditions = [...place.where, ...(options.filter ? [filterSql(set, options.filter)] : [])]
  const where = conditions.length > 0 ? sql`WHERE ${sql.join(conditions, sql` AND `)}` : sql``
  const order = orderSql(set, options.orderBy)
  const { rows } = await sql<Row>`SELECT e.* FROM (${set.view}) AS e ${where} ORDER BY ${order} LIMIT ${options.top + 1} OFFSET ${options.skip}`.execute(db)
  const total = options.count ? await sql<{ count: string }>`SELECT count(*) AS count FROM (${set.view}) AS e ${where}`.execute(db) : null
  const page = rows.slice(0, options.top)
  const expanded = await expansions(db, base, set, page, options.expand, rawExpand)
  const body: Record<string, unknown> = {}
  if (total) body['@iot.count'] = Number(total.rows[0]?.count ?? 0)
  if (rows.length > options.top) body['@iot.nextLink'] = nextLink(base, place.path, query, options)
  body.value = page.map((row, i) => shape(base, set, row, options.select, expanded[i]))
  return { kind: 'json', body }
}

/**
 * The answer of `GET <base>/<path>?<query>`: throws StaFailed for a path that names nothing (404) or a query option
 * that is wrong, too wide or too slow (400 naming it).
 */
export async function readSensorThings(db: Kysely<Database>, base: string, path: string, query: Record<string, unknown>): Promise<StaAnswer> {
  try {
    const options = parseOptions(query)
    const segments = segmentsOf(path)
    if (segments.length === 0) return { kind: 'json', body: serviceRoot(base) }
    return await db.transaction().execute(async (trx) => {
      await sql`SET TRANSACTION READ ONLY`.execute(trx)
      await sql`SELECT set_config('statement_timeout', ${String(STA_STATEMENT_TIMEOUT_MS)}, true)`.execute(trx)
      const place = await placeOf(trx, segments)
      return await readPlace(trx, base, place, query, options)
    })
  } catch (error) {
    if (error instanceof StaQueryError) throw new StaFailed({ kind: 'bad-query', parameter: error.parameter, detail: error.message })
    if ((error as { code?: string }).code === '57014') {
      throw new StaFailed({ kind: 'bad-query', parameter: typeof query.$filter === 'string' ? '$filter' : '$top', detail: `запрос не уложился в ${STA_STATEMENT_TIMEOUT_MS / 1000} с: сузьте $filter или уменьшите $top` })
    }
    throw error
  }
}
