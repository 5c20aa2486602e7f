// Names the statements a process sends again and again, so PostgreSQL parses and plans each once per connection
// instead of once per use (decision 2314). Kysely sends every statement unnamed; a command's dozen statements are
// the same few texts with other values, and their parse and plan were a large share of a command's cost.
import { createHash } from 'node:crypto'
import type pg from 'pg'

/** A text is named the second time this process sends it: one-off texts (a seed's long inserts) stay unnamed. */
const USES_BEFORE_NAMING = 2
/** Bounds on what a process remembers: texts counted, and texts named (each is kept by every connection using it). */
const MAX_COUNTED = 5_000
const MAX_NAMED = 1_000
/** Longer texts are built per call (multi-row inserts of a batch): never named. */
const MAX_TEXT = 8_000

const uses = new Map<string, number>()
const names = new Map<string, string>()

/**
 * The name a statement is sent under, or null to send it unnamed. The name is a digest of the text, so one name is
 * never given two texts (node-postgres refuses that) and every connection of every pool agrees on it.
 */
export function statementName(text: string): string | null {
  const named = names.get(text)
  if (named) return named
  if (text.length > MAX_TEXT || names.size >= MAX_NAMED) return null
  const count = (uses.get(text) ?? 0) + 1
  if (count < USES_BEFORE_NAMING) {
    if (uses.size < MAX_COUNTED) uses.set(text, count)
    return null
  }
  uses.delete(text)
  const name = `portal_${createHash('sha256').update(text).digest('hex').slice(0, 24)}`
  names.set(text, name)
  return name
}

type Query = (config: unknown, values?: unknown, callback?: unknown) => unknown

/**
 * Makes a pool's new connection send its repeated statements named (called from the pool's `connect` event).
 * Only the plain `query(text, values)` form that Kysely uses, with at least one value, is named; every other form
 * (a text without values, which may hold several statements) goes through unchanged.
 */
export function nameRepeatedStatements(client: pg.PoolClient): void {
  const query = client.query.bind(client) as Query
  const named: Query = (config, values, callback) => {
    // Only a statement with values: a text without any may be a script of several statements, which PostgreSQL runs
    // only when it is sent as it is, never prepared.
    if (typeof config === 'string' && callback === undefined && Array.isArray(values) && values.length > 0) {
      const name = statementName(config)
      if (name) return query({ name, text: config, values })
    }
    return query(config, values, callback)
  }
  client.query = named as typeof client.query
}
