import { describe, expect, it } from 'vitest'
import { withSubscripts } from '../app/utils/chemical-formula.ts'

describe('chemical formulas in labels', () => {
  it('writes the counts of formulas as subscripts', () => {
    expect(['CO2', 'CH4', 'N2O', 'SF6', 'C2F6', 'CHF3', 'CF4'].map(withSubscripts)).toEqual(['CO₂', 'CH₄', 'N₂O', 'SF₆', 'C₂F₆', 'CHF₃', 'CF₄'])
    expect(withSubscripts('Всего, т CO2-экв.')).toBe('Всего, т CO₂-экв.')
    expect(withSubscripts('Диоксид азота (NO2)')).toBe('Диоксид азота (NO₂)')
  })

  it('leaves codes, years, numbers and words alone', () => {
    for (const text of ['ПН-78-01', 'Пункт 1-18', '2025 год', 'СЛХ 47038 НЭ', 'Оксид углерода (CO)', 'XLSX', 'ПДК', 'A1-2']) expect(withSubscripts(text)).toBe(text)
  })
})
