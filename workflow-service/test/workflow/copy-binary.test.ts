// The rebuild writes its read models with COPY in the binary format (decision 3827): every value must arrive as the
// row held it, a value its column cannot hold must fail by name, and nothing of a failed COPY may stay written.
import { sql, type Transaction } from 'kysely'
import type { Database } from '@portal/migrations/database.ts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BINARY_COPY_TYPES, copyBinary, type CopyColumn } from '../../domain/src/all-streams/replay/copy-binary.ts'
import { liveColumns } from '../../domain/src/all-streams/replay/replay.server.ts'
import { type OwnConnection, withOwnConnection } from '../../platform/src/db/own-connection.server.ts'
import { createTestDatabase, type TestDatabase } from '../../../test-support/test-database.ts'

let database: TestDatabase
beforeAll(async () => void (database = await createTestDatabase()))
afterAll(async () => database.destroy())

const COLUMNS: CopyColumn[] = [
  { name: 'id', type: 'int4' },
  { name: 'small', type: 'int2' },
  { name: 'big', type: 'int8' },
  { name: 'note', type: 'text' },
  { name: 'label', type: 'varchar' },
  { name: 'problems', type: 'jsonb' },
  { name: 'raw', type: 'json' },
  { name: 'at', type: 'timestamptz' },
  { name: 'flag', type: 'bool' },
  { name: 'share', type: 'float8' },
  { name: 'ratio', type: 'float4' },
  { name: 'key', type: 'uuid' },
]
const TABLE = `CREATE TEMPORARY TABLE copied (id int4, small int2, big int8, note text, label varchar(300000), problems jsonb, raw json,
  at timestamptz, flag boolean, share double precision, ratio real, key uuid) ON COMMIT DROP`

/** Copies the rows into a temporary table in a transaction of its own connection and reads them back as text. */
async function copiedBack(rows: Array<Record<string, unknown>>, columns = COLUMNS) {
  return withOwnConnection(database.db, (own) =>
    own.db.transaction().execute(async (trx) => {
      await sql`SET LOCAL timezone = 'UTC'`.execute(trx)
      await sql.raw(TABLE).execute(trx)
      const taken = await copyInto(own, trx, rows, columns)
      const back = await sql<Record<string, string | null>>`
        SELECT id::text, small::text, big::text, note, label, problems::text, raw::text, at::text, flag::text, share::text, ratio::text, key::text
        FROM copied ORDER BY copied.id`.execute(trx)
      return { taken, rows: back.rows }
    }),
  )
}

async function copyInto(own: OwnConnection, trx: Transaction<Database>, rows: Array<Record<string, unknown>>, columns: CopyColumn[]) {
  const statement = sql`COPY copied (${sql.join(columns.map((c) => sql.id(c.name)))}) FROM STDIN WITH (FORMAT binary)`.compile(trx).sql
  return own.copyIn(statement, copyBinary(rows, columns, 'copied'))
}

describe("the rebuild's binary COPY", () => {
  it('writes every kind of value as the row held it, and no value as no value', async () => {
    const hostile = 'таб\tперевод\nвозврат\rслэш\\ и \\N 🌍 \u0001'
    const { taken, rows } = await copiedBack([
      {
        id: 1,
        small: -32768,
        big: Number.MAX_SAFE_INTEGER,
        note: hostile,
        label: 'х'.repeat(200_000),
        problems: [{ reason: 'кавычки " и \\ и \t', ...JSON.parse('{"__proto__": "не прототип"}') }],
        raw: { a: [1, 'два'] },
        at: new Date('2026-11-28T10:11:12.345Z'),
        flag: true,
        share: 1.5,
        ratio: 0.25,
        key: '0b8e4d3a-5c1f-4a7e-9d2b-3f6a8c1e7b90',
      },
      { id: 2, small: 32767, big: -Number.MAX_SAFE_INTEGER, note: '\\N', problems: 'строка как JSON', at: '2026-01-02T03:04:05.123456+05:00', flag: false, share: Number.NaN, ratio: -0 },
      { id: 3, small: '12', big: '-4294967297', note: 42, label: false, at: new Date('1969-07-20T20:17:40.001Z'), flag: 'f', share: Infinity, ratio: '2.5' },
      { id: 4, note: null, problems: null, at: null, flag: null, share: undefined, key: null },
    ])
    expect(taken).toBe(4)
    expect(rows[0]).toEqual({
      id: '1',
      small: '-32768',
      big: '9007199254740991',
      note: hostile,
      label: 'х'.repeat(200_000),
      problems: '[{"reason": "кавычки \\" и \\\\ и \\t", "__proto__": "не прототип"}]',
      raw: '{"a":[1,"два"]}',
      at: '2026-11-28 10:11:12.345+00',
      flag: 'true',
      share: '1.5',
      ratio: '0.25',
      key: '0b8e4d3a-5c1f-4a7e-9d2b-3f6a8c1e7b90',
    })
    expect(rows[1]).toMatchObject({ big: '-9007199254740991', note: '\\N', problems: '"строка как JSON"', at: '2026-01-01 22:04:05.123456+00', flag: 'false', share: null, ratio: '-0' })
    expect(rows[2]).toMatchObject({ small: '12', big: '-4294967297', note: '42', label: 'f', at: '1969-07-20 20:17:40.001+00', flag: 'false', share: null, ratio: '2.5' })
    expect(rows[3]).toEqual({ id: '4', small: null, big: null, note: null, label: null, problems: null, raw: null, at: null, flag: null, share: null, ratio: null, key: null })
  })

  it('takes many rows over many pieces, a row larger than a piece among them, and loses none', async () => {
    const rows = Array.from({ length: 20_000 }, (_, i) => ({ id: i, note: i === 7_000 ? 'ы'.repeat(100_000) : `строка ${i}`, big: i * 4_294_967_296, at: new Date(i * 1_000) }))
    const { taken, rows: back } = await copiedBack(rows)
    expect(taken).toBe(20_000)
    expect(back.map((row) => [row.id, row.note, row.big])).toEqual(rows.map((row) => [String(row.id), row.note, String(row.big)]))
    expect(back[1].at).toBe('1970-01-01 00:00:01+00')
  })

  it.each([
    ['a whole number past its 32 bits', { id: 2 ** 31 }, /copied\.id: .* is not a whole number of 32 bits/],
    ['a fraction in a whole-number column', { id: 1.5 }, /copied\.id: .* is not a whole number/],
    ['digits past 2^53 for an int8', { id: 1, big: '99999999999999999' }, /copied\.big: .* is not a whole number of 64 bits/],
    ['a word in a whole-number column', { id: 'один' }, /copied\.id: the replay's value "один" is not a whole number/],
    ['a time without its zone', { id: 1, at: '2026-01-02 03:04:05' }, /copied\.at: .* is not a time with its zone/],
    ['30 February', { id: 1, at: '2026-02-30T00:00:00Z' }, /copied\.at: .* is not a time/],
    ['an invalid Date', { id: 1, at: new Date(Number.NaN) }, /copied\.at: .* is not a time/],
    ['a number as a time', { id: 1, at: 1_700_000_000_000 }, /copied\.at: .* is not a time/],
    ['a malformed uuid', { id: 1, key: 'not-a-uuid' }, /copied\.key: .* is not a uuid/],
    ['an object in a text column', { id: 1, note: { nested: true } }, /copied\.note: .* is not a text/],
    ['a word in a yes-or-no column', { id: 1, flag: 'yes' }, /copied\.flag: .* is not a yes or no/],
  ])('refuses %s, naming the column; the COPY keeps none of its rows and the connection goes on', async (_, row, message) => {
    const kept = await withOwnConnection(database.db, (own) =>
      own.db.transaction().execute(async (trx) => {
        await sql.raw(TABLE).execute(trx)
        await copyInto(own, trx, [{ id: -1, note: 'до' }], COLUMNS)
        await sql`SAVEPOINT refused`.execute(trx)
        await expect(copyInto(own, trx, [{ id: 0, note: 'в той же COPY' }, row], COLUMNS)).rejects.toThrow(message)
        await sql`ROLLBACK TO SAVEPOINT refused`.execute(trx)
        return (await sql<{ id: number }>`SELECT id FROM copied`.execute(trx)).rows.map((r) => r.id)
      }),
    )
    expect(kept).toEqual([-1])
  })

  it('a NUL in a text is refused by PostgreSQL, and the transaction with it', async () => {
    await expect(copiedBack([{ id: 1, note: 'a\u0000b' }])).rejects.toThrow(/0x00/)
  })

  it('a column of a type without a writer fails before any row is written, naming it', () => {
    expect(() => [...copyBinary([{ amount: 1 }], [{ name: 'amount', type: 'numeric' }], 'copied')]).toThrow(/copied\.amount: the replay has no binary COPY writer for the type numeric/)
  })

  it('every column of every read model the replay writes has a writer', async () => {
    const columns = await database.db.transaction().execute(liveColumns)
    const types = new Set([...columns.values()].flat().map((column) => column.type))
    expect(types.size).toBeGreaterThan(3)
    expect([...types].filter((type) => !BINARY_COPY_TYPES.includes(type))).toEqual([])
  })
})
