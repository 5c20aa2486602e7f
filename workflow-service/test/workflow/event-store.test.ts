import { sql } from 'kysely'
import { describe, expect, it } from 'vitest'
import { appendToStream, readAll, readStream, verifyHashChain } from '../../src/event-store/event-store.server.ts'
import { systemMetadata } from '../../src/workflow/command-context.server.ts'
import { verifyProjections } from '../../src/workflow/replay/replay.server.ts'
import { useTestApp } from '../support/test-app.ts'

const t = useTestApp()
const meta = systemMetadata('test')

describe('event store', () => {
  it('holds the demo data as events whose replay equals the live read models, with an intact chain', async () => {
    const report = await verifyProjections(t.database.db)
    expect(report.events).toBeGreaterThan(50)
    expect(report.differences).toEqual([])
    expect(report.chain.broken).toBeNull()
    const counts = await t.database.db.selectFrom('import_reports').select(['status', (eb) => eb.fn.countAll<number>().as('n')]).groupBy('status').execute()
    expect(counts.map((c) => c.status).sort()).toEqual(['agreed', 'consideration', 'rejected'])
  })

  it('appends with stream versions and positions in order, and reads a stream and the log after a position', async () => {
    const before = (await t.database.db.selectFrom('events').select((eb) => eb.fn.max('position').as('p')).executeTakeFirstOrThrow()).p ?? 0
    const at = new Date('2026-01-01T00:00:00Z')
    await t.database.db.transaction().execute((trx) =>
      appendToStream(trx, 'test-stream-1', 0, [{ type: 'Tested', data: { n: 1 } }, { type: 'Tested', data: { n: 2 } }], meta, at),
    )
    await t.database.db.transaction().execute((trx) => appendToStream(trx, 'test-stream-1', 2, [{ type: 'Tested', data: { n: 3, nested: { b: 1, a: [1, 'я'] } } }], meta, at))
    const stream = await readStream(t.database.db, 'test-stream-1')
    expect(stream.map((e) => [e.streamVersion, e.data.n])).toEqual([[1, 1], [2, 2], [3, 3]])
    const tail = await readAll(t.database.db, Number(before), 10)
    expect(tail.map((e) => e.position)).toEqual([Number(before) + 1, Number(before) + 2, Number(before) + 3])
    expect(tail[1].prevHash).toBe(tail[0].hash)
    expect(stream[0].metadata).toEqual(meta)
    expect((await verifyHashChain(t.database.db)).broken).toBeNull()
  })

  it('refuses an append with a stale expected version and leaves no event', async () => {
    const count = async () => (await readStream(t.database.db, 'test-stream-2')).length
    await t.database.db.transaction().execute((trx) => appendToStream(trx, 'test-stream-2', 0, [{ type: 'Tested', data: {} }], meta, new Date()))
    await expect(
      t.database.db.transaction().execute((trx) => appendToStream(trx, 'test-stream-2', 0, [{ type: 'Tested', data: {} }], meta, new Date())),
    ).rejects.toThrow(/expected 0/)
    expect(await count()).toBe(1)
  })

  it('is refused UPDATE, DELETE and TRUNCATE by the database itself', async () => {
    for (const statement of [sql`UPDATE events SET type = 'Forged' WHERE position = 1`, sql`DELETE FROM events WHERE position = 1`, sql`TRUNCATE events`]) {
      await expect(statement.execute(t.database.db)).rejects.toThrow(/append-only/)
    }
    const first = await t.database.db.selectFrom('events').select('type').where('position', '=', 1).executeTakeFirstOrThrow()
    expect(first.type).not.toBe('Forged')
  })

  it('finds an event altered behind the triggers by its broken hash', async () => {
    await t.database.db.transaction().execute(async (trx) => {
      // Only a superuser can do this; the chain still tells.
      await sql`ALTER TABLE events DISABLE TRIGGER events_append_only`.execute(trx)
      await sql`UPDATE events SET data = jsonb_set(data, '{comment}', '"подделка"') WHERE position = (SELECT min(position) FROM events WHERE type = 'ReportAgreed')`.execute(trx)
      const check = await verifyHashChain(trx)
      expect(check.broken?.reason).toMatch(/does not match its hash/)
      throw new Error('roll back')
    }).catch((error: Error) => expect(error.message).toBe('roll back'))
    expect((await verifyHashChain(t.database.db)).broken).toBeNull()
  })
})
