// Asking an address to confirm inside a command's transaction (decision 2224): one letter for a new address, none for
// a confirmed one, the hour's and the day's limits per address, one letter per event, in one statement (decision 2316).
import { Kysely, PostgresDialect } from 'kysely'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '@portal/migrations/database.ts'
import { CONFIRMATION_SUBJECT, CONFIRMATIONS_PER_DAY } from '../domain/src/notifications/mail-rules.ts'
import { requestConfirmation } from '../domain/src/notifications/email-confirmations.server.ts'
import { createTestDatabase, type TestDatabase } from '../../test-support/test-database.ts'

let database: TestDatabase
beforeAll(async () => {
  database = await createTestDatabase()
})
afterAll(() => database.destroy())

let nextPosition = 900_000_000
const HOUR = 3_600_000

const letters = (address: string) =>
  database.db.selectFrom('mail_outbox').select(['event_position', 'subject', 'kind']).where('to_address', '=', address).orderBy('event_position').execute()
const tokenOf = async (address: string) =>
  (await database.db.selectFrom('email_confirmations').select(['token_sha256', 'confirmed_at']).where('address', '=', address).executeTakeFirst()) ?? null

describe('asking an address to confirm', () => {
  it('writes one letter and one token for a new address, under its one spelling', async () => {
    const at = new Date('2030-01-01T10:00:00Z')
    await requestConfirmation(database.db, '  New.Person@Example.RU ', nextPosition++, at)
    expect(await letters('new.person@example.ru')).toEqual([{ event_position: nextPosition - 1, subject: CONFIRMATION_SUBJECT, kind: 'confirmation' }])
    expect((await tokenOf('new.person@example.ru'))?.token_sha256).toMatch(/^[0-9a-f]{64}$/)
  })

  it('writes nothing for a confirmed address, nor for text that is not an address', async () => {
    const at = new Date('2030-01-02T10:00:00Z')
    await database.ownerDb.insertInto('email_confirmations').values({ address: 'confirmed@example.ru', token_sha256: 'a'.repeat(64), token_created_at: at, confirmed_at: at }).execute()
    await requestConfirmation(database.db, 'confirmed@example.ru', nextPosition++, at)
    await requestConfirmation(database.db, 'no address here', nextPosition++, at)
    expect(await letters('confirmed@example.ru')).toEqual([])
    expect(await letters('no address here')).toEqual([])
    expect((await tokenOf('confirmed@example.ru'))?.token_sha256).toBe('a'.repeat(64))
  })

  it('keeps to one letter an hour and three a day per address, and leaves the token of the last letter sent', async () => {
    const start = new Date('2030-01-03T08:00:00Z').getTime()
    const address = 'limits@example.ru'
    await requestConfirmation(database.db, address, nextPosition++, new Date(start))
    const first = await tokenOf(address)
    await requestConfirmation(database.db, address, nextPosition++, new Date(start + HOUR / 2))
    expect(await letters(address)).toHaveLength(1)
    // Refused: the link of the letter sent is still the one that works.
    expect(await tokenOf(address)).toEqual(first)
    for (let hour = 1; hour <= 5; hour++) await requestConfirmation(database.db, address, nextPosition++, new Date(start + hour * HOUR + 1))
    expect(await letters(address)).toHaveLength(CONFIRMATIONS_PER_DAY)
    expect(await tokenOf(address)).not.toEqual(first)
  })

  it('writes one letter for one event asked twice, and keeps that letter\'s link working', async () => {
    const at = new Date('2030-01-04T10:00:00Z')
    const position = nextPosition++
    await requestConfirmation(database.db, 'twice@example.ru', position, at)
    const sent = await tokenOf('twice@example.ru')
    await requestConfirmation(database.db, 'twice@example.ru', position, new Date(at.getTime() + 2 * HOUR))
    expect(await letters('twice@example.ru')).toHaveLength(1)
    // The link of the one letter sent still works.
    expect(await tokenOf('twice@example.ru')).toEqual(sent)
  })

  it('asks in one statement inside the command, whatever it finds', async () => {
    const sent: string[] = []
    const pool = new pg.Pool({ connectionString: database.url, max: 1 })
    // The pool's end does not wait for the server to close its connection: dropping the database right after may
    // kill it, and an 'error' with no listener would be an uncaught exception that fails the whole run.
    pool.on('error', () => {})
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }), log: (event) => void sent.push(event.query.sql) })
    try {
      await requestConfirmation(db, 'one-statement@example.ru', nextPosition++, new Date('2030-01-05T10:00:00Z'))
      await requestConfirmation(db, 'confirmed@example.ru', nextPosition++, new Date('2030-01-05T10:00:00Z'))
      await requestConfirmation(db, 'one-statement@example.ru', nextPosition++, new Date('2030-01-05T10:10:00Z'))
      expect(sent).toHaveLength(3)
      expect(await letters('one-statement@example.ru')).toHaveLength(1)
    } finally {
      await db.destroy()
    }
  })
})

