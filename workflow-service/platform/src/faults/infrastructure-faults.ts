// Faults of what the portal stands on, told apart from the client's mistakes and from bugs: the database or Redis
// unreachable or a connection dropped (503, try again) and a file store that is full or failing (507, the file was not
// saved). Plain, without Fastify: the error handler and the pages' actions both ask.

/** What a page says when a file could not be stored: the holder did nothing wrong and may try again later. */
export const STORAGE_FULL_MESSAGE = 'На сервере закончилось место для файлов; попробуйте позже, файл не сохранён'
/** The API's detail of the same fault. */
export const STORAGE_FULL_DETAIL = 'На сервере закончилось место для файлов или хранилище файлов недоступно; файл не сохранён, повторите запрос позже.'
/** The detail of a 503: the database or the queue did not answer. */
export const UNAVAILABLE_DETAIL = 'Сервис временно недоступен: база данных или очередь не отвечает. Повторите запрос позже.'
/** Seconds a client is asked to wait before it tries again (Retry-After). */
export const RETRY_AFTER_SECONDS = 5

const STORAGE_CODES = new Set(['ENOSPC', 'EDQUOT', 'EIO', 'EROFS'])
const CONNECTION_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN', 'ENOTFOUND', 'ECONNABORTED'])
// PostgreSQL: connection exceptions (08…), the server shutting down or starting (57P01-57P03), too many connections.
const POSTGRES_CODES = /^(08\d{3}|57P0[123]|53300)$/
const CONNECTION_MESSAGES =
  /Connection terminated|connection error and is not queryable|timeout exceeded when trying to connect|Connection is closed|max retries per request|the database system is (starting up|shutting down|in recovery mode)|terminating connection due to administrator command|server closed the connection unexpectedly|Client was closed and is not queryable|Cannot use a pool after calling end|ECONNREFUSED/i

function* causes(error: unknown): Generator<{ code?: unknown; message?: unknown; errors?: unknown }> {
  const seen = new Set<unknown>()
  const stack = [error]
  while (stack.length) {
    const current = stack.pop()
    if (!current || typeof current !== 'object' || seen.has(current)) continue
    seen.add(current)
    const item = current as { code?: unknown; message?: unknown; errors?: unknown; cause?: unknown }
    yield item
    if (item.cause) stack.push(item.cause)
    if (Array.isArray(item.errors)) stack.push(...item.errors)
  }
}

/** The file store refused a write: no space, no quota, an I/O error, read-only. */
export function isStorageFault(error: unknown): boolean {
  for (const item of causes(error)) if (typeof item.code === 'string' && STORAGE_CODES.has(item.code)) return true
  return false
}

/** The database or Redis was unreachable, or a connection to it dropped on the way. */
export function isUnreachable(error: unknown): boolean {
  for (const item of causes(error)) {
    if (typeof item.code === 'string' && (CONNECTION_CODES.has(item.code) || POSTGRES_CODES.test(item.code))) return true
    if (typeof item.message === 'string' && CONNECTION_MESSAGES.test(item.message)) return true
  }
  return false
}
