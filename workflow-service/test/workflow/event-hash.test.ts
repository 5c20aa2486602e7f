// The text an event's hash covers must not change by a character when its code is made faster (decision 3822): every
// hash in every log was made from it. The reference below is the canonical JSON as it was first written.
import { createHmac } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { canonicalJson, hmacCheckpoint, hmacEvent } from '../../domain/src/event-store/event-hash.ts'

function reference(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value ?? null)
  if (value instanceof Date) return JSON.stringify(value.toISOString())
  if (Array.isArray(value)) return `[${value.map(reference).join(',')}]`
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${reference(v)}`).join(',')}}`
}

// JSON.parse, not an object literal: a literal's `__proto__` sets its prototype instead of making a key.
const hostile = JSON.parse(
  '{"b":1,"a":{"z":[1,"два",null,{"y":true,"x":false}],"Я":"ё","я":"Ё","A":"upper"},"__proto__":{"polluted":true},' +
    '"10":"ten","9":"nine","":"empty","quote\\"d":"\\"","tab\\tkey":"a\\tb","emoji🌲":"🌲","\\u0000":"nul","\\ud800":"lone surrogate"}',
) as Record<string, unknown>

const values: unknown[] = [
  null,
  undefined,
  0,
  -0,
  1.5e300,
  Number.NaN,
  'text «кавычки» \\ \n',
  true,
  [],
  {},
  [undefined, null, 1],
  // eslint-disable-next-line no-sparse-arrays
  [1, , 3],
  { kept: 1, dropped: undefined, nested: { dropped: undefined, list: [undefined] } },
  { when: new Date('2026-12-03T09:10:11.123Z'), list: [new Date(0)] },
  hostile,
  [hostile, { ...hostile, more: [hostile] }],
]

describe('the canonical JSON an event hash covers', () => {
  it('is the same text, character for character, as the first way it was written', () => {
    for (const value of values) expect(canonicalJson(value)).toBe(reference(value))
  })

  it('sorts keys by UTF-16 code units, not by locale or as numbers', () => {
    expect(canonicalJson({ b: 1, a: 2, B: 3, '10': 4, '9': 5, я: 6, Я: 7 })).toBe('{"10":4,"9":5,"B":3,"a":2,"b":1,"Я":7,"я":6}')
  })

  it('gives the same keyed hashes as a key given by its bytes at every call', () => {
    const key = Buffer.from('event-hash-test-key-0123456789abcdef0123456789', 'utf8')
    const event = { position: 7, streamId: 'report-1-2026-program', streamVersion: 3, type: 'ReportAgreed', data: hostile, metadata: { userId: 1, username: 'департамент' }, createdAt: new Date(1_764_324_672_345), prevHash: '0'.repeat(64) }
    const expected = createHmac('sha256', key)
      .update(reference([event.position, event.streamId, event.streamVersion, event.type, event.data, event.metadata, event.createdAt.toISOString(), event.prevHash]))
      .digest('hex')
    expect(hmacEvent(key, event)).toBe(expected)
    expect(hmacEvent(key, event)).toBe(expected)
    // Another key of other bytes is another key, whatever was made for the first.
    expect(hmacEvent(Buffer.from('another-key-of-the-event-log-0123456789abcdef', 'utf8'), event)).not.toBe(expected)
    const checkpoint = { fromPosition: 0, toPosition: 7, events: 7, digest: 'd'.repeat(64), prevMac: '0'.repeat(64), createdAt: new Date(0) }
    expect(hmacCheckpoint(key, checkpoint)).toBe(createHmac('sha256', key).update(reference([0, 7, 7, 'd'.repeat(64), '0'.repeat(64), new Date(0).toISOString()])).digest('hex'))
  })
})
