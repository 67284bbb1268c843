// Lets Kysely's PostgresDialect drive the embedded PGlite database. PGlite is one
// connection, so the "pool" hands it out to one holder at a time: a transaction keeps it
// until it commits, and every other query waits its turn. Each holder takes it in a turn of
// the event loop of its own (see connect).
import { PGlite, types } from '@electric-sql/pglite';
import type { PostgresPool, PostgresPoolClient } from 'kysely';

type Command = 'SELECT' | 'UPDATE' | 'DELETE' | 'INSERT' | 'MERGE';

interface QueryResult {
  command: Command;
  rowCount: number;
  rows: unknown[];
}

export class PGlitePool implements PostgresPool {
  readonly pglite: PGlite;
  private queue: Promise<void> = Promise.resolve();

  /** `loadDataDir`: start from a dump of another database's files (tests copy one migrated template). */
  constructor(dataDir: string | undefined, loadDataDir?: Blob) {
    // One options object: PGlite(undefined, options) drops the options (0.3.x), which left an
    // in-memory database parsing int8 into a number.
    this.pglite = new PGlite({
      ...(dataDir === undefined ? {} : { dataDir }),
      ...(loadDataDir === undefined ? {} : { loadDataDir }),
      parsers: { [types.INT8]: (value: string) => BigInt(value) },
    });
  }

  async connect(): Promise<PostgresPoolClient> {
    let release!: () => void;
    const previous = this.queue;
    this.queue = new Promise<void>((resolve) => (release = resolve));
    await previous;
    // PGlite runs in this thread, and a waiting holder is woken by a promise: without this, the
    // whole queue ran inside one turn of the event loop, seconds under load, during which the
    // server read no request and accepted no connection (Node accepts one per turn). SIGTERM
    // then found clients still waiting to be accepted (plugins/graceful-shutdown.ts). The next
    // holder starts after an I/O poll instead.
    await new Promise((resolve) => setImmediate(resolve));
    await this.pglite.waitReady;
    const pglite = this.pglite;
    const client = {
      async query(sql: string, parameters: readonly unknown[] = []): Promise<QueryResult> {
        if (parameters.length === 0) {
          // exec runs several statements at once (migrations); the last result is the answer.
          const results = await pglite.exec(sql);
          const last = results.at(-1);
          return { command: commandOf(sql), rowCount: last?.affectedRows ?? 0, rows: last?.rows ?? [] };
        }
        const result = await pglite.query(sql, parameters as unknown[]);
        return { command: commandOf(sql), rowCount: result.affectedRows ?? 0, rows: result.rows };
      },
      release() {
        release();
      },
    };
    return client as unknown as PostgresPoolClient;
  }

  async end() {
    await this.pglite.close();
  }
}

function commandOf(sql: string): Command {
  const match = /^\s*(?:with\b[\s\S]*?\)\s*)?(insert|update|delete|merge|select)/i.exec(sql);
  return (match?.[1] ?? 'SELECT').toUpperCase() as Command;
}
