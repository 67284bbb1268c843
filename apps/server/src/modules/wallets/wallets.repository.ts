// Queries of wallets. Every read joins the currency and the owner, so callers get one shape
// (WalletWithCurrency) whichever lookup they use. Kysely only; `db` or `trx` first.
import { sql, type Transaction } from 'kysely';
import { WALLET_KIND, type TWalletKind } from '@paywallet/contract';
import type { Queryable } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';

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

// The balances are read from wallet_balances: a wallet's row with the credits spread over its
// slot rows added (docs/money.md, "Hot wallets").
function walletQuery(db: Queryable) {
  return db
    .selectFrom('wallet_balances as wallets')
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

export async function findWalletOfUser(db: Queryable, userId: bigint, walletId: bigint): Promise<WalletWithCurrency | undefined> {
  const row = await walletQuery(db).where('wallets.id', '=', walletId).where('wallets.user_id', '=', userId).executeTakeFirst();
  return row && trimmed(row);
}

export async function getWalletById(db: Queryable, walletId: bigint): Promise<WalletWithCurrency> {
  return trimmed(await walletQuery(db).where('wallets.id', '=', walletId).executeTakeFirstOrThrow());
}

/** The user's wallet in a currency that is not the rolling reserve. */
export async function findNonReserveWallet(db: Queryable, userId: bigint, currencyId: number): Promise<WalletWithCurrency | undefined> {
  const row = await walletQuery(db)
    .where('wallets.user_id', '=', userId)
    .where('wallets.currency_id', '=', currencyId)
    .where('wallets.is_default', '<>', WALLET_KIND.ROLLING_RESERVE)
    .executeTakeFirst();
  return row && trimmed(row);
}

/**
 * The user's wallets, the default first, then in the order they were opened (a rolling-reserve
 * wallet, kind 2, after the default: ordering by the kind itself put it first).
 */
export async function listWalletsOfUser(db: Queryable, userId: bigint): Promise<WalletWithCurrency[]> {
  const rows = await walletQuery(db)
    .where('wallets.user_id', '=', userId)
    .orderBy(sql`wallets.is_default = ${sql.lit(WALLET_KIND.DEFAULT)}`, 'desc')
    .orderBy('wallets.id')
    .execute();
  return rows.map(trimmed);
}

export async function hasAnyWallet(db: Queryable, userId: bigint): Promise<boolean> {
  const row = await db.selectFrom('wallets').select('id').where('user_id', '=', userId).limit(1).executeTakeFirst();
  return row !== undefined;
}

export async function isAccountNumberTaken(db: Queryable, accountNumber: string): Promise<boolean> {
  const clash = await db.selectFrom('wallets').select('id').where('account_number', '=', accountNumber).executeTakeFirst();
  return clash !== undefined;
}

export interface NewWallet {
  userId: bigint;
  currencyId: number;
  accountNumber: string;
  /** The wallet's kind (WALLET_KIND), kept in the column is_default (DECISIONS 1). */
  isDefault: TWalletKind;
}

export async function insertWallet(trx: Transaction<Database>, wallet: NewWallet): Promise<bigint> {
  const row = await trx
    .insertInto('wallets')
    .values({ user_id: wallet.userId, currency_id: wallet.currencyId, account_number: wallet.accountNumber, is_default: wallet.isDefault })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/**
 * Inserts the wallet unless the user already has one of its kind in the currency (the unique
 * index wallets_user_currency_kind): answers the new id, or undefined when one exists. An insert
 * racing another transaction's uncommitted wallet waits for that transaction to end, so the
 * caller then reads the winner's wallet: a row-level wait, no advisory lock. The conflict
 * target repeats the index's expression with a literal (a parameter would not match it).
 */
export async function insertWalletIfAbsent(trx: Transaction<Database>, wallet: NewWallet): Promise<bigint | undefined> {
  const row = await trx
    .insertInto('wallets')
    .values({ user_id: wallet.userId, currency_id: wallet.currencyId, account_number: wallet.accountNumber, is_default: wallet.isDefault })
    .onConflict((oc) => oc.expression(sql`user_id, currency_id, (is_default = ${sql.lit(WALLET_KIND.ROLLING_RESERVE)})`).doNothing())
    .returning('id')
    .executeTakeFirst();
  return row?.id;
}

export async function getCurrencyIdByCode(db: Queryable, code: string): Promise<number> {
  const currency = await db.selectFrom('currencies').select('id').where('code', '=', code).executeTakeFirstOrThrow();
  return currency.id;
}
