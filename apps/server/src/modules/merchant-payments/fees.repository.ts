// Queries of merchant fee schedules and the card schemes they price (payment_methods of type
// CARD_SCHEME). Every query of a schedule names its merchant.
import { sql } from 'kysely';
import type { Queryable } from '../../db/database.ts';

export interface SchemeRow {
  id: number;
  name: string;
  code: string;
}

export interface FeeScheduleRow {
  id: bigint;
  scheme_id: number;
  scheme_name: string;
  scheme_code: string;
  currency_id: number;
  currency_code: string;
  currency_decimals: number;
  percentage_bps: number;
  fixed_minor: bigint;
  active: boolean;
  updated_at: Date;
}

export async function listSchemes(db: Queryable): Promise<SchemeRow[]> {
  return db
    .selectFrom('payment_methods')
    .select(['id', 'name', 'code'])
    .where('type', '=', 'CARD_SCHEME')
    .orderBy('sort')
    .orderBy('id')
    .execute();
}

export interface CardPriceRow {
  currency_id: number;
  currency_code: string;
  currency_decimals: number;
  scheme_id: number | null;
  scheme_name: string | null;
  scheme_code: string | null;
  percentage_bps: number | null;
  fixed_minor: bigint | null;
}

/**
 * What a card payment is priced by, in one read: the currency by its code, the card scheme (by
 * its code, of type CARD_SCHEME and active; or by its id) and the merchant's active fee for that
 * scheme in that currency. Undefined for an unknown currency; the scheme's columns are null where
 * there is no such scheme (a code of null names none), the fee's where the merchant has no active
 * fee for it.
 */
export async function findCardPrice(
  db: Queryable,
  input: { merchantUserId: bigint; currencyCode: string; scheme: { id: number } | { code: string | null } },
): Promise<CardPriceRow | undefined> {
  const { scheme } = input;
  const row = await db
    .selectFrom('currencies as cur')
    .leftJoin('payment_methods as pm', (join) => {
      if ('id' in scheme) return join.on('pm.id', '=', scheme.id);
      if (scheme.code === null) return join.on(sql<boolean>`false`);
      return join.on('pm.type', '=', 'CARD_SCHEME').on('pm.code', '=', scheme.code).on('pm.active', '=', true);
    })
    .leftJoin('merchant_fees as mf', (join) =>
      join
        .onRef('mf.payment_method_id', '=', 'pm.id')
        .onRef('mf.currency_id', '=', 'cur.id')
        .on('mf.merchant_user_id', '=', input.merchantUserId)
        .on('mf.active', '=', true),
    )
    .select([
      'cur.id as currency_id',
      'cur.code as currency_code',
      'cur.decimals as currency_decimals',
      'pm.id as scheme_id',
      'pm.name as scheme_name',
      'pm.code as scheme_code',
      'mf.percentage_bps',
      'mf.fixed_minor',
    ])
    .where('cur.code', '=', input.currencyCode)
    .executeTakeFirst();
  return row && { ...row, currency_code: row.currency_code.trim() };
}

export async function findCurrencyByCode(db: Queryable, code: string): Promise<{ id: number; code: string; decimals: number } | undefined> {
  const row = await db.selectFrom('currencies').select(['id', 'code', 'decimals']).where('code', '=', code).executeTakeFirst();
  return row && { ...row, code: row.code.trim() };
}

export async function findCurrencyById(db: Queryable, id: number): Promise<{ id: number; code: string; decimals: number } | undefined> {
  const row = await db.selectFrom('currencies').select(['id', 'code', 'decimals']).where('id', '=', id).executeTakeFirst();
  return row && { ...row, code: row.code.trim() };
}

/** The merchant's whole schedule, by currency then scheme. */
export async function listMerchantFees(db: Queryable, merchantUserId: bigint): Promise<FeeScheduleRow[]> {
  const rows = await db
    .selectFrom('merchant_fees')
    .innerJoin('payment_methods', 'payment_methods.id', 'merchant_fees.payment_method_id')
    .innerJoin('currencies', 'currencies.id', 'merchant_fees.currency_id')
    .select([
      'merchant_fees.id',
      'payment_methods.id as scheme_id',
      'payment_methods.name as scheme_name',
      'payment_methods.code as scheme_code',
      'currencies.id as currency_id',
      'currencies.code as currency_code',
      'currencies.decimals as currency_decimals',
      'merchant_fees.percentage_bps',
      'merchant_fees.fixed_minor',
      'merchant_fees.active',
      'merchant_fees.updated_at',
    ])
    .where('merchant_fees.merchant_user_id', '=', merchantUserId)
    .orderBy('currencies.code')
    .orderBy('payment_methods.sort')
    .orderBy('payment_methods.id')
    .execute();
  return rows.map((row) => ({ ...row, currency_code: row.currency_code.trim() }));
}

/** Currencies the merchant has an active fee in. */
export async function listFeeCurrencies(db: Queryable, merchantUserId: bigint): Promise<{ id: number; code: string }[]> {
  const rows = await db
    .selectFrom('merchant_fees')
    .innerJoin('currencies', 'currencies.id', 'merchant_fees.currency_id')
    .select(['currencies.id', 'currencies.code'])
    .distinct()
    .where('merchant_fees.merchant_user_id', '=', merchantUserId)
    .where('merchant_fees.active', '=', true)
    .orderBy('currencies.id')
    .execute();
  return rows.map((row) => ({ id: row.id, code: row.code.trim() }));
}

/** Active schemes the merchant has an active fee for in a currency. */
export async function listFeeSchemes(db: Queryable, merchantUserId: bigint, currencyId: number): Promise<SchemeRow[]> {
  return db
    .selectFrom('merchant_fees')
    .innerJoin('payment_methods', 'payment_methods.id', 'merchant_fees.payment_method_id')
    .select(['payment_methods.id', 'payment_methods.name', 'payment_methods.code'])
    .where('merchant_fees.merchant_user_id', '=', merchantUserId)
    .where('merchant_fees.currency_id', '=', currencyId)
    .where('merchant_fees.active', '=', true)
    .where('payment_methods.active', '=', true)
    .where('payment_methods.type', '=', 'CARD_SCHEME')
    .orderBy('payment_methods.sort')
    .orderBy('payment_methods.id')
    .execute();
}

export interface FeeWrite {
  merchantUserId: bigint;
  schemeId: number;
  currencyId: number;
  percentageBps: number;
  fixedMinor: bigint;
  active: boolean;
}

/** Inserts or replaces one fee of the schedule. */
export async function upsertMerchantFee(db: Queryable, fee: FeeWrite): Promise<void> {
  await db
    .insertInto('merchant_fees')
    .values({
      merchant_user_id: fee.merchantUserId,
      payment_method_id: fee.schemeId,
      currency_id: fee.currencyId,
      percentage_bps: fee.percentageBps,
      fixed_minor: fee.fixedMinor,
      active: fee.active,
    })
    .onConflict((oc) =>
      oc.columns(['merchant_user_id', 'payment_method_id', 'currency_id']).doUpdateSet({
        percentage_bps: fee.percentageBps,
        fixed_minor: fee.fixedMinor,
        active: fee.active,
        updated_at: new Date(),
      }),
    )
    .execute();
}

export async function isMerchant(db: Queryable, userId: bigint): Promise<boolean> {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where('id', '=', userId)
    .where('type', '=', 'merchant')
    .where('parent_user_id', '=', 0n)
    .executeTakeFirst();
  return row !== undefined;
}
