// Queries of send money: people, the locks on their rows and what a payer already sent today.
// Wallets and the transfer method are read through the wallets and payment-methods services.
// Kysely only; `db` or `trx` first.
import { sql, type Transaction } from 'kysely';
import { assert, TransactionType } from '@paywallet/ledger';
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

const PERSON_COLUMNS = ['id', 'first_name', 'last_name', 'email', 'phone_number', 'avatar', 'status', 'type'] as const;

export async function findPersonByEmail(db: Queryable, email: string): Promise<PersonRow | undefined> {
  return db.selectFrom('users').select(PERSON_COLUMNS).where('email', '=', email).executeTakeFirst();
}

export async function findPersonByPhone(db: Queryable, phoneNumber: string): Promise<PersonRow | undefined> {
  return db.selectFrom('users').select(PERSON_COLUMNS).where('phone_number', '=', phoneNumber).executeTakeFirst();
}

/** Two people in one round trip (payer and payee of a confirm). */
export async function getPeople(db: Queryable, firstId: bigint, secondId: bigint): Promise<[PersonRow, PersonRow]> {
  const rows = await db.selectFrom('users').select(PERSON_COLUMNS).where('id', 'in', [firstId, secondId]).execute();
  const first = rows.find((row) => row.id === firstId);
  const second = rows.find((row) => row.id === secondId);
  assert(first !== undefined && second !== undefined, 'a party of the transfer does not exist');
  return [first, second];
}

export async function getPerson(db: Queryable, userId: bigint): Promise<PersonRow> {
  return db.selectFrom('users').select(PERSON_COLUMNS).where('id', '=', userId).executeTakeFirstOrThrow();
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
