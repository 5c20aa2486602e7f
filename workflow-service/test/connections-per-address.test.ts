// One client address holds at most MAX_CONNECTIONS_PER_ADDRESS open connections on a web process; the next is closed
// before its request is read, while other addresses are served. The proxies of TRUST_PROXY are not counted. Raw
// sockets against the listening app; 127.0.0.2 and 127.0.0.3 are other loopback addresses of the same machine.
import { describe, expect, it } from 'vitest'
import { listenForRawClients, openRaw, pause, type RawConnection } from '../../test-support/raw-connection.ts'
import { useTestApp } from '../../test-support/test-app.ts'

const t = useTestApp({ MAX_CONNECTIONS_PER_ADDRESS: '3', TRUST_PROXY: '127.0.0.3' })
const port = listenForRawClients(t)
const open = (from: string) => openRaw(port(), from)

/** Asks /healthz on the connection; answers the status line, or '' when the connection ended without one. */
async function ask(connection: RawConnection): Promise<string> {
  if (!connection.closed()) connection.socket.write('GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n')
  for (let i = 0; i < 100 && !connection.closed() && !/\r\n\r\n/.test(connection.answer()); i++) await pause(20)
  return connection.answer().split('\r\n')[0]
}

describe('open connections per address', () => {
  it('refuses the fourth connection from one address while another address is served', async () => {
    const held = [await open('127.0.0.1'), await open('127.0.0.1'), await open('127.0.0.1')]
    for (const connection of held) expect(await ask(connection)).toBe('HTTP/1.1 200 OK')
    const fourth = await open('127.0.0.1')
    const status = await ask(fourth)
    // Closed before its request was read: a 503 at most, never the page.
    expect(status === '' || status.startsWith('HTTP/1.1 503')).toBe(true)
    expect(fourth.closed()).toBe(true)
    const other = await open('127.0.0.2')
    expect(await ask(other)).toBe('HTTP/1.1 200 OK')
    // One of the three goes: the address may open another.
    held[0].socket.destroy()
    await pause(200)
    const again = await open('127.0.0.1')
    expect(await ask(again)).toBe('HTTP/1.1 200 OK')
    for (const connection of [...held, other, again]) connection.socket.destroy()
  })

  it('does not count the connections of a trusted proxy, through which every user comes', async () => {
    const through = await Promise.all(Array.from({ length: 6 }, () => open('127.0.0.3')))
    for (const connection of through) expect(await ask(connection)).toBe('HTTP/1.1 200 OK')
    for (const connection of through) connection.socket.destroy()
  })
})
