// Queries of the operations console's side of stores: every merchant's stores as a review
// queue (with the merchant's name), and the terminal and channels an approval makes sure a
// store has. Unlike stores.repository.ts these are not scoped to one merchant: only the
// console's calls (audience admin) reach them, through store-review.service.ts.
import crypto from 'node:crypto';
import type { TChannelType } from '@paywallet/contract';
import type { Queryable } from '../../db/database.ts';
import { defineListSource, likePattern } from '../../db/lists.ts';

export interface ReviewQueueParams {
  status?: number | undefined;
  search?: string | undefined;
}

export interface ReviewQueueRow {
  id: bigint;
  name: string;
  code: string;
  status: number;
  created_at: Date;
  updated_at: Date;
  merchant_id: bigint;
  merchant_first_name: string;
  merchant_last_name: string;
  merchant_email: string;
  merchant_business_name: string | null;
  terminals: string | number | bigint;
  comments: string | number | bigint;
}

/** Every merchant's stores, newest first, by status and by a search over the store and its merchant. */
export const reviewQueueSource = defineListSource({
  name: 'store-review-queue',
  key: 'stores.id',
  filtered: (db: Queryable, params: ReviewQueueParams) =>
    db
      .selectFrom('stores')
      .innerJoin('users', 'users.id', 'stores.merchant_user_id')
      .$if(params.status !== undefined, (query) => query.where('stores.status', '=', params.status!))
      .$if(Boolean(params.search), (query) => {
        const pattern = likePattern(params.search!, 'contains');
        return query.where((eb) =>
          eb.or([
            eb('stores.name', 'ilike', pattern),
            eb('stores.code', 'ilike', pattern),
            eb('users.business_name', 'ilike', pattern),
            eb('users.email', 'ilike', pattern),
            eb('users.first_name', 'ilike', pattern),
            eb('users.last_name', 'ilike', pattern),
          ]),
        );
      }),
  columns: (query) =>
    query.select((eb) => [
      'stores.id',
      'stores.name',
      'stores.code',
      'stores.status',
      'stores.created_at',
      'stores.updated_at',
      'users.id as merchant_id',
      'users.first_name as merchant_first_name',
      'users.last_name as merchant_last_name',
      'users.email as merchant_email',
      'users.business_name as merchant_business_name',
      eb
        .selectFrom('terminals')
        .select((sub) => sub.fn.countAll<string | number | bigint>().as('n'))
        .whereRef('terminals.store_id', '=', 'stores.id')
        .as('terminals'),
      eb
        .selectFrom('store_comments')
        .select((sub) => sub.fn.countAll<string | number | bigint>().as('n'))
        .whereRef('store_comments.store_id', '=', 'stores.id')
        .as('comments'),
    ]) as unknown as { execute(): Promise<ReviewQueueRow[]> },
  keyOf: (row: ReviewQueueRow) => row.id,
});

export interface StoreChannelRow {
  terminal_id: bigint;
  channel_type: TChannelType | null;
}

/** The store's terminals (oldest first), each with the types of its channels (null: none). */
export async function listStoreTerminalChannels(trx: Queryable, storeId: bigint): Promise<StoreChannelRow[]> {
  return trx
    .selectFrom('terminals')
    .leftJoin('channels', 'channels.terminal_id', 'terminals.id')
    .select(['terminals.id as terminal_id', 'channels.type as channel_type'])
    .where('terminals.store_id', '=', storeId)
    .orderBy('terminals.id')
    .execute();
}

export async function insertTerminal(
  trx: Queryable,
  terminal: { merchantUserId: bigint; storeId: bigint; name: string; code: string },
): Promise<bigint> {
  const row = await trx
    .insertInto('terminals')
    .values({
      uuid: crypto.randomUUID(),
      merchant_user_id: terminal.merchantUserId,
      store_id: terminal.storeId,
      name: terminal.name,
      code: terminal.code,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function insertChannel(
  trx: Queryable,
  channel: { merchantUserId: bigint; storeId: bigint; terminalId: bigint; name: string; code: string; type: TChannelType },
): Promise<bigint> {
  const row = await trx
    .insertInto('channels')
    .values({
      uuid: crypto.randomUUID(),
      merchant_user_id: channel.merchantUserId,
      store_id: channel.storeId,
      terminal_id: channel.terminalId,
      name: channel.name,
      code: channel.code,
      type: channel.type,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function findStoreCode(trx: Queryable, storeId: bigint): Promise<string | undefined> {
  const row = await trx.selectFrom('stores').select('code').where('id', '=', storeId).executeTakeFirst();
  return row?.code;
}

/** The merchant a store belongs to, whoever's it is (the console reads every merchant's stores). */
export async function findStoreMerchant(db: Queryable, storeId: bigint): Promise<bigint | undefined> {
  const row = await db.selectFrom('stores').select('merchant_user_id').where('id', '=', storeId).executeTakeFirst();
  return row?.merchant_user_id;
}

/** The merchant an owner's store belongs to. */
export async function findOwnerMerchant(db: Queryable, ownerId: bigint): Promise<bigint | undefined> {
  const row = await db.selectFrom('store_owners').select('merchant_user_id').where('id', '=', ownerId).executeTakeFirst();
  return row?.merchant_user_id;
}
