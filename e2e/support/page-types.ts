// One address of every page type of the portal, found on the demo data through the public API, and who sees it:
// the layout, accessibility and screenshot runs walk this one list.

export type Role = 'public' | 'department' | 'admin' | 'holder1' | 'administration'

export interface PageType {
  /** What kind of page it is (a test's message names it). */
  name: string
  /** The address under /monitoring. */
  path: string
  /** Who opens it; the public pages are opened by everyone in turn where the test says so. */
  as: Role
}

async function first(baseUrl: string, path: string): Promise<number> {
  const res = await fetch(`${baseUrl}/api/v1/${path}${path.includes('?') ? '&' : '?'}limit=100`)
  const body = (await res.json()) as { results: Array<{ id: number }> }
  if (!body.results?.length) throw new Error(`no demo record for ${path}`)
  return Math.min(...body.results.map((r) => r.id))
}

export async function pageTypes(baseUrl: string): Promise<PageType[]> {
  // holder1's company is the lem_industry company with the lowest id (seed/users-seed.ts).
  const company = await first(baseUrl, 'companies/?kind=lem_industry')
  const gasCompany = await first(baseUrl, 'companies/?kind=gas_emissions')
  const area = await first(baseUrl, `areas/?kind=licence_area&company=${company}`)
  const polygon = await first(baseUrl, 'areas/?kind=polygon_region_monitoring')
  const yanao = await first(baseUrl, 'areas/?kind=polygon_YaNAO_monitoring')
  const point = await first(baseUrl, `measures-points/?area=${area}`)
  const polygonPoint = await first(baseUrl, `measures-points/?area=${polygon}`)
  const snowPoint = await first(baseUrl, 'measures-points/?kind=snow_cover_sampling_point')
  const waterSystem = await first(baseUrl, 'water-systems/')
  const gas = await first(baseUrl, 'greenhouse-gases/')
  const research = await first(baseUrl, 'scientific-researches/')
  const pub = (name: string, path: string): PageType => ({ name, path, as: 'public' })
  return [
    pub('home', '/'),
    pub('home section', `/?section=${encodeURIComponent('Локальный экологический мониторинг')}`),
    pub('company list', '/companies'),
    pub('companies by kind', '/companies-by-kind/lem_industry'),
    pub('company card', `/companies/${company}`),
    pub('company areas', `/companies/${company}/areas`),
    pub('company greenhouse categories', `/companies/${gasCompany}/greenhousegases-categories`),
    pub('area list', '/areas'),
    pub('area card', `/areas/${area}`),
    pub('area points', `/areas/${area}/measures-points`),
    pub('area records (registry list)', `/areas/${area}/ambient-air`),
    pub('polygon list', '/polygons'),
    pub('polygon card', `/polygons/${polygon}`),
    pub('polygon monitoring system', `/polygons/${polygon}/ecomonitoring-system`),
    pub('YaNAO polygon monitoring', `/polygons-yanao/${yanao}/monitoring`),
    pub('point card', `/measures-points/${point}`),
    pub('point readings', `/measures-points/${point}/indications`),
    pub('polygon point reports', `/measures-points/${polygonPoint}/reports`),
    pub('points by kind', '/points/snow_cover_sampling_point'),
    pub('point by kind card', `/points/snow_cover_sampling_point/${snowPoint}`),
    pub('water system points', `/water-systems/${waterSystem}/points`),
    pub('greenhouse categories', '/greenhousegases-categories'),
    pub('greenhouse gases list', '/greenhouse-gases'),
    pub('greenhouse gases card', `/greenhouse-gases/${gas}`),
    pub('reference', '/reference'),
    pub('research list', '/scientific-research'),
    pub('research card', `/scientific-research/${research}`),
    pub('login', '/login'),
    pub('not found', '/no-such-page'),
    { name: 'company reports page', path: `/companies/${company}/reports`, as: 'holder1' },
    { name: 'notifications', path: '/notifications', as: 'holder1' },
    { name: 'company card (holder)', path: `/companies/${company}`, as: 'holder1' },
    { name: 'review queue', path: '/department-reports', as: 'department' },
    { name: 'status board (holder)', path: '/board', as: 'holder1' },
    // The last full year: the demo data's reports are in it.
    { name: 'status board (Department)', path: `/board?year=${new Date().getFullYear() - 1}`, as: 'department' },
    { name: 'company reports and history (Department)', path: `/companies/${company}/reports`, as: 'department' },
    // The demo data's workflow is recorded on 3 February 2025 (seed/workflow-seed.ts).
    { name: 'reports as of a day (Department)', path: `/department-reports/as-of?company=${company}&date=2025-02-03&from=2025-02-03`, as: 'department' },
    { name: 'area responsible persons', path: `/areas/${area}/responsible`, as: 'department' },
    { name: 'area card (Department)', path: `/areas/${area}`, as: 'department' },
    { name: 'admin users', path: '/admin', as: 'admin' },
    { name: 'admin reference data', path: '/admin/reference/substance', as: 'admin' },
    { name: 'home (Администрация)', path: '/', as: 'administration' },
    { name: 'refusal page', path: '/department-reports', as: 'holder1' },
  ]
}
