// The stack's ceiling: an empty Fastify route in as many processes as the portal's web tier (`http.empty`).
// Usage: node --import tsx bench/support/empty-server.ts <port> <processes>
import cluster from 'node:cluster'
import Fastify from 'fastify'

const port = Number(process.argv[2])
const processes = Number(process.argv[3] ?? 1)

if (cluster.isPrimary && processes > 1) {
  for (let i = 0; i < processes; i++) cluster.fork()
  process.on('SIGTERM', () => {
    for (const worker of Object.values(cluster.workers ?? {})) worker?.kill('SIGTERM')
    process.exit(0)
  })
} else {
  const app = Fastify({ logger: false })
  app.get('/', async () => ({}))
  await app.listen({ port, host: '127.0.0.1' })
  process.on('SIGTERM', () => void app.close().then(() => process.exit(0)))
}
