// An attack on the event log with the database owner's rights (the append-only triggers off), in a transaction that
// is always rolled back: answers what `verifyHashChain` saw inside it, and leaves the database as it was.
import { type Kysely, sql, type Transaction } from 'kysely'
import { expect } from 'vitest'
import type { Database } from '@portal/migrations/database.ts'
import { chainHeadFile } from '../../domain/src/event-store/chain-head.server.ts'
import { type ChainCheck, verifyHashChain } from '../../domain/src/event-store/event-store.server.ts'

export async function asOwnerThenRollBack(
  ownerDb: Kysely<Database>,
  attack: (trx: Transaction<Database>) => Promise<void>,
  headFile: string | null = chainHeadFile(),
): Promise<ChainCheck> {
  let check: ChainCheck | undefined
  await ownerDb
    .transaction()
    .execute(async (trx) => {
      await sql`ALTER TABLE events DISABLE TRIGGER USER`.execute(trx)
      await sql`ALTER TABLE event_checkpoints DISABLE TRIGGER USER`.execute(trx)
      await attack(trx)
      check = await verifyHashChain(trx, undefined, headFile)
      throw new Error('roll back')
    })
    .catch((error: Error) => expect(error.message).toBe('roll back'))
  return check!
}

/**
 * The same attack with the portal's own role (what its DATABASE_URL allows, triggers on), in a transaction that is
 * always rolled back: answers what `verifyHashChain` saw inside it.
 */
export async function asPortalRoleThenRollBack(
  db: Kysely<Database>,
  attack: (trx: Transaction<Database>) => Promise<void>,
  headFile: string | null = chainHeadFile(),
): Promise<ChainCheck> {
  let check: ChainCheck | undefined
  await db
    .transaction()
    .execute(async (trx) => {
      await attack(trx)
      check = await verifyHashChain(trx, undefined, headFile)
      throw new Error('roll back')
    })
    .catch((error: Error) => expect(error.message).toBe('roll back'))
  return check!
}
