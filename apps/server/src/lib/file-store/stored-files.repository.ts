// The queries of the database file store (database-store.ts): files and their chunks.
import { sql } from 'kysely';
import type { Queryable } from '../../db/database.ts';

export async function insertFile(db: Queryable, key: string): Promise<void> {
  await db.insertInto('stored_files').values({ key }).execute();
}

export async function insertChunk(db: Queryable, key: string, seq: number, data: Uint8Array): Promise<void> {
  await db.insertInto('stored_file_chunks').values({ file_key: key, seq, data }).execute();
}

/** Marks a file written; false when it is gone (removed while it was written). */
export async function completeFile(db: Queryable, key: string, sizeBytes: number): Promise<boolean> {
  const result = await db
    .updateTable('stored_files')
    .set({ size_bytes: BigInt(sizeBytes), completed_at: new Date() })
    .where('key', '=', key)
    .where('completed_at', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}

/** A completely written file's size, or undefined. */
export async function findCompletedFileSize(db: Queryable, key: string): Promise<bigint | undefined> {
  const row = await db
    .selectFrom('stored_files')
    .select('size_bytes')
    .where('key', '=', key)
    .where('completed_at', 'is not', null)
    .executeTakeFirst();
  return row?.size_bytes ?? undefined;
}

export async function findChunk(db: Queryable, key: string, seq: number): Promise<Uint8Array | undefined> {
  const row = await db
    .selectFrom('stored_file_chunks')
    .select('data')
    .where('file_key', '=', key)
    .where('seq', '=', seq)
    .executeTakeFirst();
  return row?.data;
}

export async function listCompletedKeys(db: Queryable, prefix: string, max: number): Promise<string[]> {
  // The prefix holds only [a-z0-9/.-] (assertListing), so nothing in it is a LIKE wildcard.
  const rows = await db
    .selectFrom('stored_files')
    .select('key')
    .where('key', 'like', `${prefix}%`)
    .where('completed_at', 'is not', null)
    .orderBy('key')
    .limit(max)
    .execute();
  return rows.map((row) => row.key);
}

export async function deleteFile(db: Queryable, key: string): Promise<void> {
  await db.deleteFrom('stored_files').where('key', '=', key).execute();
}

/**
 * Deletes up to `max` files never completed and started more than `olderThanMs` ago by the
 * database's clock (their chunks go with them); answers how many. A writer that completes its
 * file meanwhile keeps it: the delete checks completed_at again on the row it deletes.
 */
export async function deleteIncompleteFiles(db: Queryable, olderThanMs: number, max: number): Promise<number> {
  const result = await db
    .deleteFrom('stored_files')
    .where('completed_at', 'is', null)
    .where('key', 'in', (eb) =>
      eb
        .selectFrom('stored_files')
        .select('key')
        .where('completed_at', 'is', null)
        .where('created_at', '<', sql<Date>`now() - ${olderThanMs}::bigint * interval '1 millisecond'`)
        .orderBy('created_at')
        .limit(max),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
