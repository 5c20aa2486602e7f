// The rules every parsed input obeys whatever its route's schema: numbers are finite (Ajv coerces "Infinity" and
// "1e400" to Infinity and then skips its bounds) and text carries no control characters (PostgreSQL refuses NUL) nor
// half of a UTF-16 surrogate pair.
import fp from 'fastify-plugin'
import type { FastifyInstance } from 'fastify'
import { controlCharacterAt, badRequest } from '@portal/workflow-domain/views.ts'

const MAX_DEPTH = 8

export const NOT_FINITE = 'ожидается конечное число'
export const CONTROL_CHARACTERS_REFUSED = 'недопустимые управляющие символы'
export const LONE_SURROGATE_REFUSED = 'недопустимый символ: половина суррогатной пары UTF-16'
/** The guard's refusals of text, which a page's address can draw (a number in an address is only text to the guard). */
export const ADDRESS_REFUSALS = [CONTROL_CHARACTERS_REFUSED, LONE_SURROGATE_REFUSED]

// Half of a UTF-16 pair without its other half: JSON can spell it ("\ud800"), PostgreSQL's text and jsonb refuse it.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/

function textRefusal(text: string, multiline: boolean): string | null {
  if (controlCharacterAt(text, multiline) >= 0) return CONTROL_CHARACTERS_REFUSED
  return LONE_SURROGATE.test(text) ? LONE_SURROGATE_REFUSED : null
}

/** The first bad value of parsed input as [parameter, reason], or null; arrays and nested objects are walked. */
export function firstBadValue(value: unknown, name: string, depth = 0): [string, string] | null {
  if (typeof value === 'number') return Number.isFinite(value) ? null : [name, NOT_FINITE]
  if (typeof value === 'string') {
    const refusal = textRefusal(value, true)
    return refusal ? [name, refusal] : null
  }
  if (depth >= MAX_DEPTH || value === null || typeof value !== 'object' || Buffer.isBuffer(value)) return null
  for (const [key, inner] of Object.entries(value)) {
    const refusal = textRefusal(key, false)
    if (refusal) return [name || key, refusal]
    const bad = firstBadValue(inner, name && Array.isArray(value) ? name : key, depth + 1)
    if (bad) return bad
  }
  return null
}

async function registerInputGuard(app: FastifyInstance): Promise<void> {
  // After validation (so coerced numbers are seen) and before every handler.
  app.addHook('preHandler', async (request) => {
    for (const source of [request.params, request.query, request.body]) {
      const bad = firstBadValue(source, '')
      if (bad) throw badRequest(`${bad[0]}: ${bad[1]}`, bad[0])
    }
  })
}

// Not encapsulated: the hook applies to every route of the app.
export const inputGuard = fp(registerInputGuard, { name: 'portal-input-guard', fastify: '5.x' })
