// Keeps the list of every route the app registers (method, path, schema, config), for the rules that are decided on
// the route rather than on the spelling of the URL, and for the tests that walk every route.
import fp from 'fastify-plugin'
import type { FastifyInstance, FastifySchema, RouteOptions } from 'fastify'

export interface RouteEntry {
  method: string
  url: string
  schema: FastifySchema | undefined
  config: Record<string, unknown>
}

declare module 'fastify' {
  interface FastifyInstance {
    routeTable: RouteEntry[]
  }
}

async function registerRouteTable(app: FastifyInstance): Promise<void> {
  const table: RouteEntry[] = []
  app.decorate('routeTable', table)
  app.addHook('onRoute', (route: RouteOptions) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method]
    for (const method of methods) {
      table.push({ method, url: route.url, schema: route.schema, config: (route.config ?? {}) as Record<string, unknown> })
    }
  })
}

// Not encapsulated: the hook must see the routes of every plugin, not only this one's scope.
export const routeTable = fp(registerRouteTable, { name: 'portal-route-table', fastify: '5.x' })
