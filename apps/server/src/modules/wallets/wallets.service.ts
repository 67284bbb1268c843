// Wallets (user accounts): one per currency, one default (DECISIONS 1), balances in minor units.
import crypto from 'node:crypto';
import type { Transaction } from 'kysely';
import type { TWallet } from '@paywallet/contract';
import type { Database } from '../../db/schema.ts';
import type { Db } from '../../db/database.ts';

export const DEFAULT_CURRENCY_CODE = 'AED';
const ACCOUNT_NUMBER_TRIES = 5;

/** A 14-character account number: 'PW' and 12 random digits; retried on the rare clash. */
function newAccountNumber(): string {
  return `PW${crypto.randomInt(0, 1e6).toString().padStart(6, '0')}${crypto.randomInt(0, 1e6).toString().padStart(6, '0')}`;
}

export async function createWallet(
  trx: Transaction<Database>,
  userId: bigint,
  currencyId: number,
  isDefault: 0 | 1 | 2,
): Promise<bigint> {
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
  const rows = await db
    .selectFrom('wallets')
    .innerJoin('currencies', 'currencies.id', 'wallets.currency_id')
    .select([
      'wallets.id',
      'wallets.currency_id',
      'wallets.is_default',
      'wallets.user_id',
      'wallets.account_number',
      'wallets.available_balance',
      'wallets.balance_on_hold',
      'currencies.code',
      'currencies.decimals',
    ])
    .where('wallets.user_id', '=', userId)
    .orderBy('wallets.is_default', 'desc')
    .orderBy('wallets.id')
    .execute();
  return rows.map((row) => ({
    id: Number(row.id),
    currency_id: row.currency_id,
    currency: { id: row.currency_id, code: row.code.trim(), decimals: row.decimals },
    is_default: row.is_default === 2 ? 2 : row.is_default,
    user_id: Number(row.user_id),
    account_number: row.account_number,
    available_balance: Number(row.available_balance),
    balance_on_hold: Number(row.balance_on_hold),
  }));
}
