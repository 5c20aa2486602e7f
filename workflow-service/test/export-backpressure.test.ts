// An export is written as fast as its client takes it: a client that stops reading stops the reading of rows, and a
// client that goes away ends it, so a slow or stalled download never holds a whole table in memory.
import net from 'node:net'
import Fastify from 'fastify'
import { describe, expect, it } from 'vitest'
import { sendExport } from '../server/src/exports/send-export.server.ts'

const BATCHES = 2000
const ROW = 'x'.repeat(1000)

describe('exports streamed with backpressure', () => {
  it('reads no further batches while the client does not read, and stops reading when the client goes away', async () => {
    let produced = 0
    let finished: (value: string) => void = () => {}
    const ended = new Promise<string>((resolve) => (finished = resolve))
    const app = Fastify()
    app.get('/export', async (_request, reply) =>
      sendExport(reply, {
        format: 'csv',
        name: 'big',
        sheet: 'big',
        headers: ['a'],
        produce: async (write) => {
          try {
            for (let i = 0; i < BATCHES; i++) {
              produced += 1
              // 100 rows of 1 KB: 2000 batches are 200 MB, far more than the socket's buffers.
              await write(Array.from({ length: 100 }, () => [ROW]))
            }
            finished('all written')
          } catch (error) {
            finished(`stopped: ${(error as Error).message}`)
            throw error
          }
        },
      }),
    )
    await app.listen({ port: 0, host: '127.0.0.1' })
    const port = (app.server.address() as net.AddressInfo).port
    const socket = net.connect(port, '127.0.0.1')
    await new Promise((resolve) => socket.once('connect', resolve))
    socket.pause()
    socket.write('GET /export HTTP/1.1\r\nHost: localhost\r\n\r\n')
    await new Promise((resolve) => setTimeout(resolve, 1500))
    const whileStalled = produced
    await new Promise((resolve) => setTimeout(resolve, 500))
    // Only what the socket's buffers hold (a few MB) was read, and nothing more while nobody reads.
    expect(whileStalled).toBeGreaterThan(0)
    expect(whileStalled).toBeLessThan(BATCHES / 10)
    expect(produced).toBe(whileStalled)
    socket.destroy()
    expect(await ended).toBe('stopped: client gone')
    expect(produced).toBeLessThan(BATCHES / 10)
    await app.close()
  })
})
