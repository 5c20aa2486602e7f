// The compilers of the routes' schemas, shared by every app this process builds. Fastify compiles each route's
// request validator (Ajv) and answer serializer (fast-json-stringify) when an app is built, into compilers of that app
// alone: two thirds of building the app. A process builds one app in production, but the test files that share a
// process build one each (about 130 a run); with these, an app built again takes what an earlier one compiled.
import AjvCompiler from '@fastify/ajv-compiler'
import { SerializerSelector } from '@fastify/fast-json-stringify-compiler'
import type { FastifyServerOptions } from 'fastify'

type CompilersFactory = NonNullable<NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']>
type ValidatorFactory = NonNullable<CompilersFactory['buildValidator']>
type SerializerFactory = NonNullable<CompilersFactory['buildSerializer']>

/**
 * What was compiled, by the shared schemas and options it was compiled with, then by the schema's JSON: many routes
 * make their schemas as they are registered, so the same schema is a new object in every app.
 */
function compiledOnce<Route extends { schema?: unknown }, Compiled>(
  externalSchemas: unknown,
  options: unknown,
  pools: Map<string, Map<string, Compiled>>,
  compile: (route: Route) => Compiled,
): (route: Route) => Compiled {
  const key = JSON.stringify(externalSchemas) + JSON.stringify(options ?? null)
  let pool = pools.get(key)
  if (!pool) pools.set(key, (pool = new Map()))
  const compiled = pool
  return (route) => {
    const schema = JSON.stringify(route.schema)
    let found = compiled.get(schema)
    if (found === undefined) compiled.set(schema, (found = compile(route)))
    return found
  }
}

const ajvPool = AjvCompiler()
const validators = new Map<string, Map<string, ReturnType<ReturnType<ValidatorFactory>>>>()
const buildValidator: ValidatorFactory = (externalSchemas, options) =>
  compiledOnce(externalSchemas, options, validators, (route) => {
    // Fastify lowercases a headers schema's names only for its own compiler; none of our routes declares one.
    if (route.httpPart === 'headers') throw new Error(`${route.method} ${route.url}: the shared schema compilers take no headers schema (http/schema-compilers.server.ts)`)
    return ajvPool(externalSchemas, options)(route)
  })

const fastJsonStringify = SerializerSelector()
const serializers = new Map<string, Map<string, ReturnType<ReturnType<SerializerFactory>>>>()
const buildSerializer: SerializerFactory = (externalSchemas, options) => {
  const compile = fastJsonStringify(externalSchemas, options)
  return compiledOnce(externalSchemas, options, serializers, compile)
}

export const sharedSchemaCompilers: CompilersFactory = { buildValidator, buildSerializer }
