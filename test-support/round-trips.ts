// Counts round trips and statements on every pg connection of this process (decision 2770's measure), for the
// pipelined-transactions test and `bench/round-trips.ts`: a statement sent while its connection has no other
// unanswered starts a trip; one sent while another is still unanswered rides along (the client did not wait).
// Importing it wraps pg's Client.query, so import it before any connection is opened: a pool's connection keeps the
// query it had when it connected (db/repeated-statements.server.ts binds it).
import net from 'node:net'
import pg from 'pg'

const count = { trips: 0, statements: 0, writes: 0, on: false }
const unanswered = new WeakMap<object, number>()
const query = pg.Client.prototype.query
pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
  const result = (query as (...a: unknown[]) => unknown).apply(this, args)
  if (!count.on || !(result instanceof Promise)) return result
  const open = unanswered.get(this) ?? 0
  if (open === 0) count.trips += 1
  count.statements += 1
  unanswered.set(this, open + 1)
  const done = () => void unanswered.set(this, (unanswered.get(this) ?? 1) - 1)
  result.then(done, done)
  return result
} as typeof pg.Client.prototype.query

// Socket writes: each is a system call, however many statements it carries (decision 2800 writes the statements of a
// turn of the event loop together).
const socket = net.Socket.prototype as unknown as Record<'_write' | '_writev', (...args: unknown[]) => unknown>
for (const method of ['_write', '_writev'] as const) {
  const write = socket[method]
  socket[method] = function (this: unknown, ...args: unknown[]) {
    if (count.on) count.writes += 1
    return write.apply(this, args)
  }
}

/** The round trips, statements and socket writes `work` sent, on any connection, and what it answered. */
export async function countRoundTrips<T>(work: () => Promise<T>): Promise<{ trips: number; statements: number; writes: number; result: T }> {
  Object.assign(count, { trips: 0, statements: 0, writes: 0, on: true })
  try {
    const result = await work()
    return { trips: count.trips, statements: count.statements, writes: count.writes, result }
  } finally {
    count.on = false
  }
}
