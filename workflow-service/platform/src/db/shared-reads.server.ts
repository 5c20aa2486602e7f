// Reads outside any transaction that are asked in the same turn of the event loop go out on one connection, and so in
// one socket write (decision 3810). A page loader that starts its independent reads together would otherwise take one
// pooled connection per read, and each connection writes its statement in a system call of its own: on a point page's
// miss those writes were the largest single cost of the web process (docs/performance.md, "Page-miss levers").
// PostgreSQL answers a connection's statements in the order sent, each behind its own Sync (node-postgres's pipeline
// mode), so a read that fails fails alone, and one that takes long delays only the reads sent behind it in that turn.
import {
  type ConnectionProvider,
  type DatabaseConnection,
  type Driver,
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
} from 'kysely'

/** One pooled connection and the reads using it; joinable until the turn that opened it ends. */
interface Share {
  connection: Promise<DatabaseConnection>
  users: number
  joinable: boolean
  /** Hands the connection back to the pool. */
  done: () => void
}

/**
 * Gives every read that asks for a connection in the same turn the same one: the first takes it from the pool, the
 * others of its turn join it, and it goes back when the last of them has its answer. A read of a later turn takes a
 * connection of its own, so no request's read waits behind another request's beyond the turn they shared.
 */
export class TurnSharedConnections implements ConnectionProvider {
  readonly #pool: ConnectionProvider
  #open: Share | null = null

  /** `pool`: where the connections come from (a Kysely's own executor: its pool, one connection per use). */
  constructor(pool: ConnectionProvider) {
    this.#pool = pool
  }

  async provideConnection<T>(consumer: (connection: DatabaseConnection) => Promise<T>): Promise<T> {
    const share = this.#open ?? this.#openShare()
    share.users += 1
    try {
      return await consumer(await share.connection)
    } finally {
      share.users -= 1
      if (share.users === 0 && !share.joinable) share.done()
    }
  }

  #openShare(): Share {
    let done!: () => void
    const returned = new Promise<void>((resolve) => (done = resolve))
    const connection = new Promise<DatabaseConnection>((resolve, reject) => {
      this.#pool
        .provideConnection(async (c) => {
          resolve(c)
          await returned
        })
        .catch(reject)
    })
    const share: Share = { connection, users: 0, joinable: true, done }
    this.#open = share
    // A tick runs once this turn's promise callbacks are all done: every read they started has joined by then, and
    // the pipelined connection's corked writes leave together at the same moment (pipelined-driver.server.ts).
    process.nextTick(() => {
      share.joinable = false
      if (this.#open === share) this.#open = null
      if (share.users === 0) share.done()
    })
    return share
  }
}

/** Refuses a transaction: the shared connections are for reads that stand alone. */
class NoTransactions implements Driver {
  async init(): Promise<void> {}
  async acquireConnection(): Promise<DatabaseConnection> {
    throw new Error('the shared reads take their connections through their own provider')
  }
  async beginTransaction(): Promise<void> {
    throw new Error('a transaction cannot run on the shared reads: use the database handle they were made from')
  }
  async commitTransaction(): Promise<void> {}
  async rollbackTransaction(): Promise<void> {}
  async releaseConnection(): Promise<void> {}
  // The pool is the one of the handle the reads were made from, closed with it.
  async destroy(): Promise<void> {}
}

/**
 * A handle on the same pool whose statements, asked in the same turn, share a connection: for reads that do not run
 * in a transaction and do not hold a connection for long (not the exports, which read in batches).
 */
export function sharedReads<DB>(db: Kysely<DB>): Kysely<DB> {
  const driver = new NoTransactions()
  const dialect = {
    createAdapter: () => new PostgresAdapter(),
    createDriver: () => driver,
    createIntrospector: (k: Kysely<unknown>) => new PostgresIntrospector(k),
    createQueryCompiler: () => new PostgresQueryCompiler(),
  }
  const executor = db.getExecutor()
  return new Kysely<DB>({ config: { dialect }, dialect, driver, executor: executor.withConnectionProvider(new TurnSharedConnections(executor)) })
}
