// The described API: an OpenAPI 3 document generated from the route schemas at /api/docs/json, and a readable
// page at /api/docs (Swagger UI served from the package itself, so it works without the internet).
import fp from 'fastify-plugin'
import swagger from '@fastify/swagger'
import swaggerUi from '@fastify/swagger-ui'
import type { FastifyInstance } from 'fastify'
import { CONTENT_TYPES } from '@portal/workflow-domain/views.ts'
import { apiDocsTheme } from './api-docs-theme.ts'

export const API_DOCS_PATH = '/api/docs'

/** Paths the document describes: the REST API, login and the health check; pages and static files are not API. */
export function isDescribedPath(url: string): boolean {
  return url.startsWith('/api/v1/') || url.startsWith('/auth/') || url === '/healthz'
}

/** Register before any route: the document is collected from the routes as they are added. */
async function registerApiDocs(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'Портал экологического мониторинга ЯНАО: API',
        description:
          'Каталог результатов мониторинга (/api/v1/<тип>/), документооборот отчётов и вход. Списки отвечают страницей ' +
          '{count, next, previous, results} (limit/offset), сортируются параметром ordering и выгружаются целиком ' +
          'параметром format=csv или format=xlsx. Ошибки: {detail, parameter}.',
        version: '1',
      },
      tags: [
        { name: 'Каталог', description: 'Справочники и результаты мониторинга, открыты всем' },
        { name: 'Отчёты', description: 'Документооборот отчётов недропользователей' },
        { name: 'Вход', description: 'Сессия, CSRF-токен' },
        { name: 'Администрирование', description: 'Учётные записи' },
        { name: 'Служебное', description: 'Проверка работоспособности' },
      ],
      components: {
        securitySchemes: {
          session: { type: 'apiKey', in: 'cookie', name: 'sessionid' },
          csrf: { type: 'apiKey', in: 'header', name: 'X-CSRFToken' },
        },
      },
    },
    transform: ({ schema, url, route }) => {
      if (!isDescribedPath(url)) return { schema: { ...schema, hide: true }, url }
      const tagged = withFileAnswers(schema?.tags ? schema : { ...schema, tags: [tagOf(url)] })
      // Unsafe methods need the session and the CSRF header; reads of the catalogue need nothing.
      const unsafe = [route.method].flat().some((m) => !['GET', 'HEAD', 'OPTIONS'].includes(m))
      return { schema: unsafe && url.startsWith('/api/') ? { ...tagged, security: [{ session: [], csrf: [] }] } : tagged, url }
    },
  })
  await app.register(swaggerUi, {
    routePrefix: API_DOCS_PATH,
    uiConfig: { docExpansion: 'list', deepLinking: true, defaultModelsExpandDepth: 0 },
    theme: apiDocsTheme,
    // The page's scripts are files of the package: the portal's CSP (scripts from 'self') lets them run.
    staticCSP: false,
  })
}

type RouteSchema = { querystring?: unknown; response?: unknown }

/** A list taking `format=` answers its page as JSON, or all its rows as CSV or XLSX: the document says all three. */
function withFileAnswers<T extends RouteSchema>(schema: T): T {
  const response = schema.response as Record<string, unknown> | undefined
  const page = response?.[200]
  const query = schema.querystring as { properties?: Record<string, unknown> } | undefined
  if (!query?.properties?.format || !page) return schema
  const file = { schema: { type: 'string', format: 'binary' } }
  const answer = {
    description: 'Страница списка (json) или все подходящие записи файлом (csv — UTF-8 с BOM, xlsx)',
    content: { 'application/json': { schema: page }, 'text/csv': file, [CONTENT_TYPES.xlsx]: file },
  }
  return { ...schema, response: { ...response, 200: answer } }
}

function tagOf(url: string): string {
  if (url === '/healthz') return 'Служебное'
  if (url.startsWith('/auth/')) return 'Вход'
  if (url.startsWith('/api/v1/users/')) return 'Администрирование'
  if (/^\/api\/v1\/(import-|report-history|ecomon-responsibles|company-responsibles)/.test(url)) return 'Отчёты'
  return 'Каталог'
}

// Not encapsulated: the document sees every route of the app.
export const apiDocs = fp(registerApiDocs, { name: 'portal-api-docs', fastify: '5.x' })
