// The floor page's server (page.floor): the built floor app behind bare Fastify, handed to Remix the way
// workflow-service/server/src/plugins/remix.server.ts hands the portal's pages (a web Request made from Fastify's, the
// answer's headers set on the hijacked reply, its stream written to the socket), in as many processes as the
// portal's web tier. No cache, no session, no CSP: what every page costs before the portal's own work.
// Usage: node bench/support/floor-server.ts <build/server/index.js> <port> <processes>
import cluster from 'node:cluster'
import { pathToFileURL } from 'node:url'
import { createRequestHandler, type ServerBuild, writeReadableStreamToWritable } from '@remix-run/node'
import Fastify, { type FastifyReply, type FastifyRequest } from 'fastify'

const [buildFile, portArg, processesArg] = process.argv.slice(2)
const port = Number(portArg)
const processes = Number(processesArg ?? 1)

function toWebRequest(request: FastifyRequest, reply: FastifyReply): Request {
  const url = new URL(request.raw.url ?? '/', `${request.protocol}://${request.headers.host ?? 'localhost'}`)
  const controller = new AbortController()
  reply.raw.on('close', () => controller.abort())
  const headers = new Headers()
  for (const [key, value] of Object.entries(request.headers)) {
    if (value === undefined) continue
    if (Array.isArray(value)) for (const v of value) headers.append(key, v)
    else headers.set(key, String(value))
  }
  return new Request(url.href, { method: request.method, headers, signal: controller.signal })
}

async function sendWebResponse(reply: FastifyReply, response: Response): Promise<void> {
  reply.status(response.status)
  for (const [key, value] of response.headers.entries()) reply.header(key, value)
  reply.hijack()
  reply.raw.writeHead(response.status, reply.getHeaders() as Record<string, string | string[]>)
  if (response.body) await writeReadableStreamToWritable(response.body, reply.raw)
  else reply.raw.end()
}

if (cluster.isPrimary && processes > 1) {
  for (let i = 0; i < processes; i++) cluster.fork()
  // The primary leaves after its web processes: one gone first would leave them writing to a closed channel.
  process.on('SIGTERM', () => {
    const workers = Object.values(cluster.workers ?? {}).filter((w) => w !== undefined)
    let left = workers.length
    if (left === 0) process.exit(0)
    for (const worker of workers) {
      worker.once('exit', () => --left === 0 && process.exit(0))
      worker.kill('SIGTERM')
    }
  })
} else {
  const build = (await import(pathToFileURL(buildFile).href)) as ServerBuild
  const handle = createRequestHandler(build, 'production')
  const app = Fastify({ logger: false })
  // The load context the portal's entry reads: a logger for an error (never expected here), no nonce.
  const log = { error: (...args: unknown[]) => console.error(...args) }
  app.get('/healthz', async () => ({ ok: true }))
  app.all('/monitoring/*', async (request, reply) => sendWebResponse(reply, await handle(toWebRequest(request, reply), { log, faults: { unreachable: false } } as never)))
  await app.listen({ port, host: '127.0.0.1' })
  process.on('SIGTERM', () => void app.close().then(() => process.exit(0)))
  // A client that goes away mid-answer (the load's end) is no failure of the floor.
  process.on('error', () => {})
}
