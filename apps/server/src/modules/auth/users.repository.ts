import type { Selectable, Transaction } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { Database, UsersTable } from '../../db/schema.ts';

export type UserRow = Selectable<UsersTable>;

export async function findUserByEmail(db: Db | Transaction<Database>, email: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();
}

export async function getUserById(db: Db | Transaction<Database>, id: bigint): Promise<UserRow> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}
