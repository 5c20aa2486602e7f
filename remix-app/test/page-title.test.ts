import { describe, expect, it } from 'vitest'
import { titleOfMatches } from '../app/utils/page-title.ts'

describe('the title of a page', () => {
  it('names the page and the record it belongs to, then the portal', () => {
    const crumbs = [
      { title: 'Главная', to: '/' },
      { title: 'Участок Южно-Тамбейский', to: '/areas/3' },
      { title: 'Пункты наблюдения', to: '/areas/3/measures-points' },
    ]
    expect(titleOfMatches([{ data: {} }, { data: { title: 'Пункты наблюдения', crumbs } }])).toBe(
      'Пункты наблюдения — Участок Южно-Тамбейский — Экологический мониторинг ЯНАО',
    )
  })

  it('leaves out a crumb whose every word the page name already says, as a receipt\'s number', () => {
    const crumbs = [
      { title: 'Главная', to: '/' },
      { title: 'ООО «Ямал СПГ»', to: '/companies/1' },
      { title: 'Отчетность', to: '/companies/1/reports?year=2025' },
      { title: 'Квитанция № 12', to: '/receipts/12' },
    ]
    expect(titleOfMatches([{ data: { title: 'Квитанция о приёме файла № 12', crumbs } }])).toBe('Квитанция о приёме файла № 12 — Отчетность — Экологический мониторинг ЯНАО')
  })

  it('takes the name from the deepest route that has one, or from its handle', () => {
    expect(titleOfMatches([{ data: { user: null } }, { data: { list: [] }, handle: { title: 'Предприятия' } }])).toBe(
      'Предприятия — Экологический мониторинг ЯНАО',
    )
  })

  it('falls back to the portal name for a page that knows none', () => {
    expect(titleOfMatches([{ data: { user: null } }, { data: { tiles: [] } }])).toBe('Экологический мониторинг ЯНАО')
  })
})
