// Server-side prepared statements for the statements a node sends again and again. Sent unnamed,
// every statement is parsed, analysed and planned by PostgreSQL each time it runs; for the short
// statements of the money path that is most of their cost (issue 17's profile of send money over
// HTTP: PostgreSQL spent about 4.6 ms of CPU a send, mostly there). A statement named once is
// parsed once per connection, and after five runs PostgreSQL may keep a generic plan for it.
//
// Which statements: a text seen a second time on this node is named (the first sighting costs
// what it always did), and a connection holds at most `perConnection` names, beyond which it
// sends statements unnamed, so a node that builds many shapes (lists with every filter) does not
// grow the server's memory without bound; the node itself names at most `tracked` texts.
// Statements without parameters go as they always did (the simple protocol: BEGIN, COMMIT,
// SAVEPOINT are not planned). Names are given in order of first naming, one text to one name for
// the node's life, so a name never means two statements.
//
// Prepared statements belong to a connection: behind a pooler in transaction mode a statement
// prepared on one server connection is not there on the next (PgBouncer before 1.21), so
// DATABASE_PREPARED_STATEMENTS=off turns this off (docs/scaling.md).
import type { PostgresCursor, PostgresPool, PostgresPoolClient, PostgresQueryResult } from 'kysely';
import type pg from 'pg';

export interface NamedStatementsOptions {
  /** The most names one connection holds (default 500). */
  perConnection?: number;
  /** The most texts counted while waiting for a second sighting, and the most named (default 10,000 each). */
  tracked?: number;
}

/** What the wrapper did, for tests and the bench: statements sent named and unnamed, names given. */
export interface NamedStatementsReport {
  namedRuns: number;
  unnamedRuns: number;
  names: number;
}

export interface NamedStatementsPool extends PostgresPool {
  report(): NamedStatementsReport;
}

export function withNamedStatements(pool: pg.Pool, options: NamedStatementsOptions = {}): NamedStatementsPool {
  const perConnection = options.perConnection ?? 500;
  const tracked = options.tracked ?? 10_000;
  const seenOnce = new Set<string>();
  const names = new Map<string, string>();
  // Names are never reused: a text named afresh gets a name no connection has prepared.
  let lastName = 0;
  const namesOnConnection = new WeakMap<pg.PoolClient, Set<string>>();
  const wrappers = new WeakMap<pg.PoolClient, PostgresPoolClient>();
  const runs = { namedRuns: 0, unnamedRuns: 0 };

  /** The statement's name, or undefined to send it unnamed. */
  function nameFor(client: pg.PoolClient, text: string): string | undefined {
    let name = names.get(text);
    if (name === undefined) {
      if (!seenOnce.has(text)) {
        if (seenOnce.size < tracked) seenOnce.add(text);
        return undefined;
      }
      // The node's memory is bounded too: past `tracked` names, new texts go unnamed.
      if (names.size >= tracked) return undefined;
      seenOnce.delete(text);
      name = `pw${++lastName}`;
      names.set(text, name);
    }
    let held = namesOnConnection.get(client);
    if (!held) namesOnConnection.set(client, (held = new Set()));
    if (!held.has(name)) {
      if (held.size >= perConnection) return undefined;
      held.add(name);
    }
    return name;
  }

  function wrap(client: pg.PoolClient): PostgresPoolClient {
    function query<R>(sql: string, parameters: ReadonlyArray<unknown>): Promise<PostgresQueryResult<R>>;
    function query<R>(cursor: PostgresCursor<R>): PostgresCursor<R>;
    function query<R>(
      first: string | PostgresCursor<R>,
      parameters?: ReadonlyArray<unknown>,
    ): Promise<PostgresQueryResult<R>> | PostgresCursor<R> {
      if (typeof first !== 'string') return client.query(first as never) as PostgresCursor<R>;
      const values = [...(parameters ?? [])];
      const name = values.length > 0 ? nameFor(client, first) : undefined;
      if (name === undefined) {
        runs.unnamedRuns++;
        return asKyselyResult<R>(client.query(first, values));
      }
      runs.namedRuns++;
      const named = asKyselyResult<R>(client.query({ name, text: first, values }));
      return named.catch((error: unknown) => {
        // A table whose columns changed under a prepared `select *` (another node migrated):
        // PostgreSQL refuses the statement once; the text is named afresh, so its next run parses
        // the new shape, on every connection.
        if (isResultTypeChanged(error) && names.get(first) === name) names.delete(first);
        throw error;
      });
    }
    return { query, release: () => client.release() };
  }

  return {
    async connect() {
      const client = await pool.connect();
      let wrapper = wrappers.get(client);
      if (!wrapper) wrappers.set(client, (wrapper = wrap(client)));
      return wrapper;
    },
    end: () => pool.end(),
    report: () => ({ ...runs, names: lastName }),
  };
}

function isResultTypeChanged(error: unknown): boolean {
  return (
    typeof error === 'object' &&
    error !== null &&
    (error as { code?: unknown }).code === '0A000' &&
    /cached plan must not change result type/.test(String((error as { message?: unknown }).message))
  );
}

/** pg's result is what Kysely's PostgresQueryResult describes (command, rowCount, rows), typed loosely. */
function asKyselyResult<R>(result: Promise<pg.QueryResult>): Promise<PostgresQueryResult<R>> {
  return result as unknown as Promise<PostgresQueryResult<R>>;
}
