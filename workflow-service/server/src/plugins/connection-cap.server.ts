// At most MAX_CONNECTIONS_PER_ADDRESS open connections from one client address: one address cannot take every socket
// of the process with slow requests (each of them still within its timeouts). The connection over the cap is told 503
// and closed at once, before a byte of its request is read (so no request on it ever runs). The proxies of TRUST_PROXY are not counted: every user comes through them.
import { BlockList, isIPv4 } from 'node:net'
import type { Server, Socket } from 'node:net'

const REFUSED = 'HTTP/1.1 503 Service Unavailable\r\nConnection: close\r\nRetry-After: 5\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Length: %d\r\n\r\n%s'
const MESSAGE = 'Слишком много одновременных соединений с вашего адреса. Повторите попытку позже.'

/** A client's address as one key: an IPv4 address arriving on a dual-stack socket (::ffff:a.b.c.d) is that IPv4 address. */
export function addressKey(address: string): string {
  const mapped = /^::ffff:(.+)$/i.exec(address)
  return mapped && isIPv4(mapped[1]) ? mapped[1] : address
}

function trustedList(trustProxy: string[]): BlockList {
  const list = new BlockList()
  for (const entry of trustProxy) {
    const [address, bits] = entry.split('/')
    const family = isIPv4(address) ? 'ipv4' : 'ipv6'
    if (bits === undefined) list.addAddress(address, family)
    else list.addSubnet(address, Number(bits), family)
  }
  return list
}

/** Counts the server's open connections per address and refuses the ones over `max`; answers the live counts (for tests). */
export function capConnectionsPerAddress(server: Server, max: number, trustProxy: string[]): Map<string, number> {
  const open = new Map<string, number>()
  const trusted = trustedList(trustProxy)
  const body = Buffer.from(MESSAGE)
  server.on('connection', (socket: Socket) => {
    if (!socket.remoteAddress) return
    const key = addressKey(socket.remoteAddress)
    if (trusted.check(key, isIPv4(key) ? 'ipv4' : 'ipv6')) return
    const count = open.get(key) ?? 0
    if (count >= max) {
      socket.on('error', () => undefined)
      // A fresh socket's write goes out at once; destroy closes it without reading (the client may see a reset).
      socket.write(REFUSED.replace('%d', String(body.length)).replace('%s', MESSAGE))
      socket.destroy()
      return
    }
    open.set(key, count + 1)
    socket.once('close', () => {
      const left = (open.get(key) ?? 1) - 1
      if (left > 0) open.set(key, left)
      else open.delete(key)
    })
  })
  return open
}
