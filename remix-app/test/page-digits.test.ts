// The numbers of the catalogue's cards against the API's answer for the same record: a page shows the value's own
// digits with a decimal comma (0,126 is not «0,1», 2 is not «2,00»), for every type with a card and a number field.
import type { AppLoadContext } from '@remix-run/node'
import { describe, expect, it } from 'vitest'
import { catalogueTypes, type FieldDef } from '@portal/workflow-domain/registry.ts'
import { pageContext } from './support/load-context.ts'
import { useTestApp } from '../../test-support/test-app.ts'
import { genericPage } from '../app/features/catalogue/server/generic-pages.server.ts'
import { detailBaseOf } from '../app/features/catalogue/server/views.server.ts'
import { markerLines } from '../app/features/map/map-geometry.ts'
import { recordHref } from '../app/utils/links.ts'

const t = useTestApp()

function contextOf(): AppLoadContext {
  return pageContext({ db: t.database.db, queue: t.queue }, null, { dataDir: '.test-data/page-digits' })
}

type ApiRecord = Record<string, unknown> & { id: number }

/** The number a page's text begins with: thousands apart by (no-break) spaces, a decimal comma. */
function numberOnPage(text: string): number {
  const match = /^-?[0-9][0-9\u00a0\u202f ]*(,[0-9]+)?/.exec(text)
  if (!match) return Number.NaN
  return Number(match[0].replace(/[\u00a0\u202f ]/g, '').replace(',', '.'))
}

/** The digits after the point of a number as the API writes it (JSON), 0 for a whole number. */
const decimalsOf = (value: number) => (String(value).split('.')[1] ?? '').length

const numberFields = (fields: readonly FieldDef[]) => fields.filter((f) => f.type === 'number' && !f.hidden)

describe('numbers on pages as the API gives them', () => {
  it('shows on every card each number of the record with the digits the API answers for it', async () => {
    let compared = 0
    let beyondTwoDecimals = 0
    for (const type of catalogueTypes) {
      const fields = numberFields(type.fields)
      const base = detailBaseOf(type)
      if (fields.length === 0 || !base) continue
      const list = await t.app.inject({ url: `/api/v1/${type.slug}/?limit=2` })
      if (list.statusCode !== 200) continue
      for (const record of list.json().results as ApiRecord[]) {
        const api = (await t.app.inject({ url: `/api/v1/${type.slug}/${record.id}/` })).json() as ApiRecord
        const page = await genericPage(contextOf(), recordHref(type.slug, api, base)!, new URLSearchParams())
        if (page.view !== 'card') continue
        // A label can repeat in another group («Прогнозный показатель» of each forecast term): rows are read per group.
        const firstGroup = type.fields.find((f) => f.group)?.group ?? 'Общие сведения'
        for (const field of fields) {
          const value = field.nest ? (api[field.nest] as Record<string, unknown> | undefined)?.[field.name] : api[field.name]
          if (typeof value !== 'number') continue
          const row = page.groups.find((g) => g.title === (field.group ?? firstGroup))?.rows.find((r) => r.label === field.label)
          // A type whose card shows its substances as a table keeps them out of the groups; those are read apart.
          if (!row) continue
          expect(numberOnPage(row.text), `${type.slug} ${record.id} ${field.name}: ${row.text} / ${value}`).toBe(Number(value.toPrecision(12)))
          compared += 1
          if (decimalsOf(value) > 2) beyondTwoDecimals += 1
        }
      }
    }
    // The sweep saw the demo's numbers, among them values with more digits than a card used to keep.
    expect(compared).toBeGreaterThan(100)
    expect(beyondTwoDecimals).toBeGreaterThan(0)
  }, 240_000)

  it('shows the geobotanical card\'s crown density with the three digits the API gives, not one', async () => {
    const slug = 'ecomon-geobotanical-legacy-indicators'
    const type = catalogueTypes.find((c) => c.slug === slug)!
    const list = (await t.app.inject({ url: `/api/v1/${slug}/?limit=100` })).json().results as ApiRecord[]
    // The demo's densities have three significant digits (0,126); one with three decimals is what the card cut to «0,1».
    const record = list.find((r) => typeof r.crown_density === 'number' && decimalsOf(r.crown_density) === 3)!
    expect(record).toBeDefined()
    const page = await genericPage(contextOf(), recordHref(slug, record, detailBaseOf(type))!, new URLSearchParams())
    if (page.view !== 'card') throw new Error('not a card')
    const row = page.groups.flatMap((g) => g.rows).find((r) => r.label === 'Сомкнутость крон')!
    expect(row.text).toBe(String(record.crown_density).replace('.', ','))
  })

  it('gives the map marker the worst multiple with the three decimals the server keeps', () => {
    expect(markerLines({ name: 'ПН-1-02', kind: 'ambient_air', worst: 0.126, latest: null }, { ambient_air: 'Атмосферный воздух' }, '').at(-1)).toBe('Наибольшая кратность ПДК: 0,126 × ПДК')
  })
})
