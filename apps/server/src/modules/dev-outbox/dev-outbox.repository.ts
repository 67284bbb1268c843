// Queries of the dev outbox (development only): the e-mails kept in the outbox table and the
// wallets of one e-mail's owner. Kysely only; `db` first.
import { WALLET_KIND } from '@paywallet/contract';
import type { Queryable } from '../../db/database.ts';

export interface OutboxEmailRow {
  id: bigint;
  to_address: string;
  subject: string;
  text_body: string;
  created_at: Date;
}

/** The newest `limit` e-mails kept by the outbox transport, to one address or to all. */
export async function listOutboxEmails(db: Queryable, toAddress: string | undefined, limit: number): Promise<OutboxEmailRow[]> {
  let query = db
    .selectFrom('outbox_emails')
    .select(['id', 'to_address', 'subject', 'text_body', 'created_at'])
    .where('transport', '=', 'outbox')
    .orderBy('id', 'desc')
    .limit(limit);
  if (toAddress !== undefined) query = query.where('to_address', '=', toAddress);
  return query.execute();
}

/** The wallets of the user with this e-mail, with their balances, in the order they were opened. */
export async function listWalletBalancesOfEmail(db: Queryable, email: string) {
  return db
    .selectFrom('wallet_balances as wallets')
    .innerJoin('users', 'users.id', 'wallets.user_id')
    .innerJoin('currencies', 'currencies.id', 'wallets.currency_id')
    .select(['wallets.id', 'currencies.code', 'wallets.available_balance', 'wallets.balance_on_hold', 'wallets.is_default'])
    .where('users.email', '=', email)
    .orderBy('wallets.id')
    .execute();
}

/**
 * Changes the stored available balance of the user's wallet in `currency` (the first opened that
 * is not a rolling-reserve wallet) by `by` minor units, with no entry: what a hand-made UPDATE
 * behind the ledger's back does. The wallet's id, or undefined when the user has no such wallet.
 */
export async function shiftStoredBalance(db: Queryable, email: string, currency: string, by: number): Promise<bigint | undefined> {
  const wallet = await db
    .selectFrom('wallets')
    .innerJoin('users', 'users.id', 'wallets.user_id')
    .innerJoin('currencies', 'currencies.id', 'wallets.currency_id')
    .select('wallets.id')
    .where('users.email', '=', email)
    .where('currencies.code', '=', currency)
    .where('wallets.is_default', '!=', WALLET_KIND.ROLLING_RESERVE)
    .orderBy('wallets.id')
    .executeTakeFirst();
  if (!wallet) return undefined;
  await db
    .updateTable('wallets')
    .set((eb) => ({ available_balance: eb('available_balance', '+', BigInt(by)) }))
    .where('id', '=', wallet.id)
    .execute();
  return wallet.id;
}

/** The id of the user with this e-mail, if any (the dev notice's recipient). */
export async function findUserIdByEmail(db: Queryable, email: string): Promise<bigint | undefined> {
  const row = await db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst();
  return row?.id;
}
