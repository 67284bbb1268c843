// A merchant's stores -> terminals -> channels: the options of every store filter (get-stores)
// and the one check of a store -> terminal -> channel scope that every list filtering by it
// runs (resolveStoreScope). The later stores area (onboarding, owners) grows this module.
import {
  GET_STORES_TYPE,
  PAGE_LIMITS,
  type TChannelWithParents,
  type TGetStoresInput,
  type TGetStoresResponse,
  type TStoreOption,
  type TTerminalOption,
} from '@paywallet/contract';
import type { Deps } from '../../deps.ts';
import type { Queryable } from '../../db/database.ts';
import { checkedChannelScope, defineList, listPage, type ChannelFilter } from '../../db/lists.ts';
import { fail } from '../../transport/errors.ts';
import {
  isMerchantChannel,
  isMerchantStore,
  isMerchantTerminal,
  findStore,
  insertStoreComment,
  listChannelsOfStores,
  listTerminalsOfStores,
  lockStoreForReview,
  setStoreStatus,
  storeListSource,
  type ChannelRow,
  type StoreForReview,
  type StoreRow,
  type TerminalRow,
} from './stores.repository.ts';

/**
 * The most terminals, and channels, one get-stores answer nests under its stores. Far above a
 * real merchant's organisation; reaching it is logged, since the options would be cut short.
 */
export const STORE_OPTIONS_LIMITS = { terminalRowsMax: 10_000, channelRowsMax: 20_000 } as const;

export interface StoreScopeInput {
  storeId?: number | undefined;
  terminalId?: number | undefined;
  channelId?: number | undefined;
}

/**
 * Checks a store -> terminal -> channel scope against the merchant and turns it into a channel
 * filter for a list's query. Each id given must be the merchant's and sit under the level above
 * it when that is given (a terminal of that store, a channel of that terminal and store);
 * otherwise the call is refused with the level's not-found error, whether the id is another
 * merchant's, of another of my stores, or does not exist: the answer leaks nothing.
 */
export async function resolveStoreScope(db: Queryable, merchantUserId: bigint, input: StoreScopeInput): Promise<ChannelFilter> {
  const storeId = optionalBigInt(input.storeId);
  const terminalId = optionalBigInt(input.terminalId);
  const channelId = optionalBigInt(input.channelId);
  if (storeId === undefined && terminalId === undefined && channelId === undefined) return null;
  if (storeId !== undefined && !(await isMerchantStore(db, merchantUserId, storeId))) fail('STORE_NOT_FOUND');
  if (terminalId !== undefined && !(await isMerchantTerminal(db, merchantUserId, terminalId, storeId))) fail('TERMINAL_NOT_FOUND');
  if (channelId !== undefined && !(await isMerchantChannel(db, merchantUserId, channelId, { storeId, terminalId }))) {
    fail('CHANNEL_NOT_FOUND');
  }
  return checkedChannelScope({
    merchantUserId,
    ...(storeId === undefined ? {} : { storeId }),
    ...(terminalId === undefined ? {} : { terminalId }),
    ...(channelId === undefined ? {} : { channelId }),
  });
}

function optionalBigInt(value: number | undefined): bigint | undefined {
  return value === undefined ? undefined : BigInt(value);
}

/** The store list: its rows read as options; terminals and channels are nested after paging. */
const storeList = defineList({
  source: storeListSource,
  view: (row: StoreRow) => row,
});

/**
 * get-stores: the merchant's stores with their terminals and channels, searchable by store
 * name or code. `paginate: 1` pages the stores (the profile's table); otherwise the first
 * page of the largest size answers (the filters' options). `type: 1` adds every channel of
 * those stores flat, with its store and terminal (the payment-link form's channel select).
 */
export async function getStores(deps: Deps, merchantUserId: bigint, input: TGetStoresInput): Promise<TGetStoresResponse> {
  const paginated = input.paginate === 1;
  const page = await listPage(
    deps.db,
    storeList,
    { merchantUserId, search: input.search },
    paginated ? { page: input.page, perPage: input.perPage } : { page: 1, perPage: PAGE_LIMITS.perPageMax },
  );
  const storeIds = page.data.map((store) => store.id);
  const [terminals, channels] = await Promise.all([
    listTerminalsOfStores(deps.db, merchantUserId, storeIds, STORE_OPTIONS_LIMITS.terminalRowsMax),
    listChannelsOfStores(deps.db, merchantUserId, storeIds, STORE_OPTIONS_LIMITS.channelRowsMax),
  ]);
  if (terminals.length === STORE_OPTIONS_LIMITS.terminalRowsMax || channels.length === STORE_OPTIONS_LIMITS.channelRowsMax) {
    deps.log.warn(
      { merchantUserId: String(merchantUserId), terminals: terminals.length, channels: channels.length },
      'store options cut short',
    );
  }
  const stores = nestStores(page.data, terminals, channels);
  return {
    stores,
    ...(input.type === GET_STORES_TYPE.WITH_CHANNELS ? { channels: flatChannels(stores) } : {}),
    ...(paginated ? { paginationData: page.paginationData } : {}),
  };
}

/** Stores in list order, each with its terminals, each with its channels (creation order). */
function nestStores(stores: StoreRow[], terminals: TerminalRow[], channels: ChannelRow[]): TStoreOption[] {
  const channelsByTerminal = groupBy(channels, (channel) => channel.terminal_id);
  const terminalsByStore = groupBy(terminals, (terminal) => terminal.store_id);
  return stores.map((store) => ({
    id: Number(store.id),
    name: store.name,
    code: store.code,
    status: store.status,
    terminals: (terminalsByStore.get(store.id) ?? []).map((terminal): TTerminalOption => ({
      id: Number(terminal.id),
      name: terminal.name,
      code: terminal.code,
      channels: (channelsByTerminal.get(terminal.id) ?? []).map((channel) => ({
        id: Number(channel.id),
        name: channel.name,
        code: channel.code,
        type: channel.type,
      })),
    })),
  }));
}

function flatChannels(stores: TStoreOption[]): TChannelWithParents[] {
  return stores.flatMap((store) =>
    store.terminals.flatMap((terminal) =>
      terminal.channels.map((channel) => ({
        ...channel,
        store: { id: store.id, name: store.name },
        terminal: { id: terminal.id, name: terminal.name },
      })),
    ),
  );
}

function groupBy<T>(items: readonly T[], keyOf: (item: T) => bigint): Map<bigint, T[]> {
  const groups = new Map<bigint, T[]>();
  for (const item of items) {
    const key = keyOf(item);
    const group = groups.get(key);
    if (group) group.push(item);
    else groups.set(key, [item]);
  }
  return groups;
}

/** A review the operations console gives a store: the status it moves to and why. */
export interface StoreReview {
  storeId: bigint;
  status: number;
  comment: string;
  authorUserId: bigint;
}

/**
 * Sets a store's status and appends the reviewer's comment to its log, in the caller's
 * transaction (the console's review call owns it, with its audit row). The merchant reads the
 * log in View Comments. The caller decides which transitions are allowed; this refuses only an
 * unknown store. Answers the store as it was before the review.
 */
export async function recordStoreReview(trx: Queryable, review: StoreReview): Promise<StoreForReview> {
  const store = await lockStoreForReview(trx, review.storeId);
  if (!store) fail('STORE_NOT_FOUND');
  await setStoreStatus(trx, review.storeId, review.status);
  await insertStoreComment(trx, {
    storeId: review.storeId,
    status: review.status,
    comments: review.comment,
    authorUserId: review.authorUserId,
  });
  return store;
}

/** The store a review is about (the console shows it before deciding). */
export async function findStoreForReview(db: Queryable, storeId: bigint): Promise<StoreForReview | undefined> {
  return findStore(db, storeId);
}
