// Queries of card deposits: the lock on the user's wallet and what a user already deposited
// today. The wallet and the DEPOSIT methods are read through the wallets and payment-methods
// services. Kysely only; `db` or `trx` first.
import { sql, type Transaction } from 'kysely';
import { TransactionType } from '@paywallet/ledger';
import { TRANSACTION_STATUS } from '@paywallet/contract';
import type { Database } from '../../db/schema.ts';
import type { Db } from '../../db/database.ts';

type Queryable = Db | Transaction<Database>;

/**
 * Locks the user's wallet (FOR UPDATE OF wallets) for a deposit: two deposits of one wallet
 * then count each other against the daily limit instead of both passing it at once. False when
 * the wallet is not the user's or does not exist.
 */
export async function lockOwnWallet(trx: Transaction<Database>, userId: bigint, walletId: bigint): Promise<boolean> {
  const locked = await trx
    .selectFrom('wallets')
    .select('id')
    .where('id', '=', walletId)
    .where('user_id', '=', userId)
    .forUpdate()
    .executeTakeFirst();
  return locked !== undefined;
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
