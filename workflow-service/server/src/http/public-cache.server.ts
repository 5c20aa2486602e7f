// Answers the public sees (anonymous GETs of the API and the pages) kept in memory with an ETag, so a repeated
// request costs a lookup and a 304 costs nothing. Every committed change of public data sends NOTIFY public_changed
// (migration 1701); every web process listens and drops all its entries, so no node serves an answer older than the
// last commit it was told about. While the listening connection is down nothing is cached (a NOTIFY may be missed).
import { createHash } from 'node:crypto'
import pg from 'pg'

export const PUBLIC_CHANGED_CHANNEL = 'public_changed'

export interface CachedAnswer {
  status: number
  headers: Record<string, string>
  body: Buffer
  etag: string
}

export function etagOf(body: Buffer | string): string {
  return `W/"${createHash('sha1').update(body).digest('base64url')}"`
}

/** True when the request's If-None-Match names the answer's ETag. */
export function notModified(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false
  return ifNoneMatch.split(',').some((t) => t.trim() === etag || t.trim() === '*')
}

export class PublicCache {
  private entries = new Map<string, CachedAnswer>()
  private bytes = 0
  /** Bumped by every invalidation: an answer computed before it is not stored after it. */
  generation = 0
  /** False while the invalidation listener is not connected. */
  enabled = true
  hits = 0
  misses = 0

  constructor(
    readonly maxEntries = 5000,
    readonly maxBytes = 64 * 1024 * 1024,
  ) {}

  get size(): number {
    return this.entries.size
  }

  get(key: string): CachedAnswer | undefined {
    if (!this.enabled) return undefined
    const entry = this.entries.get(key)
    if (entry) {
      // Most recently used last: the map's order is the eviction order.
      this.entries.delete(key)
      this.entries.set(key, entry)
      this.hits += 1
    } else {
      this.misses += 1
    }
    return entry
  }

  /** Stores an answer computed since `generation` was read; dropped if an invalidation came in between. */
  set(key: string, answer: CachedAnswer, generation: number): void {
    if (!this.enabled || generation !== this.generation || answer.body.length > this.maxBytes / 16) return
    const old = this.entries.get(key)
    if (old) this.bytes -= old.body.length
    this.entries.delete(key)
    this.entries.set(key, answer)
    this.bytes += answer.body.length
    for (const [oldest, entry] of this.entries) {
      if (this.entries.size <= this.maxEntries && this.bytes <= this.maxBytes) break
      this.entries.delete(oldest)
      this.bytes -= entry.body.length
    }
  }

  private inFlight = new Map<string, Promise<void>>()

  /**
   * One computation per key at a time: the first miss computes (its `done` must be called when its answer is stored
   * or refused); a concurrent miss of the same key waits for it (at most `waitMs`) instead of computing it again.
   * Answers the answer to serve, or a `done` to call.
   */
  async claim(key: string, waitMs = 10_000): Promise<{ answer: CachedAnswer } | { done: () => void }> {
    const running = this.inFlight.get(key)
    if (running) {
      await Promise.race([running, new Promise((r) => setTimeout(r, waitMs).unref())])
      const answer = this.get(key)
      if (answer) return { answer }
    }
    let done: () => void = () => {}
    const promise = new Promise<void>((resolve) => (done = resolve))
    this.inFlight.set(key, promise)
    return {
      done: () => {
        if (this.inFlight.get(key) === promise) this.inFlight.delete(key)
        done()
      },
    }
  }

  invalidate(): void {
    this.generation += 1
    this.entries.clear()
    this.bytes = 0
  }
}

export interface CacheListener {
  stop(): Promise<void>
  /** Resolves once the first LISTEN is in place. */
  ready: Promise<void>
}

/**
 * LISTEN public_changed on a connection of its own; each notification empties the cache. A lost connection disables
 * the cache and is opened again (after a second, then up to 30 s apart); on reconnect the cache starts empty.
 */
export function listenForPublicChanges(url: string, cache: PublicCache, onError: (error: unknown) => void = () => {}): CacheListener {
  let client: pg.Client | null = null
  let stopped = false
  let delay = 1000
  let timer: NodeJS.Timeout | undefined
  let markReady: () => void = () => {}
  const ready = new Promise<void>((resolve) => (markReady = resolve))

  const lost = (error: unknown) => {
    cache.enabled = false
    cache.invalidate()
    if (stopped) return
    onError(error)
    client?.removeAllListeners()
    client?.end().catch(() => {})
    client = null
    timer = setTimeout(connect, delay)
    delay = Math.min(30_000, delay * 2)
  }

  async function connect(): Promise<void> {
    if (stopped) return
    const next = new pg.Client({ connectionString: url })
    client = next
    next.on('error', lost)
    next.on('end', () => !stopped && lost(new Error('the cache invalidation connection closed')))
    next.on('notification', (message) => {
      if (message.channel === PUBLIC_CHANGED_CHANNEL) cache.invalidate()
    })
    try {
      await next.connect()
      await next.query(`LISTEN ${PUBLIC_CHANGED_CHANNEL}`)
      // Anything cached before this moment may have missed a notification.
      cache.invalidate()
      cache.enabled = true
      delay = 1000
      markReady()
    } catch (error) {
      if (client === next) lost(error)
    }
  }

  cache.enabled = false
  void connect()
  return {
    ready,
    async stop() {
      stopped = true
      clearTimeout(timer)
      cache.enabled = false
      await client?.end().catch(() => {})
    },
  }
}
