// What the transparency door publishes (decision 3710): the keys that signed the log's checkpoints (from their
// stream), the signed statements page by page, and the tables of published readings as the cells their digest is
// computed from, so anyone can check the signed digest with no secret. Nothing here is a holder's: the statements
// hold positions, hashes and digests, the rows are the public readings.
import { type Kysely, sql } from 'kysely'
import type { Database } from '@portal/migrations/database.ts'
import { PUBLISHED_TABLES, contentColumns, rowCells } from '../catalogue/published-rows.server.ts'
import { inChainSql } from '../event-store/positions.ts'
import { TRANSPARENCY_KEY_STREAM, type SigningKeyIntroduced } from './key-events.ts'

export interface TransparencyKey {
  algorithm: 'Ed25519'
  publicKey: string
  fingerprint: string
  replaces: string | null
  /** The log position and time of the event that put it in use. */
  position: number
  introducedAt: string
}

export interface SignedStatement {
  toPosition: number
  /** The signed text: the statement as canonical JSON. */
  statement: string
  signature: string
  key: string
}

export interface TransparencyIndex {
  keys: TransparencyKey[]
  statements: SignedStatement[]
  /** The `after` of the next page; null on the last. */
  next: number | null
  /** The log's last position now: events after the last statement are sealed at the next checkpoint. */
  head: number
  tables: Array<{ table: string; columns: string[] }>
}

export async function transparencyIndex(db: Kysely<Database>, page: { after: number; limit: number }): Promise<TransparencyIndex> {
  const [keys, statements, head] = await Promise.all([
    sql<{ position: string; created_at: Date; data: SigningKeyIntroduced['data'] }>`
      SELECT position, created_at, data FROM events
      WHERE stream_id = ${TRANSPARENCY_KEY_STREAM} AND type = 'SigningKeyIntroduced' AND ${inChainSql()} ORDER BY position`.execute(db),
    db
      .selectFrom('signed_checkpoints')
      .select(['to_position', 'statement', 'signature', 'key_fingerprint'])
      .where('to_position', '>', page.after)
      .orderBy('to_position')
      .limit(page.limit + 1)
      .execute(),
    sql<{ max: string | null }>`SELECT max(position) AS max FROM events`.execute(db),
  ])
  const shown = statements.slice(0, page.limit)
  return {
    keys: keys.rows.map((k) => ({
      algorithm: 'Ed25519',
      publicKey: k.data.publicKey,
      fingerprint: k.data.fingerprint,
      replaces: k.data.replaces,
      position: Number(k.position),
      introducedAt: k.created_at.toISOString(),
    })),
    statements: shown.map((s) => ({ toPosition: Number(s.to_position), statement: s.statement, signature: s.signature, key: s.key_fingerprint })),
    next: statements.length > page.limit ? Number(shown[shown.length - 1].to_position) : null,
    head: Number(head.rows[0].max ?? 0),
    tables: PUBLISHED_TABLES.map((spec) => ({ table: spec.table, columns: ['id', ...contentColumns(spec)] })),
  }
}

export interface TransparencyRows {
  table: string
  columns: string[]
  /** Each row's cells as text (a NULL as «\N»), in the order of `columns`, by id. */
  rows: string[][]
  next: number | null
}

/** A page of a table of published readings as the digest reads it; null for a table that is none of them. */
export async function transparencyRows(db: Kysely<Database>, input: { table: string; after: number; limit: number }): Promise<TransparencyRows | null> {
  const spec = PUBLISHED_TABLES.find((s) => s.table === input.table)
  if (!spec) return null
  const { rows } = await sql<{ id: string; cells: string[] }>`
    SELECT t.id, ARRAY[${sql.join(rowCells(spec), sql`, `)}] AS cells
    FROM ${sql.table(spec.table)} t WHERE t.id > ${input.after} ORDER BY t.id LIMIT ${input.limit + 1}`.execute(db)
  const shown = rows.slice(0, input.limit)
  return {
    table: spec.table,
    columns: ['id', ...contentColumns(spec)],
    rows: shown.map((r) => r.cells),
    next: rows.length > input.limit ? Number(shown[shown.length - 1].id) : null,
  }
}
