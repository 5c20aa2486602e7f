// A Remix build whose one route is the reports page's action, for tests that post to it through the real Fastify app
// and its Remix plugin (the document it "renders" is the action's answer as JSON).
import type { ServerBuild } from '@remix-run/node'
import { reportsAction } from '../../app/features/reports/server/reports-actions.server.ts'

/** The reports page's action only; the document it "renders" is the action's answer as JSON. */
export const reportsActionBuild = {
  mode: 'production',
  basename: '/monitoring/',
  publicPath: '/monitoring/',
  assetsBuildDirectory: 'build/client',
  isSpaMode: false,
  future: { v3_fetcherPersist: true, v3_relativeSplatPath: true, v3_throwAbortReason: true, v3_lazyRouteDiscovery: true, v3_singleFetch: true, v3_routeConfig: true },
  entry: {
    module: {
      default: (_request: Request, status: number, headers: Headers, context: { staticHandlerContext: { actionData: Record<string, unknown> | null } }) => {
        headers.set('content-type', 'application/json')
        return new Response(JSON.stringify(Object.values(context.staticHandlerContext.actionData ?? {})[0] ?? null), { status, headers })
      },
    },
  },
  routes: {
    root: { id: 'root', path: '', module: { default: () => null } },
    reports: {
      id: 'reports',
      parentId: 'root',
      path: 'companies/:id/reports',
      module: { default: () => null, action: ({ request, context, params }: { request: Request; context: never; params: { id: string } }) => reportsAction(request, context, Number(params.id)) },
    },
  },
  assets: { entry: { imports: [], module: '' }, routes: {}, url: '/monitoring/manifest.js', version: 'test' },
} as unknown as ServerBuild

