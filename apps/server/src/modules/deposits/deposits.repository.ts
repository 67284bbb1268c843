// Queries of card deposits: the user's wallet, the DEPOSIT methods of a currency with their
// charges and limits, and what a user already deposited today. Kysely only; `db` or `trx` first.
import { sql, type Transaction } from 'kysely';
import { TransactionType } from '@paywallet/ledger';
import { TRANSACTION_STATUS } from '@paywallet/contract';
import type { Database } from '../../db/schema.ts';
import type { Db } from '../../db/database.ts';

type Queryable = Db | Transaction<Database>;

export interface DepositWalletRow {
  id: bigint;
  user_id: bigint;
  currency_id: number;
  currency_code: string;
  currency_decimals: number;
  account_number: string;
  first_name: string;
  last_name: string;
}

export interface DepositMethodRow {
  payment_method_id: number;
  name: string;
  code: string;
  currency_payment_method_id: number;
  currency_id: number;
  vp_percentage_bps: number;
  gw_percentage_bps: number;
  vp_fixed_minor: bigint;
  gw_fixed_minor: bigint;
  min_amount_minor: bigint;
  max_amount_minor: bigint;
  daily_limit_minor: bigint;
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
      'wallets.account_number',
      'users.first_name',
      'users.last_name',
    ]);
}

function trimmed(row: DepositWalletRow | undefined): DepositWalletRow | undefined {
  // currencies.code is char(3): trim the padding once, here.
  return row && { ...row, currency_code: row.currency_code.trim() };
}

/** The wallet if it belongs to the user; undefined for anyone else's or an unknown id. */
export async function findOwnWallet(db: Queryable, userId: bigint, walletId: bigint): Promise<DepositWalletRow | undefined> {
  return trimmed(await walletQuery(db).where('wallets.id', '=', walletId).where('wallets.user_id', '=', userId).executeTakeFirst());
}

/**
 * Locks the user's wallet (FOR UPDATE OF wallets) for a deposit: two deposits of one wallet
 * then count each other against the daily limit instead of both passing it at once.
 */
export async function lockOwnWallet(trx: Transaction<Database>, userId: bigint, walletId: bigint): Promise<DepositWalletRow | undefined> {
  const locked = await trx
    .selectFrom('wallets')
    .select('id')
    .where('id', '=', walletId)
    .where('user_id', '=', userId)
    .forUpdate()
    .executeTakeFirst();
  return locked ? findOwnWallet(trx, userId, walletId) : undefined;
}

function depositMethodQuery(db: Queryable, currencyId: number) {
  return db
    .selectFrom('payment_methods')
    .innerJoin('currency_payment_methods', 'currency_payment_methods.payment_method_id', 'payment_methods.id')
    .innerJoin('privileges', 'privileges.currency_payment_method_id', 'currency_payment_methods.id')
    .select([
      'payment_methods.id as payment_method_id',
      'payment_methods.name',
      'payment_methods.code',
      'currency_payment_methods.id as currency_payment_method_id',
      'currency_payment_methods.currency_id',
      'privileges.vp_percentage_bps',
      'privileges.gw_percentage_bps',
      'privileges.vp_fixed_minor',
      'privileges.gw_fixed_minor',
      'privileges.min_amount_minor',
      'privileges.max_amount_minor',
      'privileges.daily_limit_minor',
    ])
    .where('payment_methods.type', '=', 'DEPOSIT')
    .where('payment_methods.active', '=', true)
    .where('currency_payment_methods.currency_id', '=', currencyId)
    .where('currency_payment_methods.active', '=', true);
}

/** The active DEPOSIT methods of a currency, in their display order. */
export async function listDepositMethods(db: Queryable, currencyId: number): Promise<DepositMethodRow[]> {
  return depositMethodQuery(db, currencyId).orderBy('payment_methods.sort').orderBy('payment_methods.id').execute();
}

export async function findDepositMethod(db: Queryable, currencyId: number, paymentMethodId: number): Promise<DepositMethodRow | undefined> {
  return depositMethodQuery(db, currencyId).where('payment_methods.id', '=', paymentMethodId).executeTakeFirst();
}

/**
 * What the user deposited since `sinceUtc` into wallets of a currency with one method: the
 * amounts credited (not the charges) of successful and still pending deposits, so a deposit
 * waiting for its 3-D Secure answer already counts against the daily limit.
 */
export async function sumDepositedSinceMinor(
  db: Queryable,
  userId: bigint,
  currencyId: number,
  paymentMethodId: number,
  sinceUtc: Date,
): Promise<bigint> {
  const result = await sql<{ deposited: bigint | string | null }>`
    SELECT COALESCE(SUM(amount), 0) AS deposited
      FROM transactions
     WHERE receiver_user_id = ${userId}
       AND currency_id = ${currencyId}
       AND payment_method_id = ${paymentMethodId}
       AND transaction_type_id = ${TransactionType.Deposit}
       AND status IN (${TRANSACTION_STATUS.PENDING}, ${TRANSACTION_STATUS.SUCCESS})
       AND created_at >= ${sinceUtc}`.execute(db);
  return BigInt(result.rows[0]?.deposited ?? 0);
}
