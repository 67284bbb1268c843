// Queries of the operations console's own: the merchants' main accounts (the console lists
// them and logs in as them). Like KYC, the console reads the user columns it needs itself.
import type { Queryable } from '../../db/database.ts';
import { defineListSource, likePattern } from '../../db/lists.ts';

export interface MerchantListParams {
  search?: string | undefined;
}

export interface MerchantRow {
  id: bigint;
  first_name: string;
  last_name: string;
  email: string;
  business_name: string | null;
  phone_number: string | null;
  status: number;
  kyc_status: number;
  created_at: Date;
  last_login_at: Date | null;
  stores: string | number | bigint | null;
}

/** Merchants' main accounts (staff members have a parent), newest first. */
export const merchantListSource = defineListSource({
  name: 'merchants',
  key: 'users.id',
  filtered: (db: Queryable, params: MerchantListParams) =>
    db
      .selectFrom('users')
      .where('users.type', '=', 'merchant')
      .where('users.parent_user_id', '=', 0n)
      .$if(Boolean(params.search), (query) => {
        const pattern = likePattern(params.search!, 'contains');
        return query.where((eb) =>
          eb.or([
            eb('users.email', 'ilike', pattern),
            eb('users.first_name', 'ilike', pattern),
            eb('users.last_name', 'ilike', pattern),
            eb('users.business_name', 'ilike', pattern),
          ]),
        );
      }),
  columns: (query) =>
    query.select((eb) => [
      'users.id',
      'users.first_name',
      'users.last_name',
      'users.email',
      'users.business_name',
      'users.phone_number',
      'users.status',
      'users.kyc_status',
      'users.created_at',
      'users.last_login_at',
      eb
        .selectFrom('stores')
        .select((sub) => sub.fn.countAll<string | number | bigint>().as('n'))
        .whereRef('stores.merchant_user_id', '=', 'users.id')
        .as('stores'),
    ]),
  keyOf: (row: MerchantRow) => row.id,
});

export interface MerchantAccount {
  id: bigint;
  status: number;
}

/** A merchant's main account by id; undefined for anyone else (consumer, staff, administrator). */
export async function findMerchantAccount(db: Queryable, userId: bigint): Promise<MerchantAccount | undefined> {
  return db
    .selectFrom('users')
    .select(['id', 'status'])
    .where('id', '=', userId)
    .where('type', '=', 'merchant')
    .where('parent_user_id', '=', 0n)
    .executeTakeFirst();
}
