// Wallets (user accounts): one per currency, one default (DECISIONS 1), balances in minor units.
// Other modules read a wallet through the lookups below, each with its currency and owner.
import crypto from 'node:crypto';
import type { Transaction } from 'kysely';
import { WALLET_KIND, type TWallet, type TWalletKind } from '@paywallet/contract';
import { assert, minorToWire } from '@paywallet/ledger';
import type { Database } from '../../db/schema.ts';
import type { Db, Queryable } from '../../db/database.ts';
import * as repository from './wallets.repository.ts';
import type { WalletWithCurrency } from './wallets.repository.ts';

export type { WalletWithCurrency };

export const DEFAULT_CURRENCY_CODE = 'AED';
const ACCOUNT_NUMBER_TRIES = 5;

/** The wallet if it belongs to the user; undefined for anyone else's or an unknown id. */
export async function findOwnWallet(db: Queryable, userId: bigint, walletId: bigint): Promise<WalletWithCurrency | undefined> {
  return repository.findWalletOfUser(db, userId, walletId);
}

export async function getWallet(db: Queryable, walletId: bigint): Promise<WalletWithCurrency> {
  return repository.getWalletById(db, walletId);
}

/** The user's ordinary or default wallet in a currency (never the rolling-reserve wallet). */
export async function findSpendingWallet(db: Queryable, userId: bigint, currencyId: number): Promise<WalletWithCurrency | undefined> {
  return repository.findNonReserveWallet(db, userId, currencyId);
}

export async function hasAnyWallet(db: Queryable, userId: bigint): Promise<boolean> {
  return repository.hasAnyWallet(db, userId);
}

/** A 14-character account number: 'PW' and 12 random digits; retried on the rare clash. */
function newAccountNumber(): string {
  return `PW${crypto.randomInt(0, 1e6).toString().padStart(6, '0')}${crypto.randomInt(0, 1e6).toString().padStart(6, '0')}`;
}

export async function createWallet(
  trx: Transaction<Database>,
  userId: bigint,
  currencyId: number,
  isDefault: TWalletKind,
): Promise<bigint> {
  for (let attempt = 1; ; attempt++) {
    const accountNumber = newAccountNumber();
    // After the last try the insert goes ahead: the unique index refuses a clash that is left.
    if (attempt < ACCOUNT_NUMBER_TRIES && (await repository.isAccountNumberTaken(trx, accountNumber))) continue;
    return repository.insertWallet(trx, { userId, currencyId, accountNumber, isDefault });
  }
}

/**
 * The user's spending wallet in the currency, opened when there is none: one wallet even when
 * two transactions open it side by side. The second's insert meets the unique index, waits for
 * the first's transaction and does nothing; it then reads the first's wallet (a new statement
 * sees what committed). Row-level only: no advisory lock, no lock on the user's row.
 */
export async function openSpendingWalletOnce(trx: Transaction<Database>, userId: bigint, currencyId: number): Promise<WalletWithCurrency> {
  const found = await repository.findNonReserveWallet(trx, userId, currencyId);
  if (found) return found;
  let accountNumber = newAccountNumber();
  for (let attempt = 1; attempt < ACCOUNT_NUMBER_TRIES && (await repository.isAccountNumberTaken(trx, accountNumber)); attempt++) {
    accountNumber = newAccountNumber();
  }
  const opened = await repository.insertWalletIfAbsent(trx, { userId, currencyId, accountNumber, isDefault: WALLET_KIND.ORDINARY });
  if (opened !== undefined) return repository.getWalletById(trx, opened);
  const other = await repository.findNonReserveWallet(trx, userId, currencyId);
  assert(other !== undefined, 'the wallet that made the opening do nothing is there');
  return other;
}

/** Every user gets a default wallet in the platform's default currency at sign-up. */
export async function createDefaultWallet(trx: Transaction<Database>, userId: bigint): Promise<bigint> {
  const currencyId = await repository.getCurrencyIdByCode(trx, DEFAULT_CURRENCY_CODE);
  return createWallet(trx, userId, currencyId, WALLET_KIND.DEFAULT);
}

export async function listWallets(db: Db, userId: bigint): Promise<TWallet[]> {
  const rows = await repository.listWalletsOfUser(db, userId);
  return rows.map((row) => ({
    id: Number(row.id),
    currency_id: row.currency_id,
    currency: { id: row.currency_id, code: row.currency_code, decimals: row.currency_decimals },
    is_default: row.is_default,
    user_id: Number(row.user_id),
    account_number: row.account_number,
    available_balance: minorToWire(row.available_balance),
    balance_on_hold: minorToWire(row.balance_on_hold),
  }));
}
