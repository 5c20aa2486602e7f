// Raw sockets against the test app listening on a port, for what `inject` cannot show: slow clients, connections
// held open, the bytes of an answer as they arrive. Used by the API's and the pages' timeout and connection tests.
import { connect, type Socket } from 'node:net'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll } from 'vitest'
import type { TestContext } from './test-app.ts'

export const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** Makes the test app listen on a free port of 127.0.0.1 for the file's tests; answers that port once it listens. */
export function listenForRawClients(t: TestContext): () => number {
  let port = 0
  beforeAll(async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' })
    port = (t.app.server.address() as AddressInfo).port
  })
  afterAll(async () => {
    await t.app.close()
  })
  return () => port
}

export interface RawConnection {
  socket: Socket
  /** What has come back so far, read as latin1 (a status line and headers are ASCII). */
  answer(): string
  closed(): boolean
  /** Settles when the server or the client has closed the connection. */
  ended: Promise<void>
}

/** An open connection to the port, from `localAddress` when given (127.0.0.2 is another client of this machine). */
export async function openRaw(port: number, localAddress?: string): Promise<RawConnection> {
  const socket = connect({ port, host: '127.0.0.1', ...(localAddress ? { localAddress } : {}) })
  let answer = ''
  let closed = false
  socket.on('data', (chunk) => (answer += chunk.toString('latin1')))
  const ended = new Promise<void>((resolve) => socket.on('close', () => ((closed = true), resolve())))
  socket.on('error', () => undefined)
  await new Promise<void>((resolve) => socket.once('connect', () => resolve()))
  return { socket, answer: () => answer, closed: () => closed, ended }
}

/**
 * Writes `first` at once and then `rest` in `pieces` slices `gapMs` apart, as a slow (or malicious) client does,
 * stopping once the server has answered or closed. Then waits (up to ten seconds) for the server to close the
 * connection (send `Connection: close` to have the whole answer), and lets go. Answers what came back and how many
 * slices were written.
 */
export async function sendSlowly(connection: RawConnection, first: string | Buffer, rest: Buffer, pieces: number, gapMs: number): Promise<{ answer: string; written: number }> {
  connection.socket.write(first)
  const size = Math.ceil(rest.length / pieces)
  let written = 0
  for (let i = 0; i < pieces && !connection.closed(); i++) {
    await pause(gapMs)
    if (connection.closed() || connection.answer() !== '') break
    connection.socket.write(rest.subarray(i * size, (i + 1) * size))
    written++
  }
  await Promise.race([connection.ended, pause(10_000)])
  connection.socket.destroy()
  return { answer: connection.answer(), written }
}
