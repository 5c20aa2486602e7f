// The URL space of the pages under /monitoring/, declared in one place: each address and the feature module that
// serves it. The catalogue registry's own pages (a type's list, cards, lists scoped to a parent) are declared from
// the registry; an address declared here by hand wins over the registry's. Every other address is the 404 page.
import { registryAddresses } from './features/catalogue/registry-addresses.ts'
import { SYSTEM_SECTIONS } from './features/catalogue/polygon-section-addresses.ts'

/** A route of Remix's route config (the shape `routes.ts` exports under the v3_routeConfig flag). */
interface RouteEntry {
  id: string
  path?: string
  index?: boolean
  file: string
}

const catalogue = (path: string, name: string, id = `catalogue/${name}`): RouteEntry => ({ id, path, file: `features/catalogue/routes/${name}.tsx` })

const AREA_BASES = ['areas', 'polygons', 'polygons-yanao']

const pages: RouteEntry[] = [
  { id: 'catalogue/home', index: true, file: 'features/catalogue/routes/home.tsx' },
  // Catalogue: companies, areas and polygons, measuring points, greenhouse gases, reference files.
  catalogue('/companies', 'company-list'),
  catalogue('/companies/:id', 'company-card'),
  catalogue('/companies/:id/areas', 'company-areas'),
  catalogue('/companies/:id/assessment', 'company-assessment'),
  catalogue('/companies/:id/greenhousegases-categories', 'company-greenhouse-categories'),
  catalogue('/companies-by-kind/:kind', 'companies-by-kind'),
  ...AREA_BASES.flatMap((base) => [
    catalogue(`/${base}`, 'area-list', `catalogue/area-list/${base}`),
    catalogue(`/${base}/:id`, 'area-card', `catalogue/area-card/${base}`),
  ]),
  catalogue('/areas/:id/measures-points', 'area-points'),
  catalogue('/polygons/:id/ecomonitoring-system', 'polygon-monitoring', 'catalogue/polygon-monitoring/polygons'),
  catalogue('/polygons-yanao/:id/monitoring', 'polygon-monitoring', 'catalogue/polygon-monitoring/polygons-yanao'),
  // A polygon's monitoring sections and the point pages under them (catalogue.md §2.1, §2.2).
  ...SYSTEM_SECTIONS.polygons.flatMap((s) => [
    catalogue(`/polygons/:id/ecomonitoring-system/ecomonitoring-${s}/:kindPoint?`, 'polygon-monitoring', `catalogue/polygon-monitoring/polygons/${s}`),
    catalogue(`/measures-point-${s}/:id/:kind`, 'section-point-card', `catalogue/section-point-card/polygons/${s}`),
    catalogue(`/measure-point-${s}/:id/:kind`, 'section-point-card', `catalogue/section-point-card/polygons-yanao/${s}`),
  ]),
  ...SYSTEM_SECTIONS['polygons-yanao'].map((s) => catalogue(`/polygons-yanao/:id/${s}-monitoring`, 'polygon-monitoring', `catalogue/polygon-monitoring/polygons-yanao/${s}`)),
  catalogue('/regional-ekomonitoring', 'section-page', 'catalogue/section-page/regional-ekomonitoring'),
  catalogue('/management-systems', 'section-page', 'catalogue/section-page/management-systems'),
  catalogue('/measures-points/:id', 'point-card'),
  catalogue('/measures-points/:id/indications', 'point-readings'),
  catalogue('/measures-points/:id/reports', 'point-reports'),
  catalogue('/measures-point-indications/:id/source', 'reading-source'),
  catalogue('/points/:kindPoint', 'points-by-kind'),
  catalogue('/points/:kindPoint/:id', 'point-by-kind-card'),
  catalogue('/points/:kindPoint/:id/control-indicators', 'point-control-indicators'),
  catalogue('/points/:kindPoint/:id/resource-inspection', 'point-resource-inspection'),
  catalogue('/water-systems/:id/points', 'water-system-points'),
  catalogue('/water-indicators', 'water-indicators'),
  catalogue('/greenhousegases-categories', 'greenhouse-categories'),
  catalogue('/greenhouse-gases', 'greenhouse-gases'),
  catalogue('/gas-emissions', 'greenhouse-gases', 'catalogue/greenhouse-gases/gas-emissions'),
  catalogue('/companies/:id/gasemissions', 'company-gasemissions'),
  catalogue('/reference', 'reference'),
  // Reports: a company's reports page and an area's responsible persons.
  { id: 'reports/company-reports', path: '/companies/:id/reports', file: 'features/reports/routes/company-reports.tsx' },
  // The check before sending of a section's file (a resource route: the marked workbook or the findings).
  { id: 'reports/precheck', path: '/companies/:id/reports/precheck', file: 'features/reports/routes/precheck.ts' },
  { id: 'reports/area-responsible', path: '/areas/:id/responsible', file: 'features/reports/routes/area-responsible.tsx' },
  // The conversation on one report (decision 3711).
  { id: 'reports/report-messages', path: '/companies/:id/reports/:report/messages', file: 'features/reports/routes/report-messages.tsx' },
  { id: 'reports/receipt', path: '/receipts/:key', file: 'features/reports/routes/receipt.tsx' },
  // What changed in an observation-results report since its declined round and last year (decision 3714).
  { id: 'reports/report-changes', path: '/reports/:id/changes', file: 'features/reports/routes/report-changes.tsx' },
  // The status board of a reporting year: a holder's company, or every company for the Department.
  { id: 'board/reports-board', path: '/board', file: 'features/board/routes/reports-board.tsx' },
  // Review: the Department's lists of companies by report status.
  { id: 'review/audit', path: '/department-reports/audit', file: 'features/review/routes/audit.tsx' },
  { id: 'review/as-of', path: '/department-reports/as-of', file: 'features/review/routes/as-of.tsx' },
  { id: 'review/department-reports', path: '/department-reports/:status?', file: 'features/review/routes/department-reports.tsx' },
  // The map of the measuring points and the site search.
  { id: 'map/map', path: '/map', file: 'features/map/routes/map.tsx' },
  // The published readings above their ПДК, public like the catalogue.
  { id: 'exceedances/list', path: '/exceedances', file: 'features/exceedances/routes/exceedances.tsx' },
  { id: 'search/search', path: '/search', file: 'features/search/routes/search.tsx' },
  // Notifications of report status changes (the header shows the unread count).
  { id: 'notifications/list', path: '/notifications', file: 'features/notifications/routes/notifications.tsx' },
  // The page of a confirmation letter's link: a button confirms the address (opening the link alone does not).
  { id: 'notifications/confirm-email', path: '/confirm-email/:token', file: 'features/notifications/routes/confirm-email.tsx' },
  // Administration and login.
  { id: 'admin/users', path: '/admin', file: 'features/admin/routes/admin.tsx' },
  { id: 'admin/reference', path: '/admin/reference/:kind?', file: 'features/admin/routes/admin-reference.tsx' },
  { id: 'auth/login', path: '/login', file: 'features/auth/routes/login.tsx' },
  { id: 'auth/logout', path: '/logout', file: 'features/auth/routes/logout.tsx' },
]

const declared = new Set(pages.map((p) => p.path))
const registryPages: RouteEntry[] = registryAddresses()
  .filter((a) => !declared.has(a.pattern))
  .map((a) => ({ id: `catalogue/registry${a.pattern.replace(/[:/]+/g, '-')}`, path: a.pattern, file: 'features/catalogue/routes/registry-page.tsx' }))

export default [
  ...pages,
  ...registryPages,
  { id: 'not-found', path: '*', file: 'not-found-page.tsx' },
] satisfies RouteEntry[]
