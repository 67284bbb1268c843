// Queries of the server's key pairs (server_keys): made once, on first start, and shared by
// every node through the database. Kysely only; `db` first.
import type { Selectable } from 'kysely';
import type { Queryable } from '../db/database.ts';
import type { ServerKeysTable } from '../db/schema.ts';

export type ServerKeyRow = Selectable<ServerKeysTable>;

export async function findServerKey(db: Queryable, name: string): Promise<ServerKeyRow | undefined> {
  return db.selectFrom('server_keys').selectAll().where('name', '=', name).executeTakeFirst();
}

/** Stores the key pair unless another node stored one of that name first (then theirs stays). */
export async function insertServerKeyIfAbsent(db: Queryable, key: { name: string; publicPem: string; privatePem: string }): Promise<void> {
  await db
    .insertInto('server_keys')
    .values({ name: key.name, public_pem: key.publicPem, private_pem: key.privatePem })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
}
