// Kysely's PostgreSQL driver, with a transaction's statements written behind each other instead of each waiting for
// the answer of the one before (decision 2770). A connection of the portal's pools runs in node-postgres's pipeline
// mode; PostgreSQL answers in the order it was asked, so a statement sent early still runs after the ones before it.
// What it saves is the round trip: BEGIN goes out with the transaction's first statement, and COMMIT goes out
// behind the statements a transaction sent without waiting for (a command's writes whose answers it never reads).
import {
  CompiledQuery,
  type DatabaseConnection,
  type DatabaseIntrospector,
  type Dialect,
  type DialectAdapter,
  type Driver,
  type Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type QueryCompiler,
  type QueryResult,
  type TransactionSettings,
} from 'kysely'
import pg from 'pg'
import { isUnreachable } from '../faults/infrastructure-faults.ts'
import { safeToRetry } from './safe-to-retry.server.ts'

const ROLLBACK_TO = /^\s*rollback\s+to\b/i

/** A statement that only reads: asked again on a fresh connection, it cannot do twice what it did once. */
const READ = /^\s*select\b/i

/** PostgreSQL's refusal of a statement sent behind one that failed in the same transaction. */
const IN_FAILED_TRANSACTION = '25P02'

/** A connection that knows the statements it has sent and not yet seen answered, and the first that failed. */
export class PipelinedConnection implements DatabaseConnection {
  readonly #client: pg.PoolClient
  readonly #inFlight = new Set<Promise<unknown>>()
  #failure: unknown = null
  #beginFailure: unknown = null
  /** The connection failed or its rollback did: its transaction's state is unknown, so it is never handed out again. */
  #broken = false
  /** The socket is corked until the statements of this turn of the event loop are all written. */
  #corked = false
  /** Between BEGIN and COMMIT/ROLLBACK: a statement of a transaction is never asked again alone. */
  #inTransaction = false

  /** `clientConfig`: what the pool opens its connections with, for a connection of one's own (own-connection.server.ts). */
  constructor(
    client: pg.PoolClient,
    readonly clientConfig: pg.ClientConfig,
  ) {
    this.#client = client
    // A connection that dies while checked out (the server restarts, its backend is ended) emits 'error' on the client,
    // which the pool listens to only while the client is idle: unheard, it would end the process. Every statement
    // sent on it is refused with the error, which is how the caller hears of it.
    client.on('error', () => void (this.#broken = true))
  }

  /** Sends a statement at once (pipeline mode writes it behind any still unanswered) and keeps count of it. */
  send(text: string, values: readonly unknown[], failureOf: (error: unknown) => unknown = (error) => error): Promise<pg.QueryResult> {
    this.#cork()
    const sent = this.#client.query(text, values as unknown[])
    this.#inFlight.add(sent)
    // Registered before any caller's handler, so a failure is known here before anyone hears of a later statement.
    sent.then(
      () => {
        this.#inFlight.delete(sent)
        // Back at a savepoint, the transaction goes on: what failed after it no longer counts.
        if (ROLLBACK_TO.test(text)) this.#failure = null
      },
      (error: unknown) => {
        this.#inFlight.delete(sent)
        this.#failure ??= failureOf(error)
        // The server ended the connection (pg_terminate_backend, a restart): the statement's refusal can come before
        // the socket's 'error', and a connection released in between would be handed, dead, to the next request.
        if (isUnreachable(error)) this.#broken = true
      },
    )
    return sent
  }

  /**
   * Holds the socket's writes until the code running now (this turn's promise callbacks included) is done: the
   * statements a transaction sends without waiting in between (BEGIN and its first statement, a write not waited for
   * and the next statement, the COMMIT) leave in one system call instead of one each. A socket write was the largest
   * single cost of a command in the process that runs it (docs/performance.md). Nothing waits longer for it: the
   * writes go out before the process next waits for anything.
   */
  #cork(): void {
    if (this.#corked) return
    // node-postgres's socket, which its types do not name.
    const stream = (this.#client as pg.PoolClient & { connection?: { stream?: { cork?(): void; uncork?(): void } } }).connection?.stream
    if (!stream?.cork || !stream.uncork) return
    stream.cork()
    this.#corked = true
    process.nextTick(() => {
      this.#corked = false
      stream.uncork!()
    })
  }

  async executeQuery<R>(compiled: CompiledQuery): Promise<QueryResult<R>> {
    let result: pg.QueryResult
    try {
      result = await this.send(compiled.sql, compiled.parameters)
    } catch (error) {
      // Refused because an earlier statement of the transaction failed: that earlier failure is the one to report
      // (a lost race's unique violation, not "current transaction is aborted").
      if ((error as { code?: string }).code === IN_FAILED_TRANSACTION && this.#failure !== null) throw this.#failure
      // A read of a safe request whose connection dropped is asked once more, on a connection opened for it
      // (decision 3504); a write, a statement of a transaction or any statement of a command is not.
      if (!this.#inTransaction && safeToRetry() && READ.test(compiled.sql) && isUnreachable(error)) {
        result = await this.#askOnFreshConnection(compiled.sql, compiled.parameters)
      } else throw error
    }
    // A BEGIN that failed while this statement ran: the work stops here, never goes on outside a transaction.
    if (this.#beginFailure !== null) throw this.#beginFailure
    const { command, rowCount, rows } = result
    const changed = command === 'INSERT' || command === 'UPDATE' || command === 'DELETE' || command === 'MERGE'
    return { numAffectedRows: changed ? BigInt(rowCount ?? 0) : undefined, rows: (rows ?? []) as R[] }
  }

  // No cursor on a pipelined connection: node-postgres refuses one in pipeline mode.
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('streaming is not supported on the portal connections: read in pages (exports/read-in-batches.server.ts)')
  }

  /**
   * A statement whose answer the transaction does not need (a write): sent now, not waited for. The statements after it
   * go out behind it; if it fails, they are refused and failureOf(its error) is what they, and the commit, throw.
   */
  sendUnanswered(compiled: CompiledQuery, failureOf: (error: unknown) => unknown): void {
    this.send(compiled.sql, compiled.parameters, failureOf).catch(() => {})
  }

  /**
   * The statement once more on a new connection of the same settings, closed after it: not one of the pool's, which may
   * have been dropped by the same restart and not noticed yet.
   */
  async #askOnFreshConnection(text: string, values: readonly unknown[]): Promise<pg.QueryResult> {
    const fresh = new pg.Client({ ...this.clientConfig, pipeline: false } as pg.ClientConfig)
    // A drop of this one too fails its statement; the event itself must not end the process.
    fresh.on('error', () => {})
    try {
      await fresh.connect()
      return await fresh.query(text, values as unknown[])
    } finally {
      await fresh.end().catch(() => {})
    }
  }

  /** BEGIN, not waited for: it goes out with the transaction's first statement. */
  begin(text: string): void {
    this.#inTransaction = true
    this.#failure = null
    this.#beginFailure = null
    this.send(text, []).catch((error: unknown) => void (this.#beginFailure = error))
  }

  /** Waits for every statement still unanswered; throws the first failure among them (or since BEGIN). */
  async settle(): Promise<void> {
    while (this.#inFlight.size > 0) await Promise.allSettled([...this.#inFlight])
    if (this.#failure !== null) throw this.#failure
  }

  /**
   * COMMIT written behind whatever is still unanswered. If any of those failed, PostgreSQL has answered the COMMIT
   * as a ROLLBACK: nothing of the transaction is kept, and the first failure is thrown.
   */
  async commit(): Promise<void> {
    this.#inTransaction = false
    const committed = this.send('commit', [])
    committed.catch(() => {})
    await this.settle()
    const { command } = await committed
    if (command !== 'COMMIT') throw new Error(`the transaction was not committed (PostgreSQL answered ${command})`)
  }

  /**
   * ROLLBACK behind whatever is still unanswered. It runs after a failure, so its own failure (a dead connection) is
   * not thrown over the one the caller must hear; the connection is then destroyed on release, which ends its
   * transaction on the server, never handed to the next caller in an unknown state.
   */
  async rollback(): Promise<void> {
    this.#inTransaction = false
    const rolledBack = this.send('rollback', [])
    while (this.#inFlight.size > 0) await Promise.allSettled([...this.#inFlight])
    this.#failure = null
    this.#beginFailure = null
    await rolledBack.catch(() => void (this.#broken = true))
  }

  release(): void {
    this.#inTransaction = false
    // A connection released with statements unanswered (a caller that never waited), or broken, is not given to
    // anyone else.
    const dirty = this.#inFlight.size > 0 || this.#broken
    this.#failure = null
    this.#beginFailure = null
    this.#client.release(dirty ? new Error('released with statements unanswered or broken') : undefined)
  }
}

export class PipelinedDriver implements Driver {
  readonly #pool: pg.Pool
  readonly #connections = new WeakMap<pg.PoolClient, PipelinedConnection>()

  constructor(pool: pg.Pool) {
    this.#pool = pool
  }

  async init(): Promise<void> {}

  async acquireConnection(): Promise<DatabaseConnection> {
    const client = await this.#pool.connect()
    let connection = this.#connections.get(client)
    if (!connection) {
      connection = new PipelinedConnection(client, this.#pool.options)
      this.#connections.set(client, connection)
    }
    return connection
  }

  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    let text = 'begin'
    if (settings.isolationLevel || settings.accessMode) {
      text = 'start transaction'
      if (settings.isolationLevel) text += ` isolation level ${settings.isolationLevel}`
      if (settings.accessMode) text += ` ${settings.accessMode}`
    }
    ;(connection as PipelinedConnection).begin(text)
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await (connection as PipelinedConnection).commit()
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    await (connection as PipelinedConnection).rollback()
  }

  async savepoint(connection: DatabaseConnection, name: string): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw(`savepoint ${quoted(name)}`))
  }

  async rollbackToSavepoint(connection: DatabaseConnection, name: string): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw(`rollback to savepoint ${quoted(name)}`))
  }

  async releaseSavepoint(connection: DatabaseConnection, name: string): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw(`release savepoint ${quoted(name)}`))
  }

  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    ;(connection as PipelinedConnection).release()
  }

  async destroy(): Promise<void> {
    await this.#pool.end()
  }
}

const quoted = (name: string) => `"${name.replace(/"/g, '""')}"`

/** PostgreSQL through a pool whose connections run in pipeline mode (createKysely opens it so). */
export class PipelinedPostgresDialect implements Dialect {
  readonly #pool: pg.Pool

  constructor(pool: pg.Pool) {
    this.#pool = pool
  }

  createDriver(): Driver {
    return new PipelinedDriver(this.#pool)
  }

  createQueryCompiler(): QueryCompiler {
    return new PostgresQueryCompiler()
  }

  createAdapter(): DialectAdapter {
    return new PostgresAdapter()
  }

  createIntrospector(db: Kysely<unknown>): DatabaseIntrospector {
    return new PostgresIntrospector(db)
  }
}

/**
 * Sends a write of a transaction without waiting for its answer (decision 2770): the transaction's next statement, or
 * its COMMIT, goes out behind it in the same round trip. A failure of the write is thrown, as failureOf makes it, by
 * the next statement of the transaction or by the commit, so the transaction never commits without it. Outside a
 * transaction, or on a connection not opened by createKysely (a test's own pool), the write is waited for here.
 */
export async function sendUnanswered(db: Pick<Kysely<unknown>, 'isTransaction' | 'getExecutor'>, compiled: CompiledQuery, failureOf: (error: unknown) => unknown = (error) => error): Promise<void> {
  const waited = async (connection: DatabaseConnection) => {
    await connection.executeQuery(compiled).catch((error: unknown) => {
      throw failureOf(error)
    })
  }
  if (!db.isTransaction) return db.getExecutor().provideConnection(waited)
  await db.getExecutor().provideConnection(async (connection) => {
    if (connection instanceof PipelinedConnection) connection.sendUnanswered(compiled, failureOf)
    else await waited(connection)
  })
}

/**
 * Sends a statement of a transaction now and hands back its answer to wait for later: the transaction's next statement
 * goes out behind it in the same round trip, and runs after it (PostgreSQL answers a connection's statements in the
 * order sent). For a statement whose answer is needed, but not before the next one is sent (a row lock, then what is
 * read under it). Its failure is thrown by the answer, and by the statements behind it as that failure.
 */
export async function sendAhead<R>(db: Pick<Kysely<unknown>, 'getExecutor'>, compiled: CompiledQuery<R>): Promise<{ answer: Promise<QueryResult<R>> }> {
  return db.getExecutor().provideConnection(async (connection) => {
    // executeQuery writes the statement before its first await, so the connection is free for the next one at once.
    const answer = connection.executeQuery<R>(compiled)
    // Heard by the caller when it waits for the answer; a caller that stops before (a failure of its own) leaves no
    // rejection unheard.
    answer.catch(() => {})
    return { answer }
  })
}
