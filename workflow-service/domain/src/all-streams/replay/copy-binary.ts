// The rebuilt rows as the data of `COPY … FROM STDIN WITH (FORMAT binary)` (decision 3827): each value in its type's
// own binary form, which PostgreSQL takes without parsing text (a time, a number): about a third less of its CPU for
// the replay's COPY than the text format took (measured, decision 3827). Each value is what the text format wrote of it (decision 2761): a JSON column takes the
// value's JSON, a number that is not finite no value; anything its column's type cannot hold fails by name, as
// PostgreSQL failed the text it could not read.

type Row = Record<string, unknown>

export interface CopyColumn {
  name: string
  /** The column's type as PostgreSQL names it (`information_schema.columns.udt_name`): int4, text, jsonb, … */
  type: string
}

/** The size of a piece handed to the connection: tens of kilobytes, not a message per row. */
const PIECE_BYTES = 64 * 1024

/** Milliseconds from the Unix epoch to PostgreSQL's, 2000-01-01T00:00:00Z, from which its times count. */
const EPOCH_SHIFT_MS = 946_684_800_000
const TWO_TO_32 = 4_294_967_296

/** The signature, no flags, no header extension (PostgreSQL's COPY binary format). */
const HEADER = Buffer.from([0x50, 0x47, 0x43, 0x4f, 0x50, 0x59, 0x0a, 0xff, 0x0d, 0x0a, 0x00, 0, 0, 0, 0, 0, 0, 0, 0])
/** A field count of -1: no more rows. */
const TRAILER = Buffer.from([0xff, 0xff])

// A value its column cannot hold is a fault of the log or the code, not anyone's refusal: thrown, and the rebuild's
// transaction rolls back with it.
const cannotHold = (where: string, value: unknown, type: string): never => {
  throw new Error(`${where}: the replay's value ${describe(value)} is not a ${type}`)
}
const describe = (value: unknown) => (typeof value === 'string' ? JSON.stringify(value.slice(0, 40)) : Object.prototype.toString.call(value))

/** A whole number as the text format had PostgreSQL read it: a number, or a string of digits. */
function wholeNumber(value: unknown, where: string, bits: 16 | 32 | 64): number {
  const number = typeof value === 'string' && /^[+-]?\d{1,16}$/.test(value) ? Number(value) : value
  const type = `whole number of ${bits} bits`
  if (typeof number !== 'number' || !Number.isSafeInteger(number)) return cannotHold(where, value, type)
  const limit = 2 ** (bits - 1)
  if (bits < 64 && (number < -limit || number >= limit)) return cannotHold(where, value, type)
  return number
}

const ISO_TIME = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2}):(\d{2})(?:\.(\d{1,6}))?(Z|[+-]\d{2}(?::?\d{2})?)$/

/**
 * A time as microseconds since 2000: a Date, or an ISO time with its zone (the rows' times are the events' Dates; a
 * time without a zone would be read in the session's, which this writer does not guess).
 */
function microseconds(value: unknown, where: string): number {
  if (value instanceof Date) {
    const ms = value.getTime()
    return Number.isFinite(ms) ? (ms - EPOCH_SHIFT_MS) * 1000 : cannotHold(where, value, 'time')
  }
  const parts = typeof value === 'string' ? ISO_TIME.exec(value) : null
  if (!parts) return cannotHold(where, value, 'time with its zone')
  const [year, month, day, hour, minute, second] = parts.slice(1, 7).map(Number)
  const ms = Date.UTC(year, month - 1, day, hour, minute, second)
  const back = new Date(ms)
  // Date.UTC rolls 30 February over into March, where PostgreSQL refuses it.
  if (back.getUTCFullYear() !== year || back.getUTCMonth() !== month - 1 || back.getUTCDate() !== day || hour > 23 || minute > 59 || second > 59) {
    return cannotHold(where, value, 'time')
  }
  const zone = parts[8]
  const offset = zone === 'Z' ? 0 : (zone[0] === '-' ? -1 : 1) * (Number(zone.slice(1, 3)) * 60 + (zone.length > 3 ? Number(zone.slice(-2)) : 0))
  return (ms - offset * 60_000 - EPOCH_SHIFT_MS) * 1000 + Number((parts[7] ?? '').padEnd(6, '0'))
}

/** A value of a text column as the text format wrote it. */
function textOf(value: unknown, where: string): string | null {
  switch (typeof value) {
    case 'string':
      return value
    case 'number':
      return Number.isFinite(value) ? String(value) : null
    case 'boolean':
      return value ? 't' : 'f'
  }
  if (value instanceof Date) return value.toISOString()
  // No read model has an array or composite column outside JSON: one added later fails here, by name, not silently.
  return cannotHold(where, value, 'text')
}

const UUID = /^[0-9a-f]{8}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{12}$/i

/**
 * How a column's values are written: `field` turns a row's value (never null) into what `write` puts down (a number,
 * a flag, or a string written as UTF-8), or null for no value; `bytes` is its size, 0 for a string's own. Plain values,
 * not an object per value: ~400 000 rows of seven columns.
 */
interface Kind {
  bytes: number
  field: (value: unknown, where: string) => number | boolean | string | null
  write: (buffer: Buffer, at: number, field: never) => void
}

function int64(buffer: Buffer, at: number, value: number): void {
  const high = Math.floor(value / TWO_TO_32)
  buffer.writeInt32BE(high, at)
  buffer.writeUInt32BE(value - high * TWO_TO_32, at + 4)
}

const finiteOrNull = (value: unknown) => (typeof value === 'number' && !Number.isFinite(value) ? null : value)

const integer = (bits: 16 | 32 | 64, write: (buffer: Buffer, at: number, field: number) => void): Kind => ({
  bytes: bits / 8,
  field: (value, where) => (finiteOrNull(value) === null ? null : wholeNumber(value, where, bits)),
  write,
})

const float = (bytes: 4 | 8): Kind => ({
  bytes,
  field: (value, where) => {
    const number = typeof value === 'string' && /^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i.test(value) ? Number(value) : value
    if (typeof number !== 'number') return cannotHold(where, value, 'number')
    return Number.isFinite(number) ? number : null
  },
  write: bytes === 8 ? (buffer, at, field: number) => void buffer.writeDoubleBE(field, at) : (buffer, at, field: number) => void buffer.writeFloatBE(field, at),
})

const TEXT: Kind = { bytes: 0, field: textOf, write: () => {} }

/** The kinds by the type's name; a column of any other type fails before a row is written. */
const KINDS: Record<string, Kind> = {
  int2: integer(16, (buffer, at, field) => void buffer.writeInt16BE(field, at)),
  int4: integer(32, (buffer, at, field) => void buffer.writeInt32BE(field, at)),
  int8: integer(64, int64),
  float4: float(4),
  float8: float(8),
  bool: {
    bytes: 1,
    field: (value, where) => {
      const flag = value === 't' || value === 'true' ? true : value === 'f' || value === 'false' ? false : value
      return typeof flag === 'boolean' ? flag : cannotHold(where, value, 'yes or no')
    },
    write: (buffer, at, field: boolean) => void buffer.writeUInt8(field ? 1 : 0, at),
  },
  text: TEXT,
  varchar: TEXT,
  timestamptz: { bytes: 8, field: (value, where) => microseconds(value, where), write: int64 },
  json: { bytes: 0, field: (value) => JSON.stringify(value), write: () => {} },
  // jsonb's binary form is its version, 1, then the JSON text (jsonb_recv): the version goes with the text.
  jsonb: { bytes: 0, field: (value) => '\u0001' + JSON.stringify(value), write: () => {} },
  uuid: {
    bytes: 16,
    field: (value, where) => (typeof value === 'string' && UUID.test(value) ? value.replaceAll('-', '') : cannotHold(where, value, 'uuid')),
    write: (buffer, at, field: string) => void buffer.write(field, at, 16, 'hex'),
  },
}

/** The kind of each column, in order; a column of a type without one fails here, naming it. */
function kindsOf(columns: readonly CopyColumn[], table: string): Kind[] {
  return columns.map((column) => {
    const kind = KINDS[column.type]
    if (!kind) throw new Error(`${table}.${column.name}: the replay has no binary COPY writer for the type ${column.type}`)
    return kind
  })
}

/** The column types this writer takes: a read model's column of another type is a test's failure, not a replay's. */
export const BINARY_COPY_TYPES: readonly string[] = Object.keys(KINDS)

/** The COPY data of the rows in binary format, in pieces of about PIECE_BYTES (a row may run over two pieces). */
export function* copyBinary(rows: readonly Row[], columns: readonly CopyColumn[], table: string): Generator<Buffer> {
  const kinds = kindsOf(columns, table)
  const names = columns.map((column) => column.name)
  const where = names.map((name) => `${table}.${name}`)
  const count = columns.length
  const fields = new Array<number | boolean | string | null>(count)
  let buffer = Buffer.allocUnsafe(PIECE_BYTES)
  HEADER.copy(buffer, 0)
  let at = HEADER.length
  for (let i = 0; i < rows.length; i++) {
    const row = rows[i]
    // The row's fields first, and the most bytes they can take (UTF-8: at most three bytes per UTF-16 unit).
    let most = 2
    for (let c = 0; c < count; c++) {
      const value = row[names[c]]
      const field = value === null || value === undefined ? null : kinds[c].field(value, where[c])
      fields[c] = field
      most += 4 + (field === null ? 0 : typeof field === 'string' && kinds[c].bytes === 0 ? field.length * 3 : kinds[c].bytes)
    }
    if (at + most > buffer.length) {
      yield buffer.subarray(0, at)
      buffer = Buffer.allocUnsafe(Math.max(PIECE_BYTES, most))
      at = 0
    }
    buffer.writeInt16BE(count, at)
    at += 2
    for (let c = 0; c < count; c++) {
      const field = fields[c]
      const kind = kinds[c]
      if (field === null) {
        buffer.writeInt32BE(-1, at)
        at += 4
      } else if (kind.bytes === 0) {
        const bytes = buffer.write(field as string, at + 4, 'utf8')
        buffer.writeInt32BE(bytes, at)
        at += 4 + bytes
      } else {
        buffer.writeInt32BE(kind.bytes, at)
        kind.write(buffer, at + 4, field as never)
        at += 4 + kind.bytes
      }
    }
  }
  if (at + TRAILER.length > buffer.length) {
    yield buffer.subarray(0, at)
    buffer = Buffer.allocUnsafe(TRAILER.length)
    at = 0
  }
  TRAILER.copy(buffer, at)
  yield buffer.subarray(0, at + TRAILER.length)
}
