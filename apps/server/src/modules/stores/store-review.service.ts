// The operations console's side of stores: the review queue across merchants, and what an
// approval makes sure of: the store has a terminal with an online channel (payment links and
// the merchant API) and a POS channel (devices), the channels its payments will run through.
// The review itself (status and comment log) is stores.service `recordStoreReview`.
import crypto from 'node:crypto';
import type { TChannelType } from '@paywallet/contract';
import type { Queryable } from '../../db/database.ts';
import { defineList, listPage, type PageRequest } from '../../db/lists.ts';
import type { Deps } from '../../deps.ts';
import type { AuditTrail } from '../../transport/audit-trail.ts';
import { fail } from '../../transport/errors.ts';
import { getOwnerDocument, getStoreActivation } from './onboarding.service.ts';
import {
  findOwnerMerchant,
  findStoreCode,
  findStoreMerchant,
  insertChannel,
  insertTerminal,
  listStoreTerminalChannels,
  reviewQueueSource,
  type ReviewQueueParams,
  type ReviewQueueRow,
} from './store-review.repository.ts';

export interface ReviewQueueView {
  id: number;
  name: string;
  code: string;
  status: number;
  merchant: { id: number; first_name: string; last_name: string; email: string; business_name: string | null };
  terminals: number;
  comments: number;
  created_at: string;
  updated_at: string;
}

const reviewQueue = defineList({
  source: reviewQueueSource,
  view: (row: ReviewQueueRow): ReviewQueueView => ({
    id: Number(row.id),
    name: row.name,
    code: row.code,
    status: row.status,
    merchant: {
      id: Number(row.merchant_id),
      first_name: row.merchant_first_name,
      last_name: row.merchant_last_name,
      email: row.merchant_email,
      business_name: row.merchant_business_name,
    },
    terminals: Number(row.terminals),
    comments: Number(row.comments),
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  }),
});

/** Every merchant's stores for the console, newest first. */
export async function listStoresForReview(db: Queryable, params: ReviewQueueParams, page: PageRequest) {
  return listPage(db, reviewQueue, params, page);
}

const CHANNEL_NAMES: Record<TChannelType, { name: string; suffix: string }> = {
  online: { name: 'Online', suffix: 'WEB' },
  pos: { name: 'POS', suffix: 'POS' },
};

/**
 * Makes sure the store has a terminal with an online and a POS channel, in the caller's
 * transaction: a store without a terminal gets 'Main Terminal' with both; a store whose
 * terminals lack one of the two types gets it on its first terminal. Answers how many rows
 * (terminals and channels) it made.
 */
export async function ensureStoreChannels(trx: Queryable, store: { id: bigint; merchant_user_id: bigint }): Promise<number> {
  const rows = await listStoreTerminalChannels(trx, store.id);
  const storeCode = (await findStoreCode(trx, store.id)) ?? `ST-${store.id}`;
  // A short random tail keeps the codes unique even if a merchant named a store like another's code.
  const tail = crypto.randomBytes(2).toString('hex').toUpperCase();
  let made = 0;
  let terminalId = rows[0]?.terminal_id;
  if (terminalId === undefined) {
    terminalId = await insertTerminal(trx, {
      merchantUserId: store.merchant_user_id,
      storeId: store.id,
      name: 'Main Terminal',
      code: `${storeCode}-T1-${tail}`,
    });
    made += 1;
  }
  const present = new Set(rows.map((row) => row.channel_type).filter((type): type is TChannelType => type !== null));
  for (const type of ['online', 'pos'] as const) {
    if (present.has(type)) continue;
    await insertChannel(trx, {
      merchantUserId: store.merchant_user_id,
      storeId: store.id,
      terminalId,
      name: CHANNEL_NAMES[type].name,
      code: `${storeCode}-${CHANNEL_NAMES[type].suffix}-${tail}`,
      type,
    });
    made += 1;
  }
  return made;
}

/** admin/get-store-details: what the review approves, read as the store's merchant reads it. */
export async function getStoreDetailsForReview(deps: Deps, storeIdNumber: number) {
  const merchantUserId = await findStoreMerchant(deps.db, BigInt(storeIdNumber));
  if (merchantUserId === undefined) fail('STORE_NOT_FOUND');
  return getStoreActivation(deps, merchantUserId, storeIdNumber);
}

/** admin/get-store-owner-file: an owner's document for the review, each read audited. */
export async function getOwnerDocumentForReview(deps: Deps, audit: AuditTrail, ownerIdNumber: number) {
  const ownerId = BigInt(ownerIdNumber);
  const merchantUserId = await findOwnerMerchant(deps.db, ownerId);
  if (merchantUserId === undefined) fail('FILE_NOT_FOUND');
  const file = await getOwnerDocument(deps, merchantUserId, ownerIdNumber);
  await audit.record(deps.db, { subject: { type: 'store_owner', id: ownerId }, detail: { fileName: file.fileName } });
  return file;
}
