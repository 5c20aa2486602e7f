import { describe, expect, it } from 'vitest'
import { fileNameOf, fillTemplate, isEmptyValue, showValue, toDms } from '../domain/src/catalogue/format.ts'
import { formatDateTime } from '../domain/src/text/region-dates.ts'

describe('catalogue value display', () => {
  it('shows dates as dd.mm.yyyy hh:mm in Asia/Yekaterinburg', () => {
    expect(formatDateTime('2024-07-15T04:30:00Z')).toBe('15.07.2024 09:30')
    expect(formatDateTime('2024-12-31T20:00:00Z')).toBe('01.01.2025 01:00')
    expect(showValue({ name: 'd', label: 'Дата', type: 'date', dateOnly: true }, '2019-06-01')?.text).toBe('01.06.2019')
  })

  it('hides empty values but keeps 0 and false', () => {
    expect(isEmptyValue(null)).toBe(true)
    expect(isEmptyValue('  ')).toBe(true)
    expect(isEmptyValue([])).toBe(true)
    expect(isEmptyValue(0)).toBe(false)
    expect(isEmptyValue(false)).toBe(false)
    expect(showValue({ name: 'b', label: 'Б', type: 'boolean' }, false)?.text).toBe('Нет')
    expect(showValue({ name: 'b', label: 'Б', type: 'boolean' }, true)?.text).toBe('Да')
    expect(showValue({ name: 'n', label: 'N', type: 'number', unit: 'га' }, 0)?.text).toBe('0 га')
  })

  it('shows a link by its file name, a list joined by commas and an enumeration by its label', () => {
    expect(fileNameOf('/files/demo/reports/%D0%B0%D0%BA%D1%82.pdf')).toBe('акт.pdf')
    expect(showValue({ name: 'l', label: 'L', type: 'link' }, '/a/b/c.xlsx')).toEqual({ text: 'c.xlsx', href: '/a/b/c.xlsx' })
    expect(showValue({ name: 'l', label: 'L', type: 'list' }, ['р. Обь', 'р. Пур'])?.text).toBe('р. Обь, р. Пур')
    expect(showValue({ name: 'k', label: 'K', type: 'enum', options: { lem: 'ЛЭМ' } }, 'lem')?.text).toBe('ЛЭМ')
  })

  it('shows coordinates in degrees, minutes and seconds', () => {
    expect(toDms(66.53, 'lat')).toBe('66°31′48,0″ с.ш.')
    expect(toDms(72.5125, 'lon')).toBe('72°30′45,0″ в.д.')
  })

  it('fills heading templates from the record, nested fields too', () => {
    expect(fillTemplate('Отчёт: {measures_point.name}, {year}', { year: 2024, measures_point: { name: 'Пункт 1' } })).toBe('Отчёт: Пункт 1, 2024')
  })
})
