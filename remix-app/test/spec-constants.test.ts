// The constants of §9 of both spec documents and the UI words the spec gives without quotes, compared with the value
// the code declares once: each number is read from the spec's own sentence (as docs/spec-items.json holds it, made by
// `npm run spec:items`), so an edit of either side fails here.
import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { LOGIN_MAX_LENGTH, loginFieldError, seesNavigation } from '@portal/workflow-domain/views.ts'
import { AREA_KINDS, COMPANY_KINDS, GEOCHEMICAL_POINT_KINDS, POINT_KINDS } from '@portal/workflow-domain/registry.ts'
import { loadConfig } from '@portal/workflow-server/service.server.ts'
import { yearsOffered } from '../app/features/reports/server/reports-page.server.ts'
import { NAVIGATION } from '../app/components/site-chrome.tsx'
import { SEARCH_DEBOUNCE_MS } from '../app/components/use-debounced-submit.ts'
import { moreQuery, PAGE_SIZE, shownOf } from '../app/features/catalogue/server/views.server.ts'
import { TOOLTIP_MS } from '../app/features/reports/components/use-tooltip.ts'
import { POLL_MS } from '../app/features/reports/components/use-status-polling.ts'
import { REVIEW_PAGE } from '../app/features/review/review-tabs.ts'
import { AREA_KIND_OF_BASE } from '../app/utils/links.ts'
import { PROJECT_ROOT } from './support/coverage-table.ts'
import { specItems } from '../../scripts/spec-items.ts'

const specConstants = (name: string) => specItems(name).constants

/** The first number of the §9 sentence of a document that matches the pattern (a number is in the pattern's group). */
function specNumber(name: string, pattern: RegExp): number {
  const sentence = specConstants(name).find((s) => pattern.test(s))
  if (!sentence) throw new Error(`${name}: no §9 sentence ${pattern}`)
  return Number(pattern.exec(sentence)![1])
}

/** The kinds listed after a lead-in of a §9 sentence ('Region kinds: a, b, c.'). */
function specKinds(name: string, lead: string): string[] {
  const sentence = specConstants(name).find((s) => s.startsWith(lead))
  if (!sentence) throw new Error(`${name}: no §9 sentence ${lead}`)
  return sentence.slice(lead.length).replace(/\.$/, '').split(',').map((k) => k.trim())
}

describe('the constants of §9 of both documents', () => {
  it('pages the catalogue and the review lists by the spec’s page size from offset 0', () => {
    const size = specNumber('catalogue.md', /^Page size (\d+), initial offset 0/)
    expect(specNumber('portal-and-workflow.md', /^Search list page size (\d+), initial offset 0/)).toBe(size)
    expect(PAGE_SIZE).toBe(size)
    expect(REVIEW_PAGE).toBe(size)
    // The first page shows one page size; 'Показать еще' asks for the next; a limit between pages rounds down.
    expect(shownOf(new URLSearchParams())).toBe(size)
    expect(shownOf(new URLSearchParams(`limit=${2 * size + 5}`))).toBe(2 * size)
    expect(moreQuery(new URLSearchParams('year=2024'), size, 2 * size + 1)).toBe(`?year=2024&limit=${2 * size}`)
    expect(moreQuery(new URLSearchParams(), 2 * size, 2 * size)).toBeNull()
  })

  it('waits the spec’s search delay, polls file statuses and shows tooltips for the spec’s times', () => {
    expect(SEARCH_DEBOUNCE_MS).toBe(specNumber('portal-and-workflow.md', /^Search debounce (\d+) ms/))
    expect(POLL_MS).toBe(specNumber('portal-and-workflow.md', /^File status polling every (\d+) ms/))
    expect(TOOLTIP_MS).toBe(specNumber('portal-and-workflow.md', /^Tooltips last (\d+) ms/))
  })

  it('caps the login fields at the spec’s length', () => {
    const limit = specNumber('portal-and-workflow.md', /^Login field maximum length (\d+)/)
    expect(LOGIN_MAX_LENGTH).toBe(limit)
    for (const field of ['username', 'password'] as const) {
      expect(loginFieldError(field, 'x'.repeat(limit))).toBeNull()
      expect(loginFieldError(field, 'x'.repeat(limit + 1))).toContain(String(limit))
    }
  })

  it('holds the spec’s upload size by default', () => {
    const size = specNumber('portal-and-workflow.md', /^A value of (\d+) is held/)
    expect(specNumber('catalogue.md', /^Maximum upload file size constant (\d+)/)).toBe(size)
    expect(loadConfig({}).maxUploadMb).toBe(size)
  })

  it('keeps every local storage key under the spec’s prefix', () => {
    const prefix = /'([^']+)'/.exec(specConstants('portal-and-workflow.md').find((s) => s.startsWith('Local storage keys'))!)![1]
    expect(prefix).toBe('sib-geo:')
    const app = path.join(PROJECT_ROOT, 'remix-app/app')
    const unprefixed: string[] = []
    for (const file of fs.readdirSync(app, { recursive: true, encoding: 'utf8' }).filter((f) => /\.tsx?$/.test(f))) {
      const text = fs.readFileSync(path.join(app, file), 'utf8')
      for (const [call, key] of text.matchAll(/(?:localStorage|sessionStorage)\.(?:getItem|setItem|removeItem)\(\s*([^,)]+)/g)) {
        if (!/^[`'"]sib-geo:/.test(key.trim())) unprefixed.push(`${file}: ${call}`)
      }
    }
    expect(unprefixed).toEqual([])
  })

  it('offers the current year and the 9 before it on the reports page', () => {
    const before = specNumber('portal-and-workflow.md', /the current year and (\d+) years before/)
    expect(specNumber('catalogue.md', /offers the current year and (\d+) before/)).toBe(before)
    expect(yearsOffered(new Date(2030, 5, 1))).toEqual(Array.from({ length: before + 1 }, (_, i) => 2030 - i))
    // The current year is the region's (UTC+5), as the board's: at 20:00 UTC on 31 December it is already 1 January there.
    expect(yearsOffered(new Date(Date.UTC(2030, 11, 31, 20)))[0]).toBe(2031)
    expect(yearsOffered(new Date(Date.UTC(2030, 11, 31, 18)))[0]).toBe(2030)
  })

  it('names the spec’s region kinds, and the forecast pages of a licence area and a region-wide polygon', () => {
    const regionKinds = specKinds('catalogue.md', 'Region kinds: ')
    expect(specKinds('portal-and-workflow.md', 'Region kinds: ')).toEqual(regionKinds)
    const kinds = [...Object.keys(AREA_KINDS), ...Object.keys(COMPANY_KINDS)]
    for (const kind of regionKinds) expect(kinds, kind).toContain(kind)
    const forecastKinds = specKinds('catalogue.md', 'Area kinds treated as forecasts: ')
    expect(forecastKinds).toEqual([AREA_KIND_OF_BASE.areas, AREA_KIND_OF_BASE['polygons-yanao']])
  })

  it('gives the geochemical list’s type filter five point kinds', () => {
    expect(specConstants('catalogue.md')).toContain('Geochemical list type filter: five point kinds, client-side.')
    expect(new Set(GEOCHEMICAL_POINT_KINDS).size).toBe(5)
    for (const kind of GEOCHEMICAL_POINT_KINDS) expect(Object.keys(POINT_KINDS)).toContain(kind)
  })
})

describe('the UI words the spec gives without quotes', () => {
  it('shows the navigation items of the spec in its order to the Department and the Administrator, without Предприятия', () => {
    const words = specItems('portal-and-workflow.md').unquotedWords
    const items = words.filter((w) => w.kind === 'navigation').map((w) => w.word)
    expect(items).toEqual(['ЛЭМ', 'Парниковые газы', 'РЭМ', 'Исследования', 'Водные объекты', 'Справочники'])
    expect(NAVIGATION.map((item) => item.title)).toEqual(items)
    // ЛЭМ goes to the main page with the section 'Локальный экологический мониторинг'.
    expect(NAVIGATION[0].to).toBe(`/?section=${encodeURIComponent('Локальный экологический мониторинг')}`)
    const hidden = words.filter((w) => w.kind === 'hidden').map((w) => w.word)
    expect(hidden).toEqual(['Предприятия'])
    for (const word of hidden) expect(NAVIGATION.map((item) => item.title)).not.toContain(word)
    const user = (groups: string[]) => ({ id: 1, username: 'u', groups, companyId: null }) as Parameters<typeof seesNavigation>[0]
    expect(seesNavigation(user(['Департамент']))).toBe(true)
    expect(seesNavigation(user(['Администратор']))).toBe(true)
    expect(seesNavigation(user(['Недропользователь']))).toBe(false)
    expect(seesNavigation(user(['Администрация']))).toBe(false)
    expect(seesNavigation(null)).toBe(false)
  })
})
