// The `$filter` of SensorThings (OData's expression language, the part the standard's filtering extension uses):
// comparisons, `and`/`or`/`not`, parentheses, property paths, literals (numbers, strings, booleans, null, ISO 8601
// moments, `geography'…'` points and polygons) and function calls. A small recursive-descent parser: total (every
// input is an expression tree or a StaQueryError naming what is wrong and where), bounded in length and depth.

export class StaQueryError extends Error {
  constructor(
    /** The query option (or path part) that is wrong: `$filter`, `$top`, `$expand`… */
    readonly parameter: string,
    message: string,
  ) {
    super(message)
  }
}

export type Comparison = 'eq' | 'ne' | 'gt' | 'ge' | 'lt' | 'le'

export type Geometry = { type: 'Point'; coordinates: [number, number] } | { type: 'Polygon'; coordinates: Array<[number, number]> }

export type Expr =
  | { kind: 'and' | 'or'; left: Expr; right: Expr }
  | { kind: 'not'; operand: Expr }
  | { kind: 'compare'; op: Comparison; left: Expr; right: Expr }
  | { kind: 'number'; value: number }
  | { kind: 'string'; value: string }
  | { kind: 'boolean'; value: boolean }
  | { kind: 'null' }
  | { kind: 'datetime'; value: Date; text: string }
  | { kind: 'geography'; value: Geometry }
  | { kind: 'path'; segments: string[] }
  | { kind: 'call'; name: string; args: Expr[] }

export const MAX_FILTER_LENGTH = 4000
const MAX_DEPTH = 40
const COMPARISONS = new Set<string>(['eq', 'ne', 'gt', 'ge', 'lt', 'le'])

type Token =
  | { type: 'word'; text: string; at: number }
  | { type: 'number'; value: number; at: number }
  | { type: 'string'; value: string; at: number }
  | { type: 'datetime'; value: Date; text: string; at: number }
  | { type: 'geography'; text: string; at: number }
  | { type: 'punct'; text: '(' | ')' | ','; at: number }
  | { type: 'end'; at: number }

const DATETIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})/
const NUMBER = /^-?\d+(\.\d+)?([eE][+-]?\d+)?/
const WORD = /^[A-Za-z_@][A-Za-z0-9_.@]*(\/[A-Za-z_@][A-Za-z0-9_.@]*)*/

function fail(at: number, message: string): never {
  throw new StaQueryError('$filter', `$filter: ${message} (позиция ${at + 1})`)
}

function tokenize(text: string): Token[] {
  const tokens: Token[] = []
  let i = 0
  while (i < text.length) {
    const c = text[i]
    if (c === ' ' || c === '\t' || c === '\n' || c === '\r') {
      i += 1
      continue
    }
    if (c === '(' || c === ')' || c === ',') {
      tokens.push({ type: 'punct', text: c, at: i })
      i += 1
      continue
    }
    if (c === "'") {
      let value = ''
      let j = i + 1
      for (;;) {
        if (j >= text.length) fail(i, 'строка не закрыта кавычкой')
        if (text[j] === "'") {
          if (text[j + 1] === "'") {
            value += "'"
            j += 2
            continue
          }
          break
        }
        value += text[j]
        j += 1
      }
      tokens.push({ type: 'string', value, at: i })
      i = j + 1
      continue
    }
    const rest = text.slice(i)
    const moment = DATETIME.exec(rest)
    if (moment) {
      const value = new Date(moment[0])
      if (Number.isNaN(value.getTime())) fail(i, `неверная дата «${moment[0]}»`)
      tokens.push({ type: 'datetime', value, text: moment[0], at: i })
      i += moment[0].length
      continue
    }
    const number = NUMBER.exec(rest)
    if (number && (c !== '-' || /\d/.test(rest[1] ?? ''))) {
      const value = Number(number[0])
      if (!Number.isFinite(value)) fail(i, `число вне диапазона «${number[0]}»`)
      tokens.push({ type: 'number', value, at: i })
      i += number[0].length
      continue
    }
    const word = WORD.exec(rest)
    if (word) {
      // geography'POINT(…)': the word and its quoted text together.
      if (word[0].toLowerCase() === 'geography' && rest[word[0].length] === "'") {
        const close = text.indexOf("'", i + word[0].length + 1)
        if (close < 0) fail(i, 'geography не закрыт кавычкой')
        tokens.push({ type: 'geography', text: text.slice(i + word[0].length + 1, close), at: i })
        i = close + 1
        continue
      }
      tokens.push({ type: 'word', text: word[0], at: i })
      i += word[0].length
      continue
    }
    fail(i, `непонятный символ «${c}»`)
  }
  tokens.push({ type: 'end', at: text.length })
  return tokens
}

const COORDINATE = /^\s*(-?\d+(?:\.\d+)?)\s+(-?\d+(?:\.\d+)?)\s*$/

function coordinatesOf(text: string, at: number): Array<[number, number]> {
  return text.split(',').map((pair) => {
    const m = COORDINATE.exec(pair)
    if (!m) fail(at, `неверные координаты «${pair.trim()}» (ожидается «долгота широта»)`)
    return [Number(m[1]), Number(m[2])]
  })
}

/** A WKT POINT or POLYGON (one ring, WGS 84 longitude latitude), as the standard's examples write them. */
function geometryOf(text: string, at: number): Geometry {
  const point = /^\s*POINT\s*\(([^()]*)\)\s*$/i.exec(text)
  if (point) {
    const [coordinates] = coordinatesOf(point[1], at)
    return { type: 'Point', coordinates }
  }
  const polygon = /^\s*POLYGON\s*\(\s*\(([^()]*)\)\s*\)\s*$/i.exec(text)
  if (polygon) {
    const ring = coordinatesOf(polygon[1], at)
    if (ring.length < 4) fail(at, 'в многоугольнике меньше четырёх точек')
    const [first, last] = [ring[0], ring[ring.length - 1]]
    if (first[0] !== last[0] || first[1] !== last[1]) fail(at, 'многоугольник не замкнут: первая и последняя точки различаются')
    if (ring.length > 1000) fail(at, 'в многоугольнике больше 1000 точек')
    return { type: 'Polygon', coordinates: ring }
  }
  return fail(at, `geography: ожидается POINT(…) или POLYGON((…)) одним контуром, получено «${text.slice(0, 60)}»`)
}

/** Parses a `$filter` into its expression tree, or throws StaQueryError naming `$filter` and the place. */
export function parseFilter(text: string): Expr {
  if (text.length > MAX_FILTER_LENGTH) throw new StaQueryError('$filter', `$filter: длиннее ${MAX_FILTER_LENGTH} символов`)
  const tokens = tokenize(text)
  let position = 0
  const peek = () => tokens[position]
  const next = () => tokens[position++]
  const isWord = (token: Token, word: string) => token.type === 'word' && token.text.toLowerCase() === word

  function expect(punct: '(' | ')' | ','): void {
    const token = next()
    if (token.type !== 'punct' || token.text !== punct) fail(token.at, `ожидается «${punct}»`)
  }

  function or(depth: number): Expr {
    if (depth > MAX_DEPTH) fail(peek().at, `вложенность больше ${MAX_DEPTH}`)
    let left = and(depth)
    while (isWord(peek(), 'or')) {
      next()
      left = { kind: 'or', left, right: and(depth) }
    }
    return left
  }

  function and(depth: number): Expr {
    let left = not(depth)
    while (isWord(peek(), 'and')) {
      next()
      left = { kind: 'and', left, right: not(depth) }
    }
    return left
  }

  function not(depth: number): Expr {
    if (isWord(peek(), 'not')) {
      next()
      if (depth > MAX_DEPTH) fail(peek().at, `вложенность больше ${MAX_DEPTH}`)
      return { kind: 'not', operand: not(depth + 1) }
    }
    return compare(depth)
  }

  function compare(depth: number): Expr {
    const left = primary(depth)
    const token = peek()
    if (token.type === 'word' && COMPARISONS.has(token.text.toLowerCase())) {
      next()
      return { kind: 'compare', op: token.text.toLowerCase() as Comparison, left, right: primary(depth) }
    }
    return left
  }

  function primary(depth: number): Expr {
    const token = next()
    switch (token.type) {
      case 'number':
        return { kind: 'number', value: token.value }
      case 'string':
        return { kind: 'string', value: token.value }
      case 'datetime':
        return { kind: 'datetime', value: token.value, text: token.text }
      case 'geography':
        return { kind: 'geography', value: geometryOf(token.text, token.at) }
      case 'punct': {
        if (token.text !== '(') fail(token.at, `неожиданный «${token.text}»`)
        const inner = or(depth + 1)
        expect(')')
        return inner
      }
      case 'word': {
        const word = token.text.toLowerCase()
        if (word === 'true' || word === 'false') return { kind: 'boolean', value: word === 'true' }
        if (word === 'null') return { kind: 'null' }
        if (COMPARISONS.has(word) || word === 'and' || word === 'or') fail(token.at, `не хватает операнда перед «${token.text}»`)
        const following = peek()
        if (following.type === 'punct' && following.text === '(' && !token.text.includes('/')) {
          next()
          const args: Expr[] = []
          if (!(peek().type === 'punct' && (peek() as { text: string }).text === ')')) {
            for (;;) {
              args.push(or(depth + 1))
              const sep = peek()
              if (sep.type === 'punct' && sep.text === ',') {
                next()
                continue
              }
              break
            }
          }
          expect(')')
          return { kind: 'call', name: word, args }
        }
        return { kind: 'path', segments: token.text.split('/') }
      }
      case 'end':
        return fail(token.at, 'выражение оборвано')
    }
  }

  if (peek().type === 'end') fail(0, 'пустое выражение')
  const tree = or(0)
  const rest = peek()
  if (rest.type !== 'end') fail(rest.at, 'лишнее после конца выражения')
  return tree
}
