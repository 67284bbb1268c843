// A statement of a fixed shape, built and compiled by Kysely once and run with new values on
// every call. Kysely builds and compiles a query each time it runs (its nodes made, frozen and
// visited); for the session lookup that starts every call (four tables joined, an OR of six
// conditions) this cost more of the server's CPU than any other statement of a send (issue 17's
// profile of bench part 4). Only the SQL text is kept: every call still sends the statement and
// reads its rows afresh.
import type { Compilable, CompiledQuery } from 'kysely';
import { assert } from '@paywallet/ledger';
import type { Queryable } from './database.ts';

/** Stands for the argument at `index` while the statement is built; bound like any value. */
class Slot {
  constructor(readonly index: number) {}
}

/**
 * `build` makes the statement from its arguments, which it must only bind as values (in a
 * where, a set, a values list), never look at: it runs once, with stand-ins, and the SQL it
 * compiles to serves every call. Any other value in it is a constant of the statement, kept for
 * every call: a time or an id made inside `build` would be the first call's forever, so what
 * varies must be an argument. Checked at the first call: each argument appears in the statement
 * (a builder that branched on one instead of binding it is caught), and no constant is an object
 * (a `new Date()` made inside is refused).
 */
export function prepared<A extends unknown[], R>(
  build: (db: Queryable, ...args: A) => Compilable<R>,
): (db: Queryable, ...args: A) => Promise<R[]> {
  let compiled: CompiledQuery<R> | undefined;
  return async (db, ...args) => {
    if (!compiled) {
      const slots = args.map((_, index) => new Slot(index)) as A;
      const query = build(db, ...slots).compile();
      const bound = new Set(query.parameters.flatMap((parameter) => (parameter instanceof Slot ? [parameter.index] : [])));
      assert(bound.size === args.length, 'every argument of a prepared statement is bound as a value');
      assert(
        query.parameters.every((parameter) => parameter instanceof Slot || parameter === null || typeof parameter !== 'object'),
        'the constants of a prepared statement are plain values (what varies is an argument)',
      );
      compiled = query;
    }
    const parameters = compiled.parameters.map((parameter) => (parameter instanceof Slot ? args[parameter.index] : parameter));
    const result = await db.executeQuery<R>({ ...compiled, parameters });
    return result.rows;
  };
}
