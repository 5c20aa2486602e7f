// The transparency record as use-cases (decision 3710): the signed statements and keys, and the published readings
// as their digest reads them — for anyone, as the readings themselves are public.
import type { Kysely } from 'kysely'
import type { Database } from '@portal/migrations/database.ts'
import { PUBLISHED_TABLES } from '../catalogue/published-rows.server.ts'
import { type TransparencyIndex, transparencyIndex, type TransparencyRows, transparencyRows } from '../transparency/transparency-reads.server.ts'
import type { Outcome, UseCaseContext } from './use-case.ts'

export function transparencyUseCases(db: Kysely<Database>) {
  return {
    async index(_context: UseCaseContext, input: { after: number; limit: number }): Promise<Outcome<TransparencyIndex>> {
      return { ok: true, value: await transparencyIndex(db, input) }
    },
    async rows(_context: UseCaseContext, input: { table: string; after: number; limit: number }): Promise<Outcome<TransparencyRows>> {
      const rows = await transparencyRows(db, input)
      if (!rows) return { ok: false, refusal: { reason: 'invalid-input', parameter: 'table', detail: `table: ожидается одна из таблиц ${PUBLISHED_TABLES.map((s) => s.table).join(', ')}` } }
      return { ok: true, value: rows }
    },
  }
}
