// The URL space of the pages: one declaration (app/routes.ts) that names every page, the registry's included.
import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import routes from '../app/routes.ts'
import { matchRegistryAddress, registryAddresses } from '../app/features/catalogue/registry-addresses.ts'

const app = path.join(import.meta.dirname, '../app')

describe('the declared URL space of the pages', () => {
  it('declares every page the registry gives an address, once, and ends with the 404 page', () => {
    const paths = routes.map((r) => r.path)
    for (const address of registryAddresses()) expect(paths).toContain(address.pattern)
    expect(new Set(routes.map((r) => r.id)).size).toBe(routes.length)
    expect(new Set(paths.filter(Boolean)).size).toBe(paths.filter(Boolean).length)
    expect(routes.at(-1)).toMatchObject({ path: '*', file: 'not-found-page.tsx' })
  })

  it('points every route at a module of a feature folder that exists', () => {
    for (const route of routes) {
      expect(fs.existsSync(path.join(app, route.file)), route.file).toBe(true)
      if (route.id !== 'not-found') expect(route.file).toMatch(/^features\/(catalogue|reports|review|board|admin|auth|notifications|map|search|exceedances)\/routes\//)
    }
  })

  it('has no file routes beside the declaration', () => {
    expect(fs.existsSync(path.join(app, 'routes'))).toBe(false)
  })

  it('finds the registry page of an address, with its id and parent address', () => {
    expect(matchRegistryAddress('/forecasts/12')).toMatchObject({ shape: 'card', slug: 'ecomon-state-forecast', id: '12' })
    expect(matchRegistryAddress('/polygons/7/forecast')).toMatchObject({ shape: 'scoped', base: 'polygons', suffix: 'forecast', id: '7' })
    expect(matchRegistryAddress('/no-such-page')).toBeUndefined()
  })
})
