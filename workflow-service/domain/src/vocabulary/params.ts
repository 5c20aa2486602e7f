// The one set of bounded parameter schemas every route uses: ids within PostgreSQL's integer, years within the
// catalogue's range, bounded paging, text without control characters, and enum lookups over own keys only.
import { type TSchema, type TSchemaOptions, Type } from 'typebox'

/** The largest value of a PostgreSQL integer column: every id of the portal. */
export const MAX_ID = 2_147_483_647
/** The catalogue's years: every year parameter of the API and the pages is checked against this range. */
export const MIN_YEAR = 1900
export const MAX_YEAR = 2100
export const DEFAULT_PAGE_SIZE = 20
export const MAX_PAGE_SIZE = 1000

export const Id = Type.Integer({ minimum: 1, maximum: MAX_ID })
export const IdParams = Type.Object({ id: Id })
export const Year = Type.Integer({ minimum: MIN_YEAR, maximum: MAX_YEAR })

export const PagingQuery = {
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_PAGE_SIZE })),
  offset: Type.Optional(Type.Integer({ minimum: 0, maximum: MAX_ID })),
}

/** C0 controls but tab, line feed and carriage return, DEL and C1 controls: never part of a text a person typed. */
export const CONTROL_CHARACTERS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/
/** One-line text (names, searches, query values): no control characters at all. */
export const ONE_LINE_PATTERN = '^[^\\u0000-\\u001F\\u007F-\\u009F]*$'
/** Text of several lines (comments, descriptions): line breaks and tabs allowed, other controls not. */
export const MULTILINE_PATTERN = '^[^\\u0000-\\u0008\\u000B\\u000C\\u000E-\\u001F\\u007F-\\u009F]*$'

/** The patterns above, so the error handler can say "control characters" instead of quoting a regular expression. */
export const TEXT_PATTERNS: ReadonlySet<string> = new Set([ONE_LINE_PATTERN, MULTILINE_PATTERN])

export const Text = (options: { minLength?: number; maxLength: number; multiline?: boolean }) =>
  Type.String({ minLength: options.minLength, maxLength: options.maxLength, pattern: options.multiline ? MULTILINE_PATTERN : ONE_LINE_PATTERN })

export const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()])
/**
 * One of a list's words: the union of their literals (an `anyOf` of `const`s), typed as the union of the words.
 * TypeBox 1 types a union only from a tuple written out, so a union made from a list is typed by hand here.
 */
export const Literals = <const V extends string>(values: readonly V[], options?: TSchemaOptions) =>
  Type.Unsafe<V>(Type.Union(values.map((value) => Type.Literal(value)), options))
/**
 * A moment as the edge's clock gives it to a use-case: a `Date` that holds a time. JSON has no word for it and
 * TypeBox 1 keeps only JSON's types, so it is the TypeScript type with its check (no route's schema uses it).
 */
export const Instant = Type.Refine(Type.Unsafe<Date>({}), (value) => value instanceof Date && Number.isFinite(value.getTime()))

/** The first control character of a text, or -1: for text read outside a schema (multipart fields, page forms). */
export function controlCharacterAt(text: string, multiline = false): number {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i)
    if (multiline && (code === 9 || code === 10 || code === 13)) continue
    if (code <= 0x1f || (code >= 0x7f && code <= 0x9f)) return i
  }
  return -1
}

/** table[key] for an own key only: '__proto__', 'toString' and other inherited names are not values of an enum. */
export function ownValue<V>(table: Readonly<Record<string, V>>, key: unknown): V | undefined {
  return typeof key === 'string' && Object.hasOwn(table, key) ? table[key] : undefined
}
