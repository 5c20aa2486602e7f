// /auth/: the CSRF token for scripts, login (multipart username and password, answers {errors, router}) and logout.
import multipart from '@fastify/multipart'
import formbody from '@fastify/formbody'
import { Type } from 'typebox'
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import type { FastifyReply } from 'fastify'
import { csrfTokenFor } from '../plugins/auth-plugin.server.ts'
import { loginFormError, safeNext, LOGIN_PATH, valueOrRefuse } from '@portal/workflow-domain/views.ts'
import { clearedSessionCookie, readCookies, sessionCookie } from '../auth/session-cookies.server.ts'
import { SESSION_COOKIE } from '@portal/workflow-domain/use-cases.server.ts'
import { errorAnswer } from '../plugins/errors.server.ts'
import { rateLimitOf } from '../plugins/rate-limits.server.ts'
import { useCaseContextOf } from './api/use-case-context.server.ts'


export const LOGIN_BODY_LIMIT = 16 * 1024

const LoginAnswer = Type.Object({
  errors: Type.Union([Type.String(), Type.Null()]),
  router: Type.Union([Type.String(), Type.Null()]),
  detail: Type.Optional(Type.String()),
  parameter: Type.Optional(Type.Union([Type.String(), Type.Null()])),
})

export const authRoutes: FastifyPluginAsyncTypebox = async (app) => {
  // The login form is multipart (spec §7); urlencoded and JSON are accepted too. No files, small fields.
  await app.register(multipart, {
    attachFieldsToBody: 'keyValues',
    limits: { files: 0, fields: 10, fieldSize: 4 * 1024, parts: 10 },
  })
  await app.register(formbody)

  app.get(
    '/csrf/',
    { schema: { summary: 'CSRF-токен сессии для форм и запросов, меняющих данные', response: { 200: Type.Object({ csrftoken: Type.String() }) } } },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store')
      return { csrftoken: csrfTokenFor(request, reply) }
    },
  )

  app.post(
    '/login/',
    {
      attachValidation: true,
      // Two fields of at most 100 characters: a bigger JSON or urlencoded body is refused (413); a multipart one is
      // bounded by the plugin's limits above.
      bodyLimit: LOGIN_BODY_LIMIT,
      config: { rateLimit: rateLimitOf(app.config, 'login') },
      // Every refusal in the login contract's shape {errors, router}, malformed bodies included.
      // The reply untyped by the route's schema: a refusal's status is any 4xx (or a 5xx), serialized as it is.
      errorHandler: (error, request, reply: FastifyReply) => {
        const answer = errorAnswer(error)
        if (answer.retryAfter) {
          request.log.error({ fault: { message: error.message, code: (error as { code?: string }).code } }, 'the database is unreachable: login answered 503')
          void reply.header('retry-after', String(answer.retryAfter))
        } else if (answer.status >= 500) request.log.error({ err: error }, 'login failed')
        return reply.status(answer.status).type('application/json; charset=utf-8').serializer(JSON.stringify).send({ errors: answer.body.detail, router: null, ...answer.body })
      },
      schema: {
        summary: 'Вход по логину и паролю',
        // Lengths are checked below, to answer in the login contract's shape {errors, router} as well as {detail, parameter}.
        body: Type.Object({
          username: Type.Optional(Type.String()),
          password: Type.Optional(Type.String()),
          next: Type.Optional(Type.String()),
        }),
        response: { 200: LoginAnswer, 400: LoginAnswer, 401: LoginAnswer, 413: LoginAnswer, 429: LoginAnswer },
      },
    },
    async (request, reply) => {
      const body = (request.validationError ? {} : (request.body ?? {})) as { username?: string; password?: string; next?: string }
      const invalid = loginFormError({ username: body.username, password: body.password })
      if (invalid) return reply.status(400).send({ errors: invalid.message, router: null, detail: invalid.message, parameter: invalid.field })
      // The same use-case as the login page's form: throttle, password check, new session.
      const outcome = await app.useCases.accounts.logIn(useCaseContextOf(request), {
        username: body.username!,
        password: body.password!,
        previousToken: readCookies(request.headers.cookie)[SESSION_COOKIE] ?? null,
      })
      const result = valueOrRefuse(outcome)
      if (!result.ok) {
        if (result.reason === 'locked') {
          request.log.warn({ username: body.username }, 'login locked after repeated failures')
          reply.header('retry-after', String(result.retryAfterSeconds))
          return reply.status(429).send({ errors: result.message, router: null, detail: result.message })
        }
        request.log.info({ username: body.username }, 'login refused')
        return reply.status(401).send({ errors: result.message, router: null })
      }
      request.log.info({ userId: result.userId }, 'logged in')
      reply.header('set-cookie', sessionCookie(result.token, request.protocol === 'https'))
      return { errors: null, router: safeNext(body.next, result.home) }
    },
  )

  app.post(
    '/logout/',
    { schema: { summary: 'Выход: сессия закрывается', response: { 200: Type.Object({ router: Type.String() }) } } },
    async (request, reply) => {
      const token = readCookies(request.headers.cookie)[SESSION_COOKIE]
      // A token too long to be one ends no session: the use-case refuses it, and the cookie is cleared all the same.
      if (token) await app.useCases.accounts.logOut(useCaseContextOf(request), { token })
      reply.header('set-cookie', clearedSessionCookie(request.protocol === 'https'))
      return { router: LOGIN_PATH }
    },
  )
}
