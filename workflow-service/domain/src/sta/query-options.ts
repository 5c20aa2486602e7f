// The query options of a SensorThings request ($top, $skip, $count, $orderby, $select, $expand, $filter), read from
// the query string into plain values, or a StaQueryError naming the option that is wrong. One level of $expand; its
// options in parentheses, separated by `;`, as the standard writes them.
import { type Expr, parseFilter, StaQueryError } from './filter-parser.ts'

export const DEFAULT_TOP = 100
export const MAX_TOP = 1000
/** An expanded collection: at most this many entities per parent (and by default). */
export const MAX_EXPAND_TOP = 100
export const MAX_SKIP = 1_000_000

export interface OrderBy {
  property: string
  descending: boolean
}

export interface Options {
  top: number
  skip: number
  count: boolean
  orderBy: OrderBy[]
  select: string[] | null
  filter: Expr | null
  expand: Expand[]
}

export interface Expand {
  navigation: string
  options: Options
}

const KNOWN = new Set(['$top', '$skip', '$count', '$orderby', '$select', '$expand', '$filter', '$resultFormat'])
const NAME = /^[A-Za-z@][A-Za-z0-9_.@]*(\/[A-Za-z@][A-Za-z0-9_.@]*)*$/

function integer(name: string, text: string, max: number): number {
  if (!/^\d{1,10}$/.test(text)) throw new StaQueryError(name, `${name}: ожидается неотрицательное целое число`)
  const value = Number(text)
  if (value > max) throw new StaQueryError(name, `${name}: не больше ${max}`)
  return value
}

function orderByOf(text: string): OrderBy[] {
  return text.split(',').map((part) => {
    const [property, direction, ...rest] = part.trim().split(/\s+/)
    if (!property || !NAME.test(property) || rest.length > 0) throw new StaQueryError('$orderby', `$orderby: непонятная часть «${part.trim()}»`)
    const dir = (direction ?? 'asc').toLowerCase()
    if (dir !== 'asc' && dir !== 'desc') throw new StaQueryError('$orderby', `$orderby: направление «${direction}», ожидается asc или desc`)
    return { property, descending: dir === 'desc' }
  })
}

function selectOf(text: string): string[] {
  return text.split(',').map((part) => {
    const name = part.trim()
    if (!NAME.test(name) || name.includes('/')) throw new StaQueryError('$select', `$select: непонятное имя «${name}»`)
    return name
  })
}

/** Splits at `sep` outside parentheses and quotes. */
function splitTop(text: string, sep: string, parameter: string): string[] {
  const parts: string[] = []
  let depth = 0
  let quoted = false
  let start = 0
  for (let i = 0; i < text.length; i++) {
    const c = text[i]
    if (c === "'") quoted = !quoted
    else if (!quoted && c === '(') depth += 1
    else if (!quoted && c === ')') {
      depth -= 1
      if (depth < 0) throw new StaQueryError(parameter, `${parameter}: лишняя «)»`)
    } else if (!quoted && depth === 0 && c === sep) {
      parts.push(text.slice(start, i))
      start = i + 1
    }
  }
  if (depth !== 0 || quoted) throw new StaQueryError(parameter, `${parameter}: скобки или кавычки не закрыты`)
  parts.push(text.slice(start))
  return parts
}

function expandOf(text: string): Expand[] {
  return splitTop(text, ',', '$expand').map((part) => {
    const item = part.trim()
    const open = item.indexOf('(')
    const navigation = (open < 0 ? item : item.slice(0, open)).trim()
    if (navigation.includes('/')) throw new StaQueryError('$expand', `$expand: «${navigation}» — разворачивается только один уровень связей`)
    if (!NAME.test(navigation)) throw new StaQueryError('$expand', `$expand: непонятное имя «${navigation}»`)
    const inner: Record<string, string> = {}
    if (open >= 0) {
      if (!item.endsWith(')')) throw new StaQueryError('$expand', `$expand: «${item}» — ожидается «)» в конце`)
      for (const option of splitTop(item.slice(open + 1, -1), ';', '$expand')) {
        const at = option.indexOf('=')
        const name = option.slice(0, at).trim()
        if (at < 0 || !KNOWN.has(name)) throw new StaQueryError('$expand', `$expand: непонятный параметр «${option.trim()}» в ${navigation}`)
        if (name === '$expand') throw new StaQueryError('$expand', `$expand: вложенный $expand в ${navigation} — разворачивается только один уровень связей`)
        if (name === '$count') throw new StaQueryError('$expand', `$expand: $count внутри ${navigation} не поддерживается`)
        inner[name] = option.slice(at + 1)
      }
    }
    return { navigation, options: optionsOf(inner, true) }
  })
}

function optionsOf(query: Record<string, string>, expanded: boolean): Options {
  const maxTop = expanded ? MAX_EXPAND_TOP : MAX_TOP
  return {
    top: query.$top === undefined ? (expanded ? MAX_EXPAND_TOP : DEFAULT_TOP) : integer('$top', query.$top, maxTop),
    skip: query.$skip === undefined ? 0 : integer('$skip', query.$skip, MAX_SKIP),
    count: query.$count === undefined ? false : countOf(query.$count),
    orderBy: query.$orderby === undefined ? [] : orderByOf(query.$orderby),
    select: query.$select === undefined ? null : selectOf(query.$select),
    filter: query.$filter === undefined ? null : parseFilter(query.$filter),
    expand: query.$expand === undefined || expanded ? [] : expandOf(query.$expand),
  }
}

function countOf(text: string): boolean {
  if (text === 'true') return true
  if (text === 'false') return false
  throw new StaQueryError('$count', '$count: ожидается true или false')
}

/** The options of a request's query string: an unknown `$` option or a repeated one is refused, others are ignored. */
export function parseOptions(query: Record<string, unknown>): Options {
  const given: Record<string, string> = {}
  for (const [name, value] of Object.entries(query)) {
    if (!name.startsWith('$')) continue
    if (!KNOWN.has(name)) throw new StaQueryError(name, `${name}: неизвестный параметр запроса`)
    if (typeof value !== 'string') throw new StaQueryError(name, `${name}: указан больше одного раза`)
    given[name] = value
  }
  if (given.$resultFormat !== undefined) throw new StaQueryError('$resultFormat', '$resultFormat: не поддерживается')
  return optionsOf(given, false)
}
