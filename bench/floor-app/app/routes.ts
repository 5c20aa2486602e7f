// The floor's route tree: as many routes as the portal's (remix-app/app/routes.ts, counted when this is built), so
// matching a request walks a tree of the portal's size. One of them is the measured page; the others are fillers.
import portalRoutes from '../../../remix-app/app/routes.ts'

export const FLOOR_PAGE = '/floor/:id'

export default [
  { id: 'floor/table', path: FLOOR_PAGE, file: 'routes/table.tsx' },
  // Shaped like the portal's: nested-looking paths with a parameter, each its own route id on one module.
  ...Array.from({ length: portalRoutes.length - 1 }, (_, i) => ({ id: `floor/filler-${i}`, path: `/section-${i}/:id/part-${i % 7}`, file: 'routes/filler.tsx' })),
]
