// Whether a Redis answers PING at REDIS_URL (or 127.0.0.1:6379): the BullMQ suites run only then, and say so.
import net from 'node:net'

export const TEST_REDIS_URL = process.env.REDIS_URL || 'redis://127.0.0.1:6379'

export async function redisAvailable(url = TEST_REDIS_URL, timeoutMs = 1000): Promise<boolean> {
  const u = new URL(url)
  return new Promise((resolve) => {
    const socket = net.connect({ host: u.hostname || '127.0.0.1', port: Number(u.port || 6379) })
    const done = (ok: boolean) => {
      socket.destroy()
      resolve(ok)
    }
    socket.setTimeout(timeoutMs, () => done(false))
    socket.on('error', () => done(false))
    socket.on('connect', () => socket.write(u.password ? `AUTH ${decodeURIComponent(u.password)}\r\nPING\r\n` : 'PING\r\n'))
    socket.on('data', (data) => done(data.toString().includes('+PONG')))
  })
}
