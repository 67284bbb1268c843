// Wallets (user accounts): one per currency, one default (DECISIONS 1), balances in minor units.
// Other modules read a wallet through the lookups below, each with its currency and owner.
import crypto from 'node:crypto';
import type { Transaction } from 'kysely';
import type { TWallet } from '@paywallet/contract';
import type { Database } from '../../db/schema.ts';
import type { Db } from '../../db/database.ts';

type Queryable = Db | Transaction<Database>;

export const DEFAULT_CURRENCY_CODE = 'AED';
const ACCOUNT_NUMBER_TRIES = 5;

/** A wallet with its currency (code trimmed) and its owner's name. */
export interface WalletWithCurrency {
  id: bigint;
  user_id: bigint;
  currency_id: number;
  currency_code: string;
  currency_decimals: number;
  /** 0 ordinary, 1 the user's default, 2 a merchant's rolling reserve. */
  is_default: number;
  account_number: string;
  available_balance: bigint;
  balance_on_hold: bigint;
  first_name: string;
  last_name: string;
}

function walletQuery(db: Queryable) {
  return db
    .selectFrom('wallets')
    .innerJoin('currencies', 'currencies.id', 'wallets.currency_id')
    .innerJoin('users', 'users.id', 'wallets.user_id')
    .select([
      'wallets.id',
      'wallets.user_id',
      'wallets.currency_id',
      'currencies.code as currency_code',
      'currencies.decimals as currency_decimals',
      'wallets.is_default',
      'wallets.account_number',
      'wallets.available_balance',
      'wallets.balance_on_hold',
      'users.first_name',
      'users.last_name',
    ]);
}

function trimmed(row: WalletWithCurrency): WalletWithCurrency {
  // currencies.code is char(3): trim the padding once, here.
  return { ...row, currency_code: row.currency_code.trim() };
}

/** The wallet if it belongs to the user; undefined for anyone else's or an unknown id. */
export async function findOwnWallet(db: Queryable, userId: bigint, walletId: bigint): Promise<WalletWithCurrency | undefined> {
  const row = await walletQuery(db).where('wallets.id', '=', walletId).where('wallets.user_id', '=', userId).executeTakeFirst();
  return row && trimmed(row);
}

export async function getWallet(db: Queryable, walletId: bigint): Promise<WalletWithCurrency> {
  return trimmed(await walletQuery(db).where('wallets.id', '=', walletId).executeTakeFirstOrThrow());
}

/** The user's ordinary or default wallet in a currency (never the rolling-reserve wallet). */
export async function findSpendingWallet(db: Queryable, userId: bigint, currencyId: number): Promise<WalletWithCurrency | undefined> {
  const row = await walletQuery(db)
    .where('wallets.user_id', '=', userId)
    .where('wallets.currency_id', '=', currencyId)
    .where('wallets.is_default', '<>', 2)
    .executeTakeFirst();
  return row && trimmed(row);
}

export async function hasAnyWallet(db: Queryable, userId: bigint): Promise<boolean> {
  const row = await db.selectFrom('wallets').select('id').where('user_id', '=', userId).limit(1).executeTakeFirst();
  return row !== undefined;
}

/** A 14-character account number: 'PW' and 12 random digits; retried on the rare clash. */
function newAccountNumber(): string {
  return `PW${crypto.randomInt(0, 1e6).toString().padStart(6, '0')}${crypto.randomInt(0, 1e6).toString().padStart(6, '0')}`;
}

export async function createWallet(trx: Transaction<Database>, userId: bigint, currencyId: number, isDefault: 0 | 1 | 2): Promise<bigint> {
  for (let attempt = 1; ; attempt++) {
    const accountNumber = newAccountNumber();
    const clash = await trx.selectFrom('wallets').select('id').where('account_number', '=', accountNumber).executeTakeFirst();
    if (clash && attempt < ACCOUNT_NUMBER_TRIES) continue;
    const row = await trx
      .insertInto('wallets')
      .values({ user_id: userId, currency_id: currencyId, account_number: accountNumber, is_default: isDefault })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }
}

/** Every user gets a default wallet in the platform's default currency at sign-up. */
export async function createDefaultWallet(trx: Transaction<Database>, userId: bigint): Promise<bigint> {
  const currency = await trx.selectFrom('currencies').select('id').where('code', '=', DEFAULT_CURRENCY_CODE).executeTakeFirstOrThrow();
  return createWallet(trx, userId, currency.id, 1);
}

export async function listWallets(db: Db, userId: bigint): Promise<TWallet[]> {
  const rows = await walletQuery(db)
    .where('wallets.user_id', '=', userId)
    .orderBy('wallets.is_default', 'desc')
    .orderBy('wallets.id')
    .execute();
  return rows.map(trimmed).map((row) => ({
    id: Number(row.id),
    currency_id: row.currency_id,
    currency: { id: row.currency_id, code: row.currency_code, decimals: row.currency_decimals },
    is_default: row.is_default === 2 ? 2 : row.is_default,
    user_id: Number(row.user_id),
    account_number: row.account_number,
    available_balance: Number(row.available_balance),
    balance_on_hold: Number(row.balance_on_hold),
  }));
}
