// The replay reads the log as COPY text and takes it apart by hand (decision 2810). These lines are written as
// PostgreSQL's COPY TO writes them; replay.test.ts reads the same kinds of rows from a real log and compares them with
// node-postgres's own reading.
import { describe, expect, it } from 'vitest'
import { createLogLineReader, logEventOfLine, unescapeCopy } from '../../domain/src/event-store/log-copy-text.ts'

/** COPY TO's text of a column: a backslash and the control characters it names by letter are escaped. */
const copyColumn = (text: string) => text.replace(/[\\\b\f\n\r\t\v]/g, (c) => '\\' + ({ '\\': '\\', '\b': 'b', '\f': 'f', '\n': 'n', '\r': 'r', '\t': 't', '\v': 'v' } as Record<string, string>)[c])

// JSON.parse, not an object literal: a literal's `__proto__` sets its prototype instead of making a key.
const hostileData = JSON.parse(
  '{"tab":"a\\tb","lines":"one\\ntwo\\r\\nthree","backslashes":"C:\\\\отчёты\\\\N\\\\t","escapedNul":"\\\\u0000 \\\\0 \\\\x00","controls":"\\u0001\\b\\f\\u000b\\u001f",' +
    '"russian":"Отчёт о выбросах «Ямал» — ёлки","quote":"\\"","emoji":"🌲","__proto__":{"polluted":true},"nested":[{"\\t":"\\\\"}]}',
) as Record<string, unknown>
const hostileMetadata = { userId: 7, username: 'оператор\tвторой', role: 'holder', requestId: 'req\\N', clientAddress: null }

const line = (position: number, data: unknown, metadata: unknown = hostileMetadata, streamId = 'report-1', type = 'ReportCreated', ms = 1_764_324_672_345) =>
  [String(position), copyColumn(streamId), '1', copyColumn(type), copyColumn(JSON.stringify(data)), copyColumn(JSON.stringify(metadata)), String(ms)].join('\t') + '\n'

const text =
  line(1, hostileData) +
  line(2, { note: 'ё'.repeat(5_000) + '\\'.repeat(3) }, { userId: null, username: 'system', role: 'system', requestId: null, clientAddress: null }, 'стрим\tс\\табом', 'Тип\nс переводом', -1) +
  line(3, {}, {}, '\\N', 'T', 253_402_300_799_999)
const bytes = Buffer.from(text, 'utf8')

const readAll = (pieces: Buffer[]) => {
  const reader = createLogLineReader()
  const events = pieces.flatMap((piece) => reader.push(piece))
  reader.end()
  return events
}

describe('the log read as COPY text', () => {
  it('takes every column back as it was written: tabs, line breaks, backslashes, escaped NULs, Russian and __proto__ keys', () => {
    const [first, second, third] = readAll([bytes])
    expect(first).toEqual({ position: 1, streamId: 'report-1', streamVersion: 1, type: 'ReportCreated', data: hostileData, metadata: hostileMetadata, createdAt: new Date(1_764_324_672_345) })
    expect(Object.keys(first.data)).toContain('__proto__')
    expect(Object.getPrototypeOf(first.data)).toBe(Object.prototype)
    expect(({} as Record<string, unknown>).polluted).toBeUndefined()
    expect(first.data.backslashes).toBe('C:\\отчёты\\N\\t')
    expect(first.data.escapedNul).toBe('\\u0000 \\0 \\x00')
    expect(second.streamId).toBe('стрим\tс\\табом')
    expect(second.type).toBe('Тип\nс переводом')
    expect(second.data.note).toBe('ё'.repeat(5_000) + '\\\\\\')
    expect(second.createdAt.toISOString()).toBe('1969-12-31T23:59:59.999Z')
    expect(third.streamId).toBe('\\N')
    expect(third.createdAt.toISOString()).toBe('9999-12-31T23:59:59.999Z')
  })

  it('reads the same events whatever bytes its pieces end at, inside a line, an escape or a Russian letter', () => {
    const whole = readAll([bytes])
    for (let cut = 1; cut < bytes.length; cut += 97) expect(readAll([bytes.subarray(0, cut), bytes.subarray(cut)])).toEqual(whole)
    const tiny = []
    for (let i = 0; i < bytes.length; i += 3) tiny.push(bytes.subarray(i, i + 3))
    expect(readAll(tiny)).toEqual(whole)
  })

  it('fails, rather than guesses, on text it does not take: a line cut short, a missing or extra column, an escape COPY TO never writes, no value', () => {
    expect(() => readAll([bytes.subarray(0, bytes.length - 1)])).toThrow(/ended inside a line/)
    expect(() => logEventOfLine('1\tr\t1\tT\t{}\t{}')).toThrow(/6 columns/)
    expect(() => logEventOfLine('1\tr\t1\tT\t{}\t{}\t0\textra')).toThrow(/more than 7/)
    expect(() => unescapeCopy('octal \\101')).toThrow(/\\1/)
    expect(() => unescapeCopy('ends with \\')).toThrow(/escape/)
    expect(() => logEventOfLine('1\t\\N\t1\tT\t{}\t{}\t0')).toThrow(/no value/)
  })
})
