// Compaction of a rollup (docs/lists.md, "Rollups"): triggers append signed delta rows inside
// the transactions that write the business rows (no row lock, so a busy merchant's postings never
// wait on one another for the rollup); this folds them into the compacted table, whose rows a
// read sums together with the deltas not folded yet.
//
// One batch is one statement in one transaction: it deletes up to `batchRows` deltas it could
// lock (SKIP LOCKED: another compactor takes other deltas, never the same ones, so nothing is
// counted twice) and adds their sums to the compacted rows in key order (two compactors lock the
// rows they share in the same order, so they wait for each other and never deadlock). A read in
// between sees either the deltas or the compacted rows they went into, never both or neither:
// the delete and the upsert commit together.
import { sql } from 'kysely';
import { assert } from '@paywallet/ledger';
import type { Db } from './database.ts';

export const ROLLUP_LIMITS = {
  /** Deltas folded by one statement. */
  batchRowsDefault: 5_000,
  batchRowsMax: 50_000,
  /** Batches one compaction run folds at most; the next run continues. */
  batchesPerRunMax: 100,
} as const;

/** A rollup's two tables and its columns: the key columns and the summed columns. */
export interface RollupTables {
  /** The compacted rows, unique on the key (the constraint named `constraint`). */
  compacted: string;
  constraint: string;
  /** The append-only deltas, with a bigserial `id`. */
  deltas: string;
  keys: readonly string[];
  sums: readonly string[];
}

const IDENTIFIER = /^[a-z][a-z0-9_]*$/;

function assertNames(tables: RollupTables): void {
  const names = [tables.compacted, tables.constraint, tables.deltas, ...tables.keys, ...tables.sums];
  assert(
    names.every((name) => IDENTIFIER.test(name)),
    'rollup table and column names are plain identifiers',
  );
  assert(tables.keys.length > 0 && tables.sums.length > 0, 'a rollup has key columns and summed columns');
}

/** Folds one batch of deltas into the compacted rows; answers how many deltas it folded. */
export async function compactRollupBatch(
  db: Db,
  tables: RollupTables,
  batchRows: number = ROLLUP_LIMITS.batchRowsDefault,
): Promise<number> {
  assertNames(tables);
  assert(Number.isInteger(batchRows) && batchRows >= 1 && batchRows <= ROLLUP_LIMITS.batchRowsMax, 'batchRows is 1..batchRowsMax');
  const keys = sql.raw(tables.keys.join(', '));
  const sumsOf = sql.raw(tables.sums.map((column) => `sum(${column})::bigint AS ${column}`).join(', '));
  const columns = sql.raw([...tables.keys, ...tables.sums].join(', '));
  const added = sql.raw(tables.sums.map((column) => `${column} = compacted.${column} + excluded.${column}`).join(', '));
  const zero = sql.raw(tables.sums.map((column) => `compacted.${column} = 0`).join(' AND '));
  return db.transaction().execute(async (trx) => {
    const folded = await sql<{ id: string; folded: string; empty: boolean }>`
      WITH batch AS (
        DELETE FROM ${sql.table(tables.deltas)}
         WHERE id IN (SELECT id FROM ${sql.table(tables.deltas)} ORDER BY id LIMIT ${batchRows} FOR UPDATE SKIP LOCKED)
        RETURNING ${columns}
      ), summed AS (
        SELECT ${keys}, ${sumsOf}, count(*) AS folded FROM batch GROUP BY ${keys}
      ), upserted AS (
        INSERT INTO ${sql.table(tables.compacted)} AS compacted (${columns})
        SELECT ${columns} FROM summed ORDER BY ${keys}
        ON CONFLICT ON CONSTRAINT ${sql.raw(tables.constraint)} DO UPDATE SET ${added}
        RETURNING compacted.id, ${zero} AS empty
      )
      SELECT (SELECT coalesce(sum(folded), 0) FROM summed)::text AS folded, array_agg(id)::text AS id, bool_or(empty) AS empty
        FROM upserted WHERE empty`.execute(trx);
    const row = folded.rows[0];
    // Keys whose rows cancelled out (a status moved on) keep no row: reads and the table stay small.
    if (row?.empty) {
      await sql`DELETE FROM ${sql.table(tables.compacted)} AS compacted
                 WHERE id = ANY(${row.id}::bigint[]) AND ${zero}`.execute(trx);
    }
    return Number(row?.folded ?? 0);
  });
}

/** Folds deltas batch after batch until none are left or the run's bound is reached; answers how many. */
export async function compactRollup(db: Db, tables: RollupTables, batchRows: number = ROLLUP_LIMITS.batchRowsDefault): Promise<number> {
  let total = 0;
  for (let batch = 0; batch < ROLLUP_LIMITS.batchesPerRunMax; batch += 1) {
    const folded = await compactRollupBatch(db, tables, batchRows);
    total += folded;
    if (folded < batchRows) break;
  }
  return total;
}
