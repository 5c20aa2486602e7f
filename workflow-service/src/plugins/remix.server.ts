// Mounts the built Remix app under /monitoring/: hashed assets with long cache headers, every other path to Remix.
import path from 'node:path'
import { Readable } from 'node:stream'
import fastifyStatic from '@fastify/static'
import {
  type AppLoadContext,
  createReadableStreamFromReadable,
  createRequestHandler,
  type ServerBuild,
  writeReadableStreamToWritable,
} from '@remix-run/node'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'

export const BASE_PATH = '/monitoring'

export interface RemixPluginOptions {
  build: ServerBuild
  clientDir: string
  mode: 'production' | 'development'
  getLoadContext: (request: FastifyRequest, reply: FastifyReply) => AppLoadContext | Promise<AppLoadContext>
}

function toWebRequest(request: FastifyRequest, reply: FastifyReply): Request {
  const origin = `${request.protocol}://${request.headers.host ?? 'localhost'}`
  const url = new URL(request.raw.url ?? '/', origin)
  // The home page's single-fetch data is asked at /monitoring.data, outside the basename '/monitoring/': Remix
  // strips '.data' and matches '/monitoring/' when the path is /monitoring/.data.
  if (url.pathname === `${BASE_PATH}.data`) url.pathname = `${BASE_PATH}/.data`
  const controller = new AbortController()
  reply.raw.on('close', () => controller.abort())
  const headers = new Headers()
  for (const [key, value] of Object.entries(request.headers)) {
    if (value === undefined) continue
    if (Array.isArray(value)) for (const v of value) headers.append(key, v)
    else headers.set(key, String(value))
  }
  const hasBody = request.method !== 'GET' && request.method !== 'HEAD'
  // The body was buffered by Fastify (so the CSRF hook could read the form's hidden field); Remix gets the same bytes.
  const body = Buffer.isBuffer(request.body) ? request.body : createReadableStreamFromReadable(request.raw as Readable)
  return new Request(url.href, {
    method: request.method,
    headers,
    signal: controller.signal,
    ...(hasBody ? { body, duplex: 'half' } : {}),
  } as RequestInit)
}

async function sendWebResponse(reply: FastifyReply, response: Response): Promise<void> {
  reply.status(response.status)
  for (const [key, value] of response.headers.entries()) {
    if (key === 'set-cookie') continue
    reply.header(key, value)
  }
  const cookies = response.headers.getSetCookie()
  if (cookies.length > 0) reply.header('set-cookie', cookies)
  reply.hijack()
  reply.raw.writeHead(response.status, reply.getHeaders() as Record<string, string | string[]>)
  if (response.body) await writeReadableStreamToWritable(response.body, reply.raw)
  else reply.raw.end()
}

export async function remixPlugin(app: FastifyInstance, options: RemixPluginOptions): Promise<void> {
  await app.register(fastifyStatic, {
    root: path.resolve(options.clientDir),
    prefix: `${BASE_PATH}/`,
    wildcard: false,
    cacheControl: false,
    index: false,
    // @fastify/static hands the Fastify reply here.
    setHeaders(reply: unknown, filePath: string) {
      // Vite puts content-hashed files under assets/: they never change, so browsers keep them for a year.
      const immutable = filePath.includes(`${path.sep}assets${path.sep}`)
      ;(reply as FastifyReply).header('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=3600')
    },
  })

  const handle = createRequestHandler(options.build, options.mode)

  // Form posts are buffered as raw bytes (no parsing): the auth plugin's CSRF check reads the hidden field
  // csrfmiddlewaretoken before Remix, then Remix parses the same bytes itself.
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers()
    scope.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body))
    const handler = async (request: FastifyRequest, reply: FastifyReply) => {
      const context = await options.getLoadContext(request, reply)
      const response = await handle(toWebRequest(request, reply), context)
      await sendWebResponse(reply, response)
    }
    // Page forms carry their CSRF token in the hidden field csrfmiddlewaretoken (checked by the auth plugin).
    const config = { csrf: 'form' as const }
    scope.all(BASE_PATH, { config }, handler)
    // Remix's single fetch asks the data of the home page (the basename itself) at /monitoring.data.
    scope.all(`${BASE_PATH}.data`, { config }, handler)
    scope.all(`${BASE_PATH}/*`, { config }, handler)
  })
}
