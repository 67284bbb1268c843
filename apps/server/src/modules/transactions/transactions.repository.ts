// Queries of the transaction history: a user sees the transactions they sent or received.
import type { ExpressionBuilder, Selectable } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { Database, TransactionsTable } from '../../db/schema.ts';

export type TransactionRow = Selectable<TransactionsTable> & { currency_code: string; payment_method_name: string | null };

export interface PartyRow {
  id: bigint;
  first_name: string;
  last_name: string;
  email: string;
  phone_number: string | null;
}

export interface ChargeRow {
  name: string;
  type: 'fee' | 'vat';
  charges: bigint;
}

function transactionQuery(db: Db) {
  return db
    .selectFrom('transactions')
    .innerJoin('currencies', 'currencies.id', 'transactions.currency_id')
    .leftJoin('payment_methods', 'payment_methods.id', 'transactions.payment_method_id')
    .selectAll('transactions')
    .select(['currencies.code as currency_code', 'payment_methods.name as payment_method_name']);
}

function trimmed(row: TransactionRow): TransactionRow {
  return { ...row, currency_code: row.currency_code.trim() };
}

export async function isOwnWallet(db: Db, userId: bigint, walletId: bigint): Promise<boolean> {
  const row = await db.selectFrom('wallets').select('id').where('id', '=', walletId).where('user_id', '=', userId).executeTakeFirst();
  return row !== undefined;
}

export interface TransactionFilter {
  userId: bigint;
  /** Only the movements of this wallet (already checked to be the user's). */
  walletId?: bigint;
}

/** Where the user (or one of their wallets) is the sender or the receiver. */
function partyFilter(filter: TransactionFilter) {
  return (eb: ExpressionBuilder<Database, 'transactions'>) =>
    filter.walletId === undefined
      ? eb.or([eb('transactions.sender_user_id', '=', filter.userId), eb('transactions.receiver_user_id', '=', filter.userId)])
      : eb.or([eb('transactions.sender_account_id', '=', filter.walletId), eb('transactions.receiver_account_id', '=', filter.walletId)]);
}

/** One page of the user's transactions, newest first, and their total. */
export async function listTransactions(
  db: Db,
  filter: TransactionFilter,
  page: { limit: number; offset: number },
): Promise<{ rows: TransactionRow[]; total: number }> {
  const rows = await transactionQuery(db)
    .where(partyFilter(filter))
    .orderBy('transactions.id', 'desc')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
  const count = await db
    .selectFrom('transactions')
    .select((eb) => eb.fn.countAll().as('n'))
    .where(partyFilter(filter))
    .executeTakeFirstOrThrow();
  return { rows: rows.map(trimmed), total: Number(count.n) };
}

/** The transaction if the user is its sender or its receiver; undefined for anyone else. */
export async function findTransactionForParty(db: Db, userId: bigint, uuid: string): Promise<TransactionRow | undefined> {
  const row = await transactionQuery(db)
    .where('transactions.uuid', '=', uuid)
    .where((eb) => eb.or([eb('transactions.sender_user_id', '=', userId), eb('transactions.receiver_user_id', '=', userId)]))
    .executeTakeFirst();
  return row && trimmed(row);
}

export async function findParty(db: Db, userId: bigint | null): Promise<PartyRow | undefined> {
  if (userId === null) return undefined;
  return db
    .selectFrom('users')
    .select(['id', 'first_name', 'last_name', 'email', 'phone_number'])
    .where('id', '=', userId)
    .executeTakeFirst();
}

export async function listCharges(db: Db, transactionId: bigint): Promise<ChargeRow[]> {
  return db
    .selectFrom('transaction_charges')
    .select(['name', 'type', 'charges'])
    .where('transaction_id', '=', transactionId)
    .orderBy('id')
    .execute();
}
