// Keeps the list of every route the app registers (method, path, schema, config), for the rules that are decided on
// the route rather than on the spelling of the URL, and for the tests that walk every route.
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

export async function routeTable(app: FastifyInstance): Promise<void> {
  const table: RouteEntry[] = []
  app.decorate('routeTable', table)
  app.addHook('onRoute', (route: RouteOptions) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method]
    for (const method of methods) {
      table.push({ method, url: route.url, schema: route.schema, config: (route.config ?? {}) as Record<string, unknown> })
    }
  })
}

// Like fastify-plugin: the hook must see the routes of every plugin, not only this one's scope.
;(routeTable as unknown as Record<symbol, boolean>)[Symbol.for('skip-override')] = true
