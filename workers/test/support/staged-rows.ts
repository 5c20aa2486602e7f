// How many rows of a file the check has staged so far: what the tests watch while a check runs or after it ends.
import type { Kysely } from 'kysely'
import type { Database } from '@portal/migrations/database.ts'

export async function countStagedRows(db: Kysely<Database>, fileId: number): Promise<number> {
  const row = await db.selectFrom('import_staged_rows').select((eb) => eb.fn.countAll<number>().as('n')).where('file_id', '=', fileId).executeTakeFirst()
  return Number(row?.n ?? 0)
}
