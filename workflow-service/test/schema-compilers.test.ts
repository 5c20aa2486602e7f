// The routes' schemas compiled once per process for every app it builds (http/schema-compilers.server.ts): an app
// built again reuses what was compiled for an equal schema, never for a different one.
import { Type } from 'typebox'
import Fastify from 'fastify'
import { describe, expect, it } from 'vitest'
import { sharedSchemaCompilers } from '../server/src/http/schema-compilers.server.ts'

const validatorOf = (schema: object, httpPart: 'querystring' | 'body' | 'headers' = 'querystring') =>
  sharedSchemaCompilers.buildValidator!({}, { customOptions: {} } as never)({ schema, method: 'GET', url: '/x', httpPart } as never)
const serializerOf = (schema: object) => sharedSchemaCompilers.buildSerializer!({}, undefined)({ schema, method: 'GET', url: '/x', httpStatus: '200' } as never)

/** An app as the portal builds it: its route's schemas made as the route is registered, new objects every time. */
function appWithRoute() {
  const app = Fastify({ schemaController: { compilersFactory: sharedSchemaCompilers } })
  app.get('/things', {
    schema: {
      querystring: Type.Object({ limit: Type.Integer({ minimum: 1, maximum: 100 }) }),
      response: { 200: Type.Object({ name: Type.String() }) },
    },
    handler: async () => ({ name: 'Пурпе', secret: 'не для ответа' }),
  })
  return app
}

describe('schema compilers shared by the apps of a process', () => {
  it('give an equal schema, made anew, the validator and serializer compiled before', () => {
    const schema = () => Type.Object({ year: Type.Integer({ minimum: 2000 }) })
    expect(validatorOf(schema())).toBe(validatorOf(schema()))
    expect(serializerOf(schema())).toBe(serializerOf(schema()))
  })

  it('never give a schema that differs in one bound what another schema compiled', () => {
    const lenient = validatorOf(Type.Object({ year: Type.Integer({ minimum: 2000 }) }))
    const strict = validatorOf(Type.Object({ year: Type.Integer({ minimum: 2020 }) }))
    expect(strict).not.toBe(lenient)
    expect(lenient({ year: 2010 })).toBe(true)
    expect(strict({ year: 2010 })).toBe(false)
    const named = serializerOf(Type.Object({ name: Type.String() }))
    const counted = serializerOf(Type.Object({ count: Type.Integer() }))
    expect(named({ name: 'а', count: 1 })).toBe('{"name":"а"}')
    expect(counted({ name: 'а', count: 1 })).toBe('{"count":1}')
  })

  it('validate and shape answers the same in an app built after another', async () => {
    for (let i = 0; i < 2; i++) {
      const app = appWithRoute()
      const bad = await app.inject({ method: 'GET', url: '/things?limit=500' })
      expect(bad.statusCode).toBe(400)
      expect(bad.json().message).toContain('limit')
      const good = await app.inject({ method: 'GET', url: '/things?limit=5' })
      expect(good.json()).toEqual({ name: 'Пурпе' })
      await app.close()
    }
  })

  it("refuse a headers schema, whose names Fastify lowercases only for its own compiler, naming the route", () => {
    expect(() => validatorOf(Type.Object({ 'X-Token': Type.String() }), 'headers')).toThrow(/GET \/x: the shared schema compilers take no headers schema/)
  })
})
