// A parsed `$filter` and `$orderby` as SQL of an entity set's view, through Kysely only: every value the client wrote
// is a parameter, every column and operator comes from the entity sets' declarations. A path through a navigation
// (`Datastream/ObservedProperty/name`, `Locations/location`) is an EXISTS on the related view; anything the sets do
// not declare is a StaQueryError naming `$filter` or `$orderby`.
import { type RawBuilder, sql } from 'kysely'
import { type Comparison, type Expr, type Geometry, StaQueryError } from './filter-parser.ts'
import type { OrderBy } from './query-options.ts'
import { ENTITY_SETS, type EntitySet, type PropertyDef, REGION_OFFSET } from './entity-sets.server.ts'

const OPERATORS: Record<Comparison, string> = { eq: '=', ne: '<>', gt: '>', ge: '>=', lt: '<', le: '<=' }
const FLIPPED: Record<Comparison, Comparison> = { eq: 'eq', ne: 'ne', gt: 'lt', ge: 'le', lt: 'gt', le: 'ge' }
const MAX_NAVIGATION = 3
/** The JSON objects whose members a filter may name (`properties/kind`, `unitOfMeasurement/name`). */
const JSON_MEMBER = /^[A-Za-z_][A-Za-z0-9_]{0,62}$/

const invalidFilter = (message: string): never => {
  throw new StaQueryError('$filter', `$filter: ${message}`)
}

type Operand =
  | { kind: 'column'; sql: RawBuilder<unknown>; def: PropertyDef; name: string; alias: string }
  | { kind: 'member'; sql: RawBuilder<unknown>; name: string }

interface Resolved {
  operand: Operand
  /** Wraps a condition on the operand in the EXISTS of the navigations walked to reach it. */
  wrap: (condition: RawBuilder<unknown>) => RawBuilder<unknown>
}

const ref = (alias: string, column: string) => sql.ref(`${alias}.${column}`)

function resolve(set: EntitySet, segments: string[], alias: string, depth: number): Resolved {
  const [first, ...rest] = segments
  const name = first === '@iot.id' ? 'id' : first
  const navigation = Object.hasOwn(set.navigation, name) ? set.navigation[name] : undefined
  if (navigation) {
    if (rest.length === 0) invalidFilter(`«${segments.join('/')}» — связь, а не свойство`)
    if (depth >= MAX_NAVIGATION) invalidFilter(`путь «${segments.join('/')}» длиннее ${MAX_NAVIGATION} связей`)
    const target = ENTITY_SETS[navigation.target]
    const inner = `e${depth + 1}`
    const found = resolve(target, rest, inner, depth + 1)
    const join = sql.join(navigation.pairs.map(([tc, sc]) => sql`${ref(inner, tc)} = ${ref(alias, sc)}`), sql` AND `)
    return { operand: found.operand, wrap: (condition) => sql`EXISTS (SELECT 1 FROM (${target.view}) AS ${sql.id(inner)} WHERE ${join} AND ${found.wrap(condition)})` }
  }
  const def = Object.hasOwn(set.properties, name) ? set.properties[name] : undefined
  if (!def) return invalidFilter(`у ${set.name} нет свойства «${first}»`)
  const identity = (condition: RawBuilder<unknown>) => condition
  if (rest.length === 0) return { operand: { kind: 'column', sql: def.column ? ref(alias, def.column) : sql`NULL`, def, name, alias }, wrap: identity }
  if (def.type !== 'json' || rest.length !== 1 || !JSON_MEMBER.test(rest[0])) return invalidFilter(`«${segments.join('/')}» — у ${set.name} нет такого свойства`)
  // unitOfMeasurement's members are all the unit's name; other objects are JSON columns.
  if (name === 'unitOfMeasurement') {
    if (!['name', 'symbol'].includes(rest[0])) invalidFilter(`у unitOfMeasurement нет члена «${rest[0]}» для отбора`)
    return { operand: { kind: 'column', sql: ref(alias, def.column), def: { ...def, type: 'string' }, name: `${name}/${rest[0]}`, alias }, wrap: identity }
  }
  return { operand: { kind: 'member', sql: sql`(${ref(alias, def.column)} -> ${rest[0]})`, name: `${name}/${rest[0]}` }, wrap: identity }
}

/** The calendar day (in the region) of a moment, and whether the moment is that day's first instant. */
function regionDay(moment: Date): { day: string; next: string; exact: boolean } {
  const hours = Number(REGION_OFFSET.slice(1, 3)) * (REGION_OFFSET.startsWith('-') ? -1 : 1)
  const local = new Date(moment.getTime() + hours * 3600_000)
  const day = local.toISOString().slice(0, 10)
  const next = new Date(Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate() + 1)).toISOString().slice(0, 10)
  return { day, next, exact: local.getUTCHours() === 0 && local.getUTCMinutes() === 0 && local.getUTCSeconds() === 0 && local.getUTCMilliseconds() === 0 }
}

/**
 * A reading's phenomenonTime is the first instant of its sampling day, so a comparison with a moment is one with a
 * day, on the column the readings' date index serves.
 */
function timeCondition(column: RawBuilder<unknown>, op: Comparison, moment: Date): RawBuilder<unknown> {
  const { day, next, exact } = regionDay(moment)
  switch (op) {
    case 'eq':
      return exact ? sql`${column} = ${day}::date` : sql`FALSE`
    case 'ne':
      return exact ? sql`${column} <> ${day}::date` : sql`${column} IS NOT NULL`
    case 'ge':
      return sql`${column} >= ${exact ? day : next}::date`
    case 'gt':
      return sql`${column} >= ${next}::date`
    case 'le':
      return sql`${column} <= ${day}::date`
    case 'lt':
      return exact ? sql`${column} < ${day}::date` : sql`${column} <= ${day}::date`
  }
}

function comparison(operand: Operand, op: Comparison, literal: Expr): RawBuilder<unknown> {
  const operator = sql.raw(OPERATORS[op])
  if (literal.kind === 'null') {
    if (op !== 'eq' && op !== 'ne') invalidFilter(`с null сравнивают только eq и ne (${operand.name})`)
    return op === 'eq' ? sql`${operand.sql} IS NULL` : sql`${operand.sql} IS NOT NULL`
  }
  if (operand.kind === 'member') {
    if (literal.kind === 'number') return sql`(jsonb_typeof(${operand.sql}) = 'number' AND ${operand.sql} ${operator} to_jsonb(${literal.value}::numeric))`
    if (literal.kind === 'string') return sql`(jsonb_typeof(${operand.sql}) = 'string' AND ${operand.sql} ${operator} to_jsonb(${literal.value}::text))`
    if (literal.kind === 'boolean' && (op === 'eq' || op === 'ne')) return sql`(jsonb_typeof(${operand.sql}) = 'boolean' AND ${operand.sql} ${operator} to_jsonb(${literal.value}::boolean))`
    return invalidFilter(`${operand.name} сравнивают с числом, строкой или логическим значением`)
  }
  const { def } = operand
  switch (def.type) {
    case 'id':
    case 'number':
      if (literal.kind !== 'number') invalidFilter(`${operand.name} — число, сравнивается с числом`)
      return sql`${operand.sql} ${operator} ${(literal as { value: number }).value}`
    case 'string':
      if (literal.kind !== 'string') invalidFilter(`${operand.name} — строка, сравнивается со строкой в кавычках`)
      if (!def.column) return sql`${(literal as { value: string }).value} ${operator} ${def.value({})}`
      return sql`${operand.sql} ${operator} ${(literal as { value: string }).value}`
    case 'time':
      if (literal.kind !== 'datetime') invalidFilter(`${operand.name} сравнивается с моментом ISO 8601 (2024-07-15T00:00:00Z)`)
      return timeCondition(operand.sql, op, (literal as { value: Date }).value)
    default:
      return invalidFilter(`по ${operand.name} отбирать сравнением нельзя`)
  }
}

const isLiteral = (e: Expr) => e.kind === 'number' || e.kind === 'string' || e.kind === 'boolean' || e.kind === 'null' || e.kind === 'datetime'

function polygonText(ring: Array<[number, number]>): string {
  return `(${ring.map(([x, y]) => `(${x},${y})`).join(',')})`
}

/** A geometry property inside, or meeting, a literal geometry: the places are points, so both ask the same. */
function spatial(set: EntitySet, alias: string, args: Expr[], name: string): RawBuilder<unknown> {
  if (args.length !== 2) invalidFilter(`${name}: два аргумента`)
  const path = args.find((a) => a.kind === 'path')
  const literal = args.find((a) => a.kind === 'geography')
  if (!path || !literal || path.kind !== 'path' || literal.kind !== 'geography') return invalidFilter(`${name}: ожидается свойство-геометрия и geography'…'`)
  if (name === 'st_within' && args[0].kind !== 'path') invalidFilter('st_within: первым аргументом — свойство-геометрия')
  const { operand, wrap } = resolve(set, path.segments, alias, 0)
  if (operand.kind !== 'column' || operand.def.type !== 'geometry') return invalidFilter(`${name}: «${path.segments.join('/')}» — не геометрия`)
  const lon = ref(operand.alias, 'lon')
  const lat = ref(operand.alias, 'lat')
  const geometry: Geometry = literal.value
  if (geometry.type === 'Point') {
    const [x, y] = geometry.coordinates
    return wrap(sql`(${lon} = ${x} AND ${lat} = ${y})`)
  }
  const xs = geometry.coordinates.map((c) => c[0])
  const ys = geometry.coordinates.map((c) => c[1])
  // The box first (the points' coordinate index), then the polygon itself.
  return wrap(
    sql`(${lat} BETWEEN ${Math.min(...ys)} AND ${Math.max(...ys)} AND ${lon} BETWEEN ${Math.min(...xs)} AND ${Math.max(...xs)} AND point(${lon}, ${lat}) <@ ${polygonText(geometry.coordinates)}::polygon)`,
  )
}

function text(set: EntitySet, alias: string, name: string, args: Expr[]): RawBuilder<unknown> {
  if (args.length !== 2) invalidFilter(`${name}: два аргумента`)
  // substringof('текст', свойство) as OData 2 writes it; the others take the property first.
  const [pathArg, valueArg] = name === 'substringof' ? [args[1], args[0]] : args
  if (pathArg.kind !== 'path' || valueArg.kind !== 'string') return invalidFilter(`${name}: ожидается свойство и строка в кавычках`)
  const { operand, wrap } = resolve(set, pathArg.segments, alias, 0)
  if (operand.kind !== 'column' || operand.def.type !== 'string' || !operand.def.column) return invalidFilter(`${name}: «${pathArg.segments.join('/')}» — не строка`)
  const value = valueArg.value
  if (name === 'startswith') return wrap(sql`starts_with(${operand.sql}, ${value})`)
  if (name === 'endswith') return wrap(sql`right(${operand.sql}, char_length(${value})) = ${value}`)
  return wrap(sql`strpos(${operand.sql}, ${value}) > 0`)
}

function call(set: EntitySet, alias: string, expr: Extract<Expr, { kind: 'call' }>): RawBuilder<unknown> {
  switch (expr.name) {
    case 'st_within':
    case 'st_intersects':
    case 'geo.intersects':
      return spatial(set, alias, expr.args, expr.name)
    case 'substringof':
    case 'contains':
    case 'startswith':
    case 'endswith':
      return text(set, alias, expr.name, expr.args)
    default:
      return invalidFilter(`функция «${expr.name}» не поддерживается (есть st_within, st_intersects, geo.intersects, substringof, contains, startswith, endswith)`)
  }
}

/** The condition of a `$filter` on the view aliased `alias`. */
export function filterSql(set: EntitySet, expr: Expr, alias = 'e'): RawBuilder<unknown> {
  switch (expr.kind) {
    case 'and':
      return sql`(${filterSql(set, expr.left, alias)} AND ${filterSql(set, expr.right, alias)})`
    case 'or':
      return sql`(${filterSql(set, expr.left, alias)} OR ${filterSql(set, expr.right, alias)})`
    case 'not':
      return sql`(NOT ${filterSql(set, expr.operand, alias)})`
    case 'call':
      return call(set, alias, expr)
    case 'compare': {
      const { left, right, op } = expr
      if (left.kind === 'call' && right.kind === 'boolean' && (op === 'eq' || op === 'ne')) {
        return right.value === (op === 'eq') ? call(set, alias, left) : sql`(NOT ${call(set, alias, left)})`
      }
      const [path, literal, actual] = left.kind === 'path' && isLiteral(right) ? [left, right, op] : right.kind === 'path' && isLiteral(left) ? [right, left, FLIPPED[op]] : [null, null, op]
      if (!path || path.kind !== 'path' || !literal) return invalidFilter('сравнивают свойство со значением (name eq \'…\', result gt 0.5)')
      const { operand, wrap } = resolve(set, path.segments, alias, 0)
      return wrap(comparison(operand, actual, literal))
    }
    case 'path':
      return invalidFilter(`«${expr.segments.join('/')}» — не условие`)
    default:
      return invalidFilter('значение — не условие')
  }
}

/** The ORDER BY of `$orderby` on the view aliased `alias`, with the id last so pages never overlap. */
export function orderSql(set: EntitySet, orderBy: OrderBy[], alias = 'e'): RawBuilder<unknown> {
  const terms = orderBy.map(({ property, descending }) => {
    const name = property === '@iot.id' ? 'id' : property
    const def = Object.hasOwn(set.properties, name) ? set.properties[name] : undefined
    if (!def || !def.sortable) throw new StaQueryError('$orderby', `$orderby: по «${property}» у ${set.name} сортировать нельзя (можно: ${sortable(set).join(', ')})`)
    return sql`${ref(alias, def.column)} ${sql.raw(descending ? 'DESC NULLS LAST' : 'ASC NULLS FIRST')}`
  })
  return sql.join([...terms, sql`${ref(alias, 'id')}`])
}

function sortable(set: EntitySet): string[] {
  return Object.entries(set.properties)
    .filter(([, def]) => def.sortable)
    .map(([name]) => name)
}
