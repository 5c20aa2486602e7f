import { describe, expect, it } from 'vitest'
import { formatCount, formatNumber, plural } from '../domain/src/text/russian-format.ts'
import { showValue, toDms } from '../domain/src/catalogue/format.ts'

const SPECIES = ['вид', 'вида', 'видов'] as const
const NBSP = '\u00a0'

describe('Russian numbers and numerals', () => {
  it('puts a noun after a number in the form that agrees with it', () => {
    const shown = [0, 1, 2, 3, 4, 5, 11, 12, 14, 19, 20, 21, 22, 25, 101, 111, 112, 1000, 1001].map((n) => `${n} ${plural(n, SPECIES)}`)
    expect(shown).toEqual([
      '0 видов', '1 вид', '2 вида', '3 вида', '4 вида', '5 видов', '11 видов', '12 видов', '14 видов', '19 видов', '20 видов',
      '21 вид', '22 вида', '25 видов', '101 вид', '111 видов', '112 видов', '1000 видов', '1001 вид',
    ])
  })

  it('uses the form after 2–4 for fractions and the absolute value for negative numbers', () => {
    expect(formatCount(1.5, ['тонна', 'тонны', 'тонн'])).toBe('1,5 тонны')
    expect(formatCount(-3, ['градус', 'градуса', 'градусов'])).toBe('-3 градуса')
  })

  it('writes a decimal comma and splits thousands only from five digits on, so years stay whole', () => {
    expect(formatNumber(2024)).toBe('2024')
    expect(formatNumber(9999.5)).toBe('9999,5')
    expect(formatNumber(12345.678)).toBe(`12${NBSP}345,678`)
    expect(formatNumber(1234567)).toBe(`1${NBSP}234${NBSP}567`)
  })

  it('keeps the digits of small measured values and drops float noise', () => {
    expect(formatNumber(0.00012)).toBe('0,00012')
    expect(formatNumber(0.1 + 0.2)).toBe('0,3')
  })

  it('shows exactly the declared number of decimals', () => {
    expect(formatNumber(0.1, { decimals: 2 })).toBe('0,10')
    expect(formatNumber(2.005, { decimals: 0 })).toBe('2')
    expect(formatNumber(15234.5, { decimals: 3 })).toBe(`15${NBSP}234,500`)
  })

  it('passes other number options through and answers the same for the same options', () => {
    expect(formatNumber(0.256, { style: 'percent', maximumFractionDigits: 1 })).toBe(`25,6${NBSP}%`)
    expect(formatNumber(3.14159, { decimals: 2 })).toBe(formatNumber(3.14159, { decimals: 2 }))
  })

  it('shows a number that is not finite as a dash instead of throwing or printing NaN (decision 3410)', () => {
    expect(formatNumber(Number.NaN)).toBe('—')
  })

  it('makes a catalogue value with a counted unit agree: 3 вида, 21 вид, 12 видов', () => {
    const field = { name: 'herbs_riches', label: 'Видовое богатство', type: 'number' as const, unit: 'видов', integer: true }
    expect([3, 21, 12].map((n) => showValue(field, n)?.text)).toEqual(['3 вида', '21 вид', '12 видов'])
    expect(showValue({ name: 'a', label: 'Площадь', type: 'number', unit: 'га' }, 12500.25)?.text).toBe(`12${NBSP}500,25 га`)
  })

  it('writes the seconds of a coordinate with a decimal comma', () => {
    expect(toDms(66.53, 'lat')).toBe('66°31′48,0″ с.ш.')
    expect(toDms(66.5001, 'lat')).toBe('66°30′00,4″ с.ш.')
  })
})
