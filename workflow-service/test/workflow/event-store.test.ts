import { JOBS } from '../../domain/src/ports/jobs.ts'
import { type KyselyPlugin, sql, type Transaction } from 'kysely'
import { describe, expect, it } from 'vitest'
import type { Database } from '@portal/migrations/database.ts'
import { writeCheckpoint } from '../../domain/src/event-store/checkpoints.server.ts'
import { GENESIS_HASH, hashEvent } from '../../domain/src/event-store/event-hash.ts'
import { appendToStream, ConcurrencyError, readAll, readAllInPages, readStream, verifyHashChain } from '../../domain/src/event-store/event-store.server.ts'
import { inTransaction, systemMetadata } from '../../domain/src/workflow/command-context.server.ts'
import { verifyProjections } from '../../domain/src/all-streams/replay/replay.server.ts'
import { asOwnerThenRollBack as ownerAttack } from '../support/owner-attack.ts'
import { useTestApp } from '../../../test-support/test-app.ts'

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
    expect(tail.map((e) => e.streamVersion)).toEqual([1, 2, 3])
    expect(tail[0].position).toBeLessThan(tail[1].position)
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

  it('is refused UPDATE, DELETE and TRUNCATE by its triggers even for the owner of the table', async () => {
    for (const statement of [sql`UPDATE events SET type = 'Forged' WHERE position = 1`, sql`DELETE FROM events WHERE position = 1`, sql`TRUNCATE events`, sql`TRUNCATE event_checkpoints`]) {
      await expect(statement.execute(t.database.ownerDb)).rejects.toThrow(/append-only/)
    }
    const first = await t.database.db.selectFrom('events').select('type').where('position', '=', 1).executeTakeFirstOrThrow()
    expect(first.type).not.toBe('Forged')
  })
})

const asOwnerThenRollBack = (attack: (trx: Transaction<Database>) => Promise<void>, headFile?: string | null) =>
  ownerAttack(t.database.ownerDb, attack, headFile)

/** Recomputes prev_hash and hash of every event of a stream from its first, the way a forger without the key can. */
async function rechainWithoutKey(trx: Transaction<Database>, streamId: string): Promise<void> {
  const rows = await trx.selectFrom('events').selectAll().where('stream_id', '=', streamId).orderBy('stream_version').execute()
  let prevHash = GENESIS_HASH
  for (const row of rows) {
    const forged = hashEvent({ position: Number(row.position), streamId, streamVersion: row.stream_version, type: row.type, data: row.data, metadata: row.metadata, createdAt: row.created_at, prevHash })
    await trx.updateTable('events').set({ prev_hash: prevHash, hash: forged }).where('position', '=', row.position).execute()
    prevHash = forged
  }
}

const agreedEvent = (trx: Transaction<Database>) =>
  trx.selectFrom('events').select(['position', 'stream_id']).where('type', '=', 'ReportAgreed').orderBy('position').limit(1).executeTakeFirstOrThrow()

describe('the portal\'s own database role', () => {
  it('cannot disable the triggers, update, delete, truncate or take over the event log and its checkpoints', async () => {
    const { rows } = await sql<{ user: string; superuser: boolean }>`SELECT current_user AS user, (SELECT rolsuper FROM pg_roles WHERE rolname = current_user) AS superuser`.execute(t.database.db)
    expect(rows[0].superuser).toBe(false)
    for (const table of ['events', 'event_checkpoints']) {
      const attempts = [
        sql`ALTER TABLE ${sql.id(table)} DISABLE TRIGGER USER`,
        sql`ALTER TABLE ${sql.id(table)} DISABLE TRIGGER ALL`,
        sql`UPDATE ${sql.id(table)} SET created_at = now()`,
        sql`DELETE FROM ${sql.id(table)}`,
        sql`TRUNCATE ${sql.id(table)}`,
        sql`DROP TABLE ${sql.id(table)}`,
        sql`ALTER TABLE ${sql.id(table)} OWNER TO ${sql.id(rows[0].user)}`,
        sql`CREATE TRIGGER forged BEFORE INSERT ON ${sql.id(table)} FOR EACH ROW EXECUTE FUNCTION audit_log_refuse_change()`,
        sql`DROP FUNCTION events_refuse_change() CASCADE`,
      ]
      for (const attempt of attempts) {
        await expect(attempt.execute(t.database.db)).rejects.toThrow(/permission denied|must be owner/)
      }
    }
    await expect(sql`SET session_replication_role = replica`.execute(t.database.db)).rejects.toThrow(/permission denied/)
    await expect(sql`CREATE TABLE shadow (id int)`.execute(t.database.db)).rejects.toThrow(/permission denied/)
    await expect(sql`CREATE SCHEMA shadow`.execute(t.database.db)).rejects.toThrow(/permission denied/)
    expect((await verifyHashChain(t.database.db)).broken).toBeNull()
  })

  it('reads and writes the read models and appends events, and works the queue in its own schema', async () => {
    await t.database.db.transaction().execute((trx) => appendToStream(trx, 'test-stream-app', 0, [{ type: 'Tested', data: {} }], meta, new Date()))
    expect(await writeCheckpoint(t.database.db)).not.toBeNull()
    await t.queue.send(JOBS.fileCheck, { fileId: 0 })
    const { rows } = await sql<{ owner: string }>`SELECT pg_get_userbyid(nspowner) AS owner FROM pg_namespace WHERE nspname = 'pgboss'`.execute(t.database.db)
    expect(rows[0].owner).toBe(new URL(t.database.url).username)
  })
})

describe('tamper-evident event log', () => {
  it('catches an event edited and re-chained by someone with the database owner\'s rights but not the key', async () => {
    const check = await asOwnerThenRollBack(async (trx) => {
      const event = await agreedEvent(trx)
      await sql`UPDATE events SET data = jsonb_set(data, '{comment}', '"подделка"') WHERE position = ${event.position}`.execute(trx)
      await rechainWithoutKey(trx, event.stream_id)
    })
    expect(check.broken?.reason).toMatch(/keyed hash/)
  })

  it('catches a keyed event turned into an unkeyed one and re-chained', async () => {
    const check = await asOwnerThenRollBack(async (trx) => {
      const event = await agreedEvent(trx)
      await sql`UPDATE events SET data = jsonb_set(data, '{comment}', '"подделка"') WHERE position = ${event.position}`.execute(trx)
      await sql`UPDATE events SET keyed = false WHERE stream_id = ${event.stream_id}`.execute(trx)
      await rechainWithoutKey(trx, event.stream_id)
    })
    expect(check.broken?.reason).toMatch(/unkeyed event/)
  })

  it('catches an event removed from the middle of its stream', async () => {
    const check = await asOwnerThenRollBack(async (trx) => {
      const event = await agreedEvent(trx)
      const first = await trx.selectFrom('events').select('position').where('stream_id', '=', event.stream_id).orderBy('stream_version').limit(1).executeTakeFirstOrThrow()
      await trx.deleteFrom('events').where('position', '=', first.position).execute()
    })
    expect(check.broken?.reason).toMatch(/missing or out of order/)
  })

  it('catches two events of the log swapped in order', async () => {
    const check = await asOwnerThenRollBack(async (trx) => {
      const [a, b] = await trx.selectFrom('events').select('position').orderBy('position').limit(2).execute()
      // Through a free position far above the log (a position at or below zero the table refuses).
      const free = Number.MAX_SAFE_INTEGER
      await sql`UPDATE events SET position = ${free} WHERE position = ${a.position}`.execute(trx)
      await sql`UPDATE events SET position = ${a.position} WHERE position = ${b.position}`.execute(trx)
      await sql`UPDATE events SET position = ${b.position} WHERE position = ${free}`.execute(trx)
    })
    expect(check.broken).not.toBeNull()
  })

  it('catches the last event of a stream removed once a checkpoint sealed it, and a checkpoint removed', async () => {
    await t.database.db.transaction().execute((trx) => appendToStream(trx, 'test-stream-tail', 0, [{ type: 'Tested', data: { n: 1 } }, { type: 'Tested', data: { n: 2 } }], meta, new Date()))
    expect(await writeCheckpoint(t.database.db)).not.toBeNull()
    await t.database.db.transaction().execute((trx) => appendToStream(trx, 'test-stream-tail', 2, [{ type: 'Tested', data: { n: 3 } }], meta, new Date()))
    expect(await writeCheckpoint(t.database.db)).toMatchObject({ events: 1 })
    expect(await writeCheckpoint(t.database.db)).toBeNull()
    const tail = await asOwnerThenRollBack(async (trx) => {
      await trx.deleteFrom('events').where('stream_id', '=', 'test-stream-tail').where('stream_version', '=', 3).execute()
    })
    expect(tail.broken?.reason).toMatch(/do not match checkpoint/)
    const checkpoint = await asOwnerThenRollBack(async (trx) => {
      await trx.deleteFrom('event_checkpoints').where('from_position', '=', 0).execute()
    })
    expect(checkpoint.broken?.reason).toMatch(/does not follow/)
    const intact = await verifyHashChain(t.database.db)
    expect(intact).toMatchObject({ broken: null, unanchored: 0 })
    expect(intact.checkpoints).toBeGreaterThan(0)
  })
})

describe('per-stream optimistic concurrency', () => {
  /** Starts a transaction that appends and then waits, holding its append open until release() is called. */
  function openAppend(streamId: string, expectedVersion: number) {
    let release!: () => void
    const held = new Promise<void>((resolve) => (release = resolve))
    let appended!: () => void
    const ready = new Promise<void>((resolve) => (appended = resolve))
    const done = t.database.db.transaction().execute(async (trx) => {
      await appendToStream(trx, streamId, expectedVersion, [{ type: 'Tested', data: {} }], meta, new Date())
      appended()
      await held
    })
    return { ready, release, done }
  }

  it('lets one of two appends to the same version of a stream win and refuses the other as a conflict', async () => {
    const first = openAppend('race-same', 0)
    await first.ready
    const second = t.database.db.transaction().execute((trx) => appendToStream(trx, 'race-same', 0, [{ type: 'Tested', data: {} }], meta, new Date()))
    first.release()
    await first.done
    await expect(second).rejects.toBeInstanceOf(ConcurrencyError)
    expect((await readStream(t.database.db, 'race-same')).length).toBe(1)
  })

  it('commits an append to another stream while an append to the first is still open (no global lock)', async () => {
    const first = openAppend('race-a', 0)
    await first.ready
    await t.database.db.transaction().execute((trx) => appendToStream(trx, 'race-b', 0, [{ type: 'Tested', data: {} }], meta, new Date()))
    expect((await readStream(t.database.db, 'race-b')).length).toBe(1)
    first.release()
    await first.done
    expect((await readStream(t.database.db, 'race-a')).length).toBe(1)
    expect((await verifyHashChain(t.database.db)).broken).toBeNull()
  })

  it('answers a lost race as the lost-race refusal (a 409 at the edge)', async () => {
    await expect(inTransaction(t.database.db, (trx) => appendToStream(trx, 'race-same', 0, [{ type: 'Tested', data: {} }], meta, new Date()))).rejects.toMatchObject({ refusal: { reason: 'lost-race' } })
  })
})

describe('reading the whole log in pages', () => {
  /** Counts the statements a reader sends, when it sends them (a plugin sees each query as it starts). */
  const counting = () => {
    const sent = { n: 0 }
    const plugin: KyselyPlugin = {
      transformQuery: (args) => ((sent.n += 1), args.node),
      transformResult: async (args) => args.result,
    }
    return { sent, plugin }
  }

  it('asks for the next page before handing out the rows of the current one, so the database reads while the reader works', async () => {
    await t.database.db.transaction().execute(async (trx) => {
      const { sent, plugin } = counting()
      const reader = readAllInPages(trx.withPlugin(plugin), 3)
      const first = await reader.next()
      expect(first.done).toBe(false)
      expect(sent.n).toBe(2)
      await reader.return(undefined)
    })
  })

  it('hands out every row of the log once and in order across page edges, and a reader that stops early leaves its transaction usable', async () => {
    await t.database.db.transaction().execute(async (trx) => {
      const all = (await trx.selectFrom('events').select('position').orderBy('position').execute()).map((r) => Number(r.position))
      expect(all.length).toBeGreaterThan(10)
      for (const size of [1, 4, all.length, all.length + 1]) {
        const seen: number[] = []
        for await (const event of readAllInPages(trx, size)) seen.push(event.position)
        expect([size, seen]).toEqual([size, all])
      }
      let taken = 0
      for await (const _ of readAllInPages(trx, 2)) if (++taken === 3) break
      expect(Number((await sql<{ n: string }>`SELECT count(*) AS n FROM events`.execute(trx)).rows[0].n)).toBe(all.length)
    })
  })
})
