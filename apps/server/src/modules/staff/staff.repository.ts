// Queries of a merchant's staff: staff accounts are users whose parent_user_id is the main
// account, and their granted features (staff_features). Every query of a staff member names the
// main account, so another merchant's staff member (or the main account itself) is not found.
// Kysely only; `db` or `trx` first.
import type { Insertable } from 'kysely';
import type { Queryable } from '../../db/database.ts';
import type { UsersTable } from '../../db/schema.ts';
import { defineListSource, likePattern } from '../../db/lists.ts';

export interface StaffRow {
  id: bigint;
  email: string;
  phone_number: string | null;
  first_name: string;
  last_name: string;
  status: number;
  parent_user_id: bigint;
  created_at: Date;
}

const STAFF_COLUMNS = [
  'users.id',
  'users.email',
  'users.phone_number',
  'users.first_name',
  'users.last_name',
  'users.status',
  'users.parent_user_id',
  'users.created_at',
] as const;

export interface StaffListParams {
  merchantUserId: bigint;
  /** Part of a name, the e-mail or the phone; absent or empty: every staff member. */
  search?: string | undefined;
  /** One staff member only. */
  userId?: bigint | undefined;
}

/** The merchant's staff, newest first, searchable by first or last name, e-mail or phone. */
export const staffListSource = defineListSource({
  name: 'merchant-staff',
  key: 'users.id',
  filtered: (db: Queryable, params: StaffListParams) =>
    db
      .selectFrom('users')
      .where('users.parent_user_id', '=', params.merchantUserId)
      .where('users.parent_user_id', '<>', 0n)
      .$if(params.userId !== undefined, (query) => query.where('users.id', '=', params.userId!))
      .$if(Boolean(params.search), (query) => {
        const pattern = likePattern(params.search!, 'contains');
        return query.where((eb) =>
          eb.or([
            eb('users.first_name', 'ilike', pattern),
            eb('users.last_name', 'ilike', pattern),
            eb('users.email', 'ilike', pattern),
            eb('users.phone_number', 'ilike', pattern),
          ]),
        );
      }),
  columns: (query) => query.select(STAFF_COLUMNS),
  keyOf: (row: StaffRow) => row.id,
});

/** The merchant's staff of one status, by name, at most `limitRows`. */
export async function listStaffByStatus(db: Queryable, merchantUserId: bigint, status: number, limitRows: number): Promise<StaffRow[]> {
  return db
    .selectFrom('users')
    .select(STAFF_COLUMNS)
    .where('users.parent_user_id', '=', merchantUserId)
    .where('users.parent_user_id', '<>', 0n)
    .where('users.status', '=', status)
    .orderBy('users.first_name')
    .orderBy('users.last_name')
    .orderBy('users.id')
    .limit(limitRows)
    .execute();
}

/** One staff member of the merchant, locked for the change when `forUpdate`; undefined for anyone else. */
export async function findStaff(db: Queryable, merchantUserId: bigint, userId: bigint, forUpdate = false): Promise<StaffRow | undefined> {
  return db
    .selectFrom('users')
    .select(STAFF_COLUMNS)
    .where('users.id', '=', userId)
    .where('users.parent_user_id', '=', merchantUserId)
    .where('users.parent_user_id', '<>', 0n)
    .$if(forUpdate, (query) => query.forUpdate())
    .executeTakeFirst();
}

export async function isEmailTaken(db: Queryable, email: string): Promise<boolean> {
  const row = await db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst();
  return row !== undefined;
}

export async function isPhoneTaken(db: Queryable, phoneNumber: string): Promise<boolean> {
  const row = await db.selectFrom('users').select('id').where('phone_number', '=', phoneNumber).executeTakeFirst();
  return row !== undefined;
}

export async function insertStaffUser(db: Queryable, user: Insertable<UsersTable>): Promise<StaffRow> {
  return db.insertInto('users').values(user).returning(STAFF_COLUMNS).executeTakeFirstOrThrow();
}

export async function updateStaffDetails(
  db: Queryable,
  merchantUserId: bigint,
  userId: bigint,
  details: { first_name: string; last_name: string; status: number },
): Promise<StaffRow> {
  return db
    .updateTable('users')
    .set({ ...details, updated_at: new Date() })
    .where('id', '=', userId)
    .where('parent_user_id', '=', merchantUserId)
    .where('parent_user_id', '<>', 0n)
    .returning(STAFF_COLUMNS)
    .executeTakeFirstOrThrow();
}

export interface MerchantFeatureRow {
  id: number;
  slug: string;
}

/** The features a merchant's staff member can be granted: those of the merchant audience (and those for all). */
export async function listMerchantFeatures(db: Queryable): Promise<MerchantFeatureRow[]> {
  return db.selectFrom('features').select(['id', 'slug']).where('audience', 'in', ['merchant', 'all']).orderBy('id').execute();
}

/** The ids of the features granted to a staff member, ascending. */
export async function listGrantedFeatureIds(db: Queryable, userId: bigint): Promise<number[]> {
  const rows = await db.selectFrom('staff_features').select('feature_id').where('user_id', '=', userId).orderBy('feature_id').execute();
  return rows.map((row) => row.feature_id);
}

/** Replaces the staff member's grants with exactly `featureIds`. */
export async function replaceGrantedFeatures(db: Queryable, userId: bigint, featureIds: readonly number[]): Promise<void> {
  await db.deleteFrom('staff_features').where('user_id', '=', userId).execute();
  if (featureIds.length === 0) return;
  await db
    .insertInto('staff_features')
    .values(featureIds.map((featureId) => ({ user_id: userId, feature_id: featureId })))
    .execute();
}
