// Queries of a merchant's organisation: stores, their terminals, and the terminals' channels.
// Every query names the merchant, so another merchant's id finds nothing (and reads as not
// found, never as forbidden: no leak of what exists). The composite keys of 0005-stores keep
// each level inside its merchant, so a level's merchant check also holds for the levels below.
import type { TChannelType } from '@paywallet/contract';
import { sql } from 'kysely';
import type { Queryable } from '../../db/database.ts';
import { defineListSource, likePattern } from '../../db/lists.ts';

export interface StoreListParams {
  merchantUserId: bigint;
  /** Part of a store's name or code; absent or empty: every store. */
  search?: string | undefined;
  /** Exactly this reference; absent or empty: every store. */
  reference?: string | undefined;
}

export interface StoreRow {
  id: bigint;
  name: string;
  code: string;
  status: number;
}

/** The merchant's stores, newest first, searchable by name or code. */
export const storeListSource = defineListSource({
  name: 'stores',
  key: 'stores.id',
  filtered: (db: Queryable, params: StoreListParams) =>
    db
      .selectFrom('stores')
      .where('stores.merchant_user_id', '=', params.merchantUserId)
      .$if(Boolean(params.search), (query) => {
        const pattern = likePattern(params.search!, 'contains');
        return query.where((eb) => eb.or([eb('stores.name', 'ilike', pattern), eb('stores.code', 'ilike', pattern)]));
      })
      .$if(Boolean(params.reference), (query) => query.where('stores.reference', '=', params.reference!)),
  columns: (query) => query.select(['stores.id', 'stores.name', 'stores.code', 'stores.status']),
  keyOf: (row: StoreRow) => row.id,
});

export interface TerminalRow {
  id: bigint;
  store_id: bigint;
  name: string;
  code: string;
}

export interface ChannelRow {
  id: bigint;
  store_id: bigint;
  terminal_id: bigint;
  name: string;
  code: string;
  type: TChannelType;
}

/** The terminals of these stores of the merchant, in creation order, at most `limitRows`. */
export async function listTerminalsOfStores(
  db: Queryable,
  merchantUserId: bigint,
  storeIds: readonly bigint[],
  limitRows: number,
): Promise<TerminalRow[]> {
  if (storeIds.length === 0) return [];
  return db
    .selectFrom('terminals')
    .select(['id', 'store_id', 'name', 'code'])
    .where('merchant_user_id', '=', merchantUserId)
    .where('store_id', 'in', storeIds)
    .orderBy('id')
    .limit(limitRows)
    .execute();
}

/** The channels of these stores of the merchant, in creation order, at most `limitRows`. */
export async function listChannelsOfStores(
  db: Queryable,
  merchantUserId: bigint,
  storeIds: readonly bigint[],
  limitRows: number,
): Promise<ChannelRow[]> {
  if (storeIds.length === 0) return [];
  return db
    .selectFrom('channels')
    .select(['id', 'store_id', 'terminal_id', 'name', 'code', 'type'])
    .where('merchant_user_id', '=', merchantUserId)
    .where('store_id', 'in', storeIds)
    .orderBy('id')
    .limit(limitRows)
    .execute();
}

/**
 * One store of the merchant, by id: the base of every query below that reads a store on the
 * merchant's behalf, so the merchant check is written once. Another merchant's id finds nothing.
 */
function merchantStoreQuery(db: Queryable, merchantUserId: bigint, storeId: bigint) {
  return db.selectFrom('stores').where('id', '=', storeId).where('merchant_user_id', '=', merchantUserId);
}

export async function isMerchantStore(db: Queryable, merchantUserId: bigint, storeId: bigint): Promise<boolean> {
  const row = await merchantStoreQuery(db, merchantUserId, storeId).select('id').executeTakeFirst();
  return row !== undefined;
}

/** True when the terminal is the merchant's (and, when a store is given, that store's). */
export async function isMerchantTerminal(
  db: Queryable,
  merchantUserId: bigint,
  terminalId: bigint,
  storeId: bigint | undefined,
): Promise<boolean> {
  const row = await db
    .selectFrom('terminals')
    .select('id')
    .where('id', '=', terminalId)
    .where('merchant_user_id', '=', merchantUserId)
    .$if(storeId !== undefined, (query) => query.where('store_id', '=', storeId!))
    .executeTakeFirst();
  return row !== undefined;
}

/** True when the channel is the merchant's (and, when given, of that store and that terminal). */
export async function isMerchantChannel(
  db: Queryable,
  merchantUserId: bigint,
  channelId: bigint,
  parents: { storeId: bigint | undefined; terminalId: bigint | undefined },
): Promise<boolean> {
  const row = await db
    .selectFrom('channels')
    .select('id')
    .where('id', '=', channelId)
    .where('merchant_user_id', '=', merchantUserId)
    .$if(parents.storeId !== undefined, (query) => query.where('store_id', '=', parents.storeId!))
    .$if(parents.terminalId !== undefined, (query) => query.where('terminal_id', '=', parents.terminalId!))
    .executeTakeFirst();
  return row !== undefined;
}

/** A store as a reviewer sees it (any merchant's: the operations console reviews them all). */
export interface StoreForReview {
  id: bigint;
  merchant_user_id: bigint;
  name: string;
  status: number;
}

function storeForReviewQuery(db: Queryable, storeId: bigint) {
  return db.selectFrom('stores').select(['id', 'merchant_user_id', 'name', 'status']).where('id', '=', storeId);
}

export async function findStore(db: Queryable, storeId: bigint): Promise<StoreForReview | undefined> {
  return storeForReviewQuery(db, storeId).executeTakeFirst();
}

/** The store, locked for the length of the caller's transaction (a review changes its status). */
export async function lockStoreForReview(trx: Queryable, storeId: bigint): Promise<StoreForReview | undefined> {
  return storeForReviewQuery(trx, storeId).forUpdate().executeTakeFirst();
}

export async function setStoreStatus(trx: Queryable, storeId: bigint, status: number): Promise<void> {
  await trx.updateTable('stores').set({ status, updated_at: new Date() }).where('id', '=', storeId).execute();
}

export async function insertStoreComment(
  trx: Queryable,
  comment: { storeId: bigint; status: number; comments: string; authorUserId: bigint | null },
): Promise<bigint> {
  const row = await trx
    .insertInto('store_comments')
    .values({ store_id: comment.storeId, status: comment.status, comments: comment.comments, author_user_id: comment.authorUserId })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export interface StoreCommentRow {
  id: bigint;
  store_id: bigint;
  status: number;
  comments: string;
  created_at: Date;
}

/** The review log of the merchant's stores, oldest first per store. */
export async function listStoreComments(db: Queryable, merchantUserId: bigint, storeIds: readonly bigint[]): Promise<StoreCommentRow[]> {
  if (storeIds.length === 0) return [];
  return db
    .selectFrom('store_comments')
    .innerJoin('stores', 'stores.id', 'store_comments.store_id')
    .select([
      'store_comments.id',
      'store_comments.store_id',
      'store_comments.status',
      'store_comments.comments',
      'store_comments.created_at',
    ])
    .where('stores.merchant_user_id', '=', merchantUserId)
    .where('store_comments.store_id', 'in', storeIds)
    .orderBy('store_comments.store_id')
    .orderBy('store_comments.id')
    .execute();
}

// ---- onboarding: the store table, the business form and the owners (issue 9) -----------------

export interface StoreTableRow {
  id: bigint;
  name: string;
  code: string;
  status: number;
  type: number;
  created_at: Date;
  updated_at: Date;
}

/** The store table of the Stores screen: the merchant's stores, newest first, by name or code. */
export const storeTableSource = defineListSource({
  name: 'store-table',
  key: 'stores.id',
  filtered: (db: Queryable, params: StoreListParams) => storeListSource.filtered(db, params),
  columns: (query) =>
    query.select(['stores.id', 'stores.name', 'stores.code', 'stores.status', 'stores.type', 'stores.created_at', 'stores.updated_at']),
  keyOf: (row: StoreTableRow) => row.id,
});

/** The business form as the stores table holds it. */
export interface StoreFormValues {
  parent_entity: string;
  reference: string;
  name: string;
  email: string;
  phone: string;
  mcc_code: string;
  address_line1: string;
  address_line2: string;
  city: string;
  state: string;
  post_code: string;
  country: string;
  website: string;
  type: number;
}

export interface StoreActivationRow extends StoreFormValues {
  id: bigint;
  merchant_user_id: bigint;
  code: string;
  status: number;
}

const activationColumns = [
  'id',
  'merchant_user_id',
  'code',
  'status',
  'type',
  'name',
  'parent_entity',
  'reference',
  'email',
  'phone',
  'mcc_code',
  'address_line1',
  'address_line2',
  'city',
  'state',
  'post_code',
  'country',
  'website',
] as const;

type NullableActivation = { [K in keyof StoreActivationRow]: StoreActivationRow[K] | null };

function activationRow(row: NullableActivation): StoreActivationRow {
  return {
    id: row.id!,
    merchant_user_id: row.merchant_user_id!,
    code: row.code!,
    status: row.status!,
    type: row.type!,
    name: row.name!,
    parent_entity: row.parent_entity ?? '',
    reference: row.reference ?? '',
    email: row.email ?? '',
    phone: row.phone ?? '',
    mcc_code: row.mcc_code ?? '',
    address_line1: row.address_line1 ?? '',
    address_line2: row.address_line2 ?? '',
    city: row.city ?? '',
    state: row.state ?? '',
    post_code: row.post_code ?? '',
    country: row.country ?? '',
    website: row.website ?? '',
  };
}

/** The merchant's store with its business form; undefined for another merchant's or no store. */
export async function findMerchantStore(db: Queryable, merchantUserId: bigint, storeId: bigint): Promise<StoreActivationRow | undefined> {
  const row = await merchantStoreQuery(db, merchantUserId, storeId).select(activationColumns).executeTakeFirst();
  return row ? activationRow(row) : undefined;
}

/** The same, locked for the caller's transaction (a change of its form, status or owners). */
export async function lockMerchantStore(trx: Queryable, merchantUserId: bigint, storeId: bigint): Promise<StoreActivationRow | undefined> {
  const row = await merchantStoreQuery(trx, merchantUserId, storeId).select(activationColumns).forUpdate().executeTakeFirst();
  return row ? activationRow(row) : undefined;
}

export async function insertStore(
  trx: Queryable,
  store: StoreFormValues & { uuid: string; merchantUserId: bigint; code: string; status: number },
): Promise<{ id: bigint; code: string; status: number }> {
  const { uuid, merchantUserId, ...rest } = store;
  return trx
    .insertInto('stores')
    .values({ ...rest, uuid, merchant_user_id: merchantUserId })
    .returning(['id', 'code', 'status'])
    .executeTakeFirstOrThrow();
}

export async function updateStoreForm(trx: Queryable, storeId: bigint, form: StoreFormValues, status: number): Promise<void> {
  await trx
    .updateTable('stores')
    .set({ ...form, status, updated_at: new Date() })
    .where('id', '=', storeId)
    .execute();
}

export interface StoreOwnerRow {
  id: bigint;
  store_id: bigint;
  first_name: string;
  last_name: string;
  dob: string;
  document_type: string;
  document_key: string;
  document_name: string;
  document_mime: string;
}

function ownerColumns(db: Queryable) {
  return db
    .selectFrom('store_owners')
    .select([
      'id',
      'store_id',
      'first_name',
      'last_name',
      sql<string>`to_char(dob, 'YYYY-MM-DD')`.as('dob'),
      'document_type',
      'document_key',
      'document_name',
      'document_mime',
    ]);
}

/** The owners of the merchant's store, in the order they were added. */
export async function listStoreOwners(db: Queryable, merchantUserId: bigint, storeId: bigint): Promise<StoreOwnerRow[]> {
  return ownerColumns(db).where('merchant_user_id', '=', merchantUserId).where('store_id', '=', storeId).orderBy('id').execute();
}

/** The merchant's owner (of any of its stores); undefined for another merchant's or no owner. */
export async function findMerchantOwner(db: Queryable, merchantUserId: bigint, ownerId: bigint): Promise<StoreOwnerRow | undefined> {
  return ownerColumns(db).where('merchant_user_id', '=', merchantUserId).where('id', '=', ownerId).executeTakeFirst();
}

export async function countStoreOwners(db: Queryable, storeId: bigint): Promise<number> {
  const row = await db
    .selectFrom('store_owners')
    .select((eb) => eb.fn.countAll<string | number | bigint>().as('owners'))
    .where('store_id', '=', storeId)
    .executeTakeFirstOrThrow();
  return Number(row.owners);
}

export interface OwnerValues {
  first_name: string;
  last_name: string;
  dob: string;
  document_type: string;
}

export interface OwnerDocument {
  document_key: string;
  document_name: string;
  document_mime: string;
  document_size: number;
}

export async function insertStoreOwner(
  trx: Queryable,
  owner: OwnerValues & OwnerDocument & { merchantUserId: bigint; storeId: bigint },
): Promise<bigint> {
  const { merchantUserId, storeId, ...rest } = owner;
  const row = await trx
    .insertInto('store_owners')
    .values({ ...rest, merchant_user_id: merchantUserId, store_id: storeId })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateStoreOwner(
  trx: Queryable,
  ownerId: bigint,
  owner: OwnerValues,
  document: OwnerDocument | undefined,
): Promise<void> {
  await trx
    .updateTable('store_owners')
    .set({ ...owner, ...(document ?? {}), updated_at: new Date() })
    .where('id', '=', ownerId)
    .execute();
}

export async function deleteStoreOwner(trx: Queryable, ownerId: bigint): Promise<void> {
  await trx.deleteFrom('store_owners').where('id', '=', ownerId).execute();
}

/**
 * The merchant's store with this reference, if any, other than `exceptStoreId` (create-store and
 * update-store refuse a second one).
 */
export async function findStoreByReference(
  db: Queryable,
  merchantUserId: bigint,
  reference: string,
  exceptStoreId?: bigint,
): Promise<{ id: bigint; code: string } | undefined> {
  return db
    .selectFrom('stores')
    .select(['id', 'code'])
    .where('merchant_user_id', '=', merchantUserId)
    .where('reference', '=', reference)
    .$if(exceptStoreId !== undefined, (query) => query.where('id', '<>', exceptStoreId!))
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
}

/** Serialises the store creations and updates of one merchant (the reference check and its write). */
export async function lockMerchantForStores(trx: Queryable, merchantUserId: bigint): Promise<void> {
  await trx.selectFrom('users').select('id').where('id', '=', merchantUserId).forUpdate().executeTakeFirst();
}

/**
 * Whether anything refers to the store beyond its owners, terminals and channels: a device,
 * customer, link, payment or API payment on one of its channels, or a review comment.
 */
export async function isStoreInUse(db: Queryable, storeId: bigint): Promise<boolean> {
  const channelIds = db.selectFrom('channels').select('id').where('store_id', '=', storeId);
  const row = await db
    .selectNoFrom((eb) => [
      eb
        .or([
          eb.exists(eb.selectFrom('pos_devices').selectAll().where('channel_id', 'in', channelIds)),
          eb.exists(eb.selectFrom('customers').selectAll().where('channel_id', 'in', channelIds)),
          eb.exists(eb.selectFrom('payment_links').selectAll().where('channel_id', 'in', channelIds)),
          eb.exists(eb.selectFrom('merchant_payments').selectAll().where('channel_id', 'in', channelIds)),
          eb.exists(eb.selectFrom('api_payments').selectAll().where('channel_id', 'in', channelIds)),
          eb.exists(eb.selectFrom('store_comments').selectAll().where('store_id', '=', storeId)),
        ])
        .as('in_use'),
    ])
    .executeTakeFirstOrThrow();
  return Boolean(row.in_use);
}

/** Removes a store with its owners, channels and terminals (in the order their keys need). */
export async function deleteStoreWithParts(trx: Queryable, storeId: bigint): Promise<void> {
  await trx.deleteFrom('store_owners').where('store_id', '=', storeId).execute();
  await trx.deleteFrom('channels').where('store_id', '=', storeId).execute();
  await trx.deleteFrom('terminals').where('store_id', '=', storeId).execute();
  await trx.deleteFrom('stores').where('id', '=', storeId).execute();
}
