import pg from 'pg'

// One connection per server on which the hot key lookups of every request go
// out back to back (node-postgres's pipeline mode): a query is written without
// waiting for the answers to those before it, and PostgreSQL answers them in
// turn.
//
// Why: on a pool, each lookup is a write that wakes a sleeping PostgreSQL
// process and a read of its one answer. On the 2-core VMs we measured on,
// that wake-up is the dearest part of a lookup (~100 µs of the server's main
// thread per query; ~30% of it for a manager's page of /api/bookings). On the
// pipeline, the lookups of the requests in flight reach one busy PostgreSQL
// process together and their answers come back together (docs/decisions/041
// has what that gained).
//
// Only for reads that cannot wait on anything (see PreparingPgClient): a
// query that waits (a lock, a long scan) holds up every lookup queued behind
// it. The caller still takes a slot of the knex pool for each query, so the
// pool's size bounds how many wait here, as it does on the pool.
//
// The connection is opened on first use and again after it fails (PostgreSQL
// restarted, the connection was killed): the lookups in flight on a lost
// connection fail, as they would on a lost pool connection, and the next one
// opens a new connection.

type Setup = (client: pg.Client) => Promise<void>

export class ReadPipeline {
  #client: Promise<pg.Client> | undefined
  #closed = false

  constructor(
    private readonly settings: pg.ClientConfig,
    private readonly setup: Setup,
  ) {}

  /** The open pipelined connection, opening one if there is none. */
  connection(): Promise<pg.Client> {
    if (this.#closed) return Promise.reject(new Error('The database connection is closed'))
    this.#client ??= this.#open()
    return this.#client
  }

  #open(): Promise<pg.Client> {
    const client = new pg.Client({
      // As long as knex's pool gives a new connection (tarn's createTimeoutMillis):
      // a server that cannot be reached fails the lookups instead of holding
      // them until the system gives up on the connection (minutes).
      connectionTimeoutMillis: 30_000,
      ...this.settings,
      pipeline: true,
    })
    const opened = client.connect().then(async () => {
      await this.setup(client)
      return client
    })
    const forget = () => {
      if (this.#client === opened) this.#client = undefined
    }
    // A connection that fails while idle reports it here (unheard, the error
    // would end the process); the queries in flight have failed already.
    client.on('error', forget)
    client.on('end', forget)
    opened.catch(() => {
      forget()
      client.end().catch(() => {})
    })
    return opened
  }

  /**
   * After a query failed: when PostgreSQL said it is ending the session (an
   * administrator, a restart), the next query opens a new connection at once
   * instead of going down the one that is closing.
   */
  failed(error: unknown): void {
    const severity = (error as { severity?: string }).severity
    if (severity === 'FATAL' || severity === 'PANIC') this.reset()
  }

  /**
   * Drops the connection (what comes next opens a new one); the queries in
   * flight on it finish first.
   */
  reset(): void {
    void this.#drop()
  }

  /** Closes the connection for good, after the queries in flight. */
  async close(): Promise<void> {
    this.#closed = true
    await this.#drop()
  }

  async #drop(): Promise<void> {
    const client = this.#client
    this.#client = undefined
    await client?.then((c) => c.end()).catch(() => {})
  }
}
