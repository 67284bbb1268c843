// Queries of the bot check: its signing key (kept in settings, shared by every node) and the
// proofs already used (a proof works once). Kysely only; `db` first.
import type { Queryable } from '../db/database.ts';

export async function findSettingValue(db: Queryable, key: string): Promise<string | undefined> {
  const row = await db.selectFrom('settings').select('value').where('key', '=', key).executeTakeFirst();
  return row?.value;
}

/** Stores the setting unless another node stored it first (then theirs stays). */
export async function insertSettingIfAbsent(db: Queryable, key: string, value: string): Promise<void> {
  await db
    .insertInto('settings')
    .values({ key, value })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
}

/** Records a proof's use; false when it was used before. */
export async function recordProofUse(db: Queryable, signature: string, expiresAt: Date): Promise<boolean> {
  const inserted = await db
    .insertInto('bot_check_uses')
    .values({ signature, expires_at: expiresAt })
    .onConflict((oc) => oc.column('signature').doNothing())
    .executeTakeFirst();
  return Number(inserted.numInsertedOrUpdatedRows ?? 0n) > 0;
}

/** Forgets the uses of proofs that have expired (they are refused as expired anyway). */
export async function deleteExpiredProofUses(db: Queryable, now: Date): Promise<void> {
  await db.deleteFrom('bot_check_uses').where('expires_at', '<', now).execute();
}
