// Queries of the dashboard: the side menu's features with their groups, the welcome badge's
// account status, and the held-balance list. Kysely only; `db` first. (What the overview groups
// the transaction list by is the transactions module's: TRANSACTION_DIMENSIONS, kept by its rollup.)
import type { Queryable } from '../../db/database.ts';
import { defineListSource } from '../../db/lists.ts';

export interface FeatureRow {
  id: number;
  slug: string;
  name: string;
  web_icon: string;
  group_name: string;
}

/** The features of an audience (and those for all), in menu order: group, then feature. */
export async function listMenuFeatures(db: Queryable, audience: 'consumer' | 'merchant'): Promise<FeatureRow[]> {
  return db
    .selectFrom('features')
    .innerJoin('feature_groups', 'feature_groups.id', 'features.group_id')
    .select(['features.id', 'features.slug', 'features.name', 'features.web_icon', 'feature_groups.name as group_name'])
    .where('features.audience', 'in', [audience, 'all'])
    .orderBy('feature_groups.sort')
    .orderBy('features.sort')
    .execute();
}

/** The account holder's status and KYC status, for the welcome card's badge. */
export async function getAccountStatus(db: Queryable, userId: bigint): Promise<{ status: number; kyc_status: number }> {
  return db.selectFrom('users').select(['status', 'kyc_status']).where('id', '=', userId).executeTakeFirstOrThrow();
}

// ---- the held balance: the movements of a wallet's on-hold bucket -------------------------

export interface HeldBalanceParams {
  /** The wallet, already checked to be the account holder's. */
  walletId: bigint;
  currencyCode: string;
}

export interface HeldBalanceRow {
  id: bigint;
  amount: bigint;
  created_at: Date;
  transaction_uuid: string;
  transaction_type_id: number;
  transaction_amount: bigint;
  total_amount: bigint;
  fee: bigint;
  vat: bigint;
}

/** The ledger entries of a wallet's on-hold bucket, newest first, with their transactions. */
export const heldBalanceListSource = defineListSource({
  name: 'held-balance',
  key: 'ledger_entries.id',
  filtered: (db: Queryable, params: HeldBalanceParams) =>
    db.selectFrom('ledger_entries').where('ledger_entries.wallet_id', '=', params.walletId).where('ledger_entries.bucket', '=', 'on_hold'),
  columns: (query) =>
    query
      .innerJoin('transactions', 'transactions.id', 'ledger_entries.transaction_id')
      .select([
        'ledger_entries.id',
        'ledger_entries.amount',
        'ledger_entries.created_at',
        'transactions.uuid as transaction_uuid',
        'transactions.transaction_type_id',
        'transactions.amount as transaction_amount',
        'transactions.total_amount',
        'transactions.fee',
        'transactions.vat',
      ]),
  keyOf: (row: HeldBalanceRow) => row.id,
});
