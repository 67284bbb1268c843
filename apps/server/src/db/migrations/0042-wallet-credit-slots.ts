// A hot wallet's credits spread over a few rows. A merchant's wallet is credited by every card
// payment it takes; with its balance on the wallet's row alone, each payment held that row's
// lock from its update to its commit, so payments into one merchant committed one at a time.
// A card payment now adds its credit to one of a few slot rows of the wallet, picked at random,
// so payments into one merchant lock different rows and commit side by side. The balance is the
// row plus its slots (the view wallet_balances); a debit the row alone does not cover folds the
// slots into the row first, under the row's lock (docs/money.md, "Hot wallets").
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE wallet_credit_slots (
      wallet_id bigint NOT NULL REFERENCES wallets(id),
      slot smallint NOT NULL CHECK (slot >= 0),
      available_balance bigint NOT NULL DEFAULT 0 CHECK (available_balance >= 0),
      balance_on_hold bigint NOT NULL DEFAULT 0 CHECK (balance_on_hold >= 0),
      PRIMARY KEY (wallet_id, slot)
    );

    CREATE VIEW wallet_balances AS
    SELECT w.id, w.user_id, w.currency_id, w.account_number, w.is_default,
           w.available_balance + coalesce(s.available_balance, 0) AS available_balance,
           w.balance_on_hold + coalesce(s.balance_on_hold, 0) AS balance_on_hold,
           w.created_at, w.updated_at
      FROM wallets w
      CROSS JOIN LATERAL (
        SELECT sum(c.available_balance)::bigint AS available_balance, sum(c.balance_on_hold)::bigint AS balance_on_hold
          FROM wallet_credit_slots c
         WHERE c.wallet_id = w.id
      ) s;
  `.execute(db);
}
