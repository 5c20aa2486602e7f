// /api/v1/users/: the administrator's account management (list, create, groups and company, disable, password reset);
// each change is an event of the account's stream, and may name the version it was drawn from (a lost race: 409).
// Each route parses, calls its use-case (`use-cases/account-use-cases.server.ts`, which checks that an administrator
// asks) and shapes the answer.
import { Type } from 'typebox'
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { Id, IdParams, Text, valueOrRefuse } from '@portal/workflow-domain/views.ts'
import { useCaseContextOf } from './use-case-context.server.ts'

const GroupSchema = Type.Union([
  Type.Literal('Департамент'),
  Type.Literal('Администратор'),
  Type.Literal('Недропользователь'),
  Type.Literal('Администрация'),
])
const UserSchema = Type.Object({
  id: Type.Integer(),
  username: Type.String(),
  full_name: Type.String({ description: 'ФИО; пустая строка, если не указано' }),
  email: Type.Union([Type.String(), Type.Null()], { description: 'Адрес для писем Департаменту (после подтверждения)' }),
  groups: Type.Array(Type.String()),
  company: Type.Union([Type.Object({ id: Type.Integer(), name: Type.String() }), Type.Null()]),
  is_active: Type.Boolean(),
  created_at: Type.String(),
  version: Type.Integer({ description: 'Версия истории учётной записи: передайте её в изменении, чтобы не затереть чужое (иначе 409)' }),
})
const VersionField = Type.Optional(Type.Integer({ minimum: 0, maximum: 2_147_483_647, description: 'Версия, которую видел администратор (поле version учётной записи); изменённая с тех пор запись — 409' }))

export const usersRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const accounts = app.useCases.accounts

  app.get('/users/', { schema: { summary: 'Учётные записи (администратор)', response: { 200: Type.Array(UserSchema) } } }, async (request) => valueOrRefuse(await accounts.userList(useCaseContextOf(request), {})))

  app.get('/users/:id/', { schema: { summary: 'Одна учётная запись', params: IdParams, response: { 200: UserSchema } } }, async (request) =>
    valueOrRefuse(await accounts.user(useCaseContextOf(request), { id: request.params.id })),
  )

  app.post(
    '/users/',
    {
      schema: {
        summary: 'Создать учётную запись',
        body: Type.Object(
          {
            username: Text({ minLength: 1, maxLength: 100 }),
            full_name: Type.Optional(Text({ maxLength: 1000 })),
            email: Type.Optional(Type.Union([Text({ maxLength: 1000 }), Type.Null()])),
            password: Type.String({ minLength: 1, maxLength: 100 }),
            groups: Type.Array(GroupSchema, { minItems: 1, maxItems: 4, uniqueItems: true }),
            company: Type.Optional(Type.Union([Id, Type.Null()])),
          },
          { additionalProperties: false },
        ),
        response: { 201: UserSchema },
      },
    },
    async (request, reply) => {
      const context = useCaseContextOf(request)
      const { username, full_name, email, password, groups, company } = request.body
      const id = valueOrRefuse(await accounts.createUser(context, { username, fullName: full_name, email, password, groups, company: company ?? null }))
      request.log.info({ userId: id, by: request.user?.id }, 'user created')
      return reply.status(201).send(valueOrRefuse(await accounts.user(context, { id })))
    },
  )

  app.patch(
    '/users/:id/',
    {
      schema: {
        summary: 'Изменить учётную запись: ФИО, почта, группы, предприятие, блокировка',
        params: IdParams,
        body: Type.Object(
          {
            full_name: Type.Optional(Text({ maxLength: 1000 })),
            email: Type.Optional(Type.Union([Text({ maxLength: 1000 }), Type.Null()])),
            groups: Type.Optional(Type.Array(GroupSchema, { minItems: 1, maxItems: 4, uniqueItems: true })),
            company: Type.Optional(Type.Union([Id, Type.Null()])),
            is_active: Type.Optional(Type.Boolean()),
            version: VersionField,
          },
          { additionalProperties: false },
        ),
        response: { 200: UserSchema },
      },
    },
    async (request) => {
      const { full_name, email, groups, company, is_active, version } = request.body
      const user = valueOrRefuse(await accounts.updateUser(useCaseContextOf(request), { id: request.params.id, version, fullName: full_name, email, groups, company, isActive: is_active }))
      request.log.info({ userId: user.id, by: request.user?.id }, 'user changed')
      return user
    },
  )

  app.post(
    '/users/:id/password/',
    {
      schema: {
        summary: 'Задать новый пароль учётной записи',
        params: IdParams,
        body: Type.Object({ password: Type.String({ minLength: 1, maxLength: 100 }), version: VersionField }, { additionalProperties: false }),
        response: { 204: Type.Null() },
      },
    },
    async (request, reply) => {
      valueOrRefuse(await accounts.resetPassword(useCaseContextOf(request), { id: request.params.id, version: request.body.version, password: request.body.password }))
      request.log.info({ userId: request.params.id, by: request.user?.id }, 'password reset')
      return reply.status(204).send(null)
    },
  )
}
