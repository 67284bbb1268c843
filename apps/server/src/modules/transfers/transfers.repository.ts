// Queries of send money: people, their wallets, the transfer method's charges and what a payer
// already sent today. Kysely only; `db` or `trx` first.
import { sql, type Transaction } from 'kysely';
import { TransactionType } from '@paywallet/ledger';
import { TRANSACTION_STATUS } from '@paywallet/contract';
import type { Database } from '../../db/schema.ts';
import type { Db } from '../../db/database.ts';

type Queryable = Db | Transaction<Database>;

export interface PersonRow {
  id: bigint;
  first_name: string;
  last_name: string;
  email: string;
  phone_number: string | null;
  avatar: string | null;
  status: number;
  type: 'merchant' | 'consumer' | 'admin';
}

export interface WalletRow {
  id: bigint;
  user_id: bigint;
  currency_id: number;
  currency_code: string;
  currency_decimals: number;
  is_default: number;
  account_number: string;
  available_balance: bigint;
}

export interface TransferPrivilegeRow {
  payment_method_id: number;
  vp_percentage_bps: number;
  gw_percentage_bps: number;
  vp_fixed_minor: bigint;
  gw_fixed_minor: bigint;
  min_amount_minor: bigint;
  max_amount_minor: bigint;
  daily_limit_minor: bigint;
}

const PERSON_COLUMNS = ['id', 'first_name', 'last_name', 'email', 'phone_number', 'avatar', 'status', 'type'] as const;

export async function findPersonByEmail(db: Queryable, email: string): Promise<PersonRow | undefined> {
  return db.selectFrom('users').select(PERSON_COLUMNS).where('email', '=', email).executeTakeFirst();
}

export async function findPersonByPhone(db: Queryable, phoneNumber: string): Promise<PersonRow | undefined> {
  return db.selectFrom('users').select(PERSON_COLUMNS).where('phone_number', '=', phoneNumber).executeTakeFirst();
}

export async function getPerson(db: Queryable, userId: bigint): Promise<PersonRow> {
  return db.selectFrom('users').select(PERSON_COLUMNS).where('id', '=', userId).executeTakeFirstOrThrow();
}

function walletQuery(db: Queryable) {
  return db
    .selectFrom('wallets')
    .innerJoin('currencies', 'currencies.id', 'wallets.currency_id')
    .select([
      'wallets.id',
      'wallets.user_id',
      'wallets.currency_id',
      'currencies.code as currency_code',
      'currencies.decimals as currency_decimals',
      'wallets.is_default',
      'wallets.account_number',
      'wallets.available_balance',
    ]);
}

function trimmed(row: WalletRow | undefined): WalletRow | undefined {
  // currencies.code is char(3): trim the padding once, here.
  return row && { ...row, currency_code: row.currency_code.trim() };
}

/** The wallet if it belongs to the user; undefined for anyone else's or an unknown id. */
export async function findOwnWallet(db: Queryable, userId: bigint, walletId: bigint): Promise<WalletRow | undefined> {
  return trimmed(await walletQuery(db).where('wallets.id', '=', walletId).where('wallets.user_id', '=', userId).executeTakeFirst());
}

export async function getWallet(db: Queryable, walletId: bigint): Promise<WalletRow> {
  return trimmed(await walletQuery(db).where('wallets.id', '=', walletId).executeTakeFirstOrThrow())!;
}

/** The user's ordinary or default wallet in a currency (never the rolling-reserve wallet). */
export async function findSpendingWallet(db: Queryable, userId: bigint, currencyId: number): Promise<WalletRow | undefined> {
  return trimmed(
    await walletQuery(db)
      .where('wallets.user_id', '=', userId)
      .where('wallets.currency_id', '=', currencyId)
      .where('wallets.is_default', '<>', 2)
      .executeTakeFirst(),
  );
}

export async function hasAnyWallet(db: Queryable, userId: bigint): Promise<boolean> {
  const row = await db.selectFrom('wallets').select('id').where('user_id', '=', userId).limit(1).executeTakeFirst();
  return row !== undefined;
}

/**
 * Locks people's rows, in id order, for the length of the transaction: the payer's (so their
 * confirms take turns and each counts what the ones before it sent, for the daily limit) and,
 * when a wallet must be opened for the payee, the payee's (so two payments cannot both open
 * one). Every confirm takes these row locks before any wallet lock, and wallets follow id
 * order, so no two confirms wait on each other in a cycle. NO KEY UPDATE does not block the
 * foreign-key checks of other postings. Row locks, not advisory locks: CockroachDB runs them.
 */
export async function lockPeople(trx: Transaction<Database>, userIds: bigint[]): Promise<void> {
  const ordered = [...new Set(userIds)].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  for (const userId of ordered) {
    await trx.selectFrom('users').select('id').where('id', '=', userId).forNoKeyUpdate().executeTakeFirstOrThrow();
  }
}

/** The active TRANSFER method of a currency with its charges and limits (the 'WALLET' method). */
export async function findTransferPrivilege(db: Queryable, currencyId: number): Promise<TransferPrivilegeRow | undefined> {
  return db
    .selectFrom('payment_methods')
    .innerJoin('currency_payment_methods', 'currency_payment_methods.payment_method_id', 'payment_methods.id')
    .innerJoin('privileges', 'privileges.currency_payment_method_id', 'currency_payment_methods.id')
    .select([
      'payment_methods.id as payment_method_id',
      'privileges.vp_percentage_bps',
      'privileges.gw_percentage_bps',
      'privileges.vp_fixed_minor',
      'privileges.gw_fixed_minor',
      'privileges.min_amount_minor',
      'privileges.max_amount_minor',
      'privileges.daily_limit_minor',
    ])
    .where('payment_methods.type', '=', 'TRANSFER')
    .where('payment_methods.active', '=', true)
    .where('currency_payment_methods.currency_id', '=', currencyId)
    .where('currency_payment_methods.active', '=', true)
    .orderBy('payment_methods.sort')
    .orderBy('payment_methods.id')
    .executeTakeFirst();
}

/**
 * What the payer sent since `sinceUtc` in a currency, counted as the daily limit counts it: the
 * amount they entered. That is kept in the quote the transfer was confirmed with (payer-pays:
 * the amount; deducted: the total); a transfer without a quote counts its total debit.
 */
export async function sumSentSinceMinor(db: Queryable, payerUserId: bigint, currencyId: number, sinceUtc: Date): Promise<bigint> {
  const result = await sql<{ sent: bigint | string | null }>`
    SELECT COALESCE(SUM(COALESCE((q.payload->>'enteredMinor')::bigint, t.total_amount)), 0) AS sent
      FROM transactions t
      LEFT JOIN quotes q ON q.transaction_id = t.id
     WHERE t.sender_user_id = ${payerUserId}
       AND t.currency_id = ${currencyId}
       AND t.transaction_type_id IN (${TransactionType.Transfer}, ${TransactionType.RequestPayment})
       AND t.status = ${TRANSACTION_STATUS.SUCCESS}
       AND t.created_at >= ${sinceUtc}`.execute(db);
  return BigInt(result.rows[0]?.sent ?? 0);
}
