// System accounts per currency (card clearing, fee revenue, VAT payable, payouts) as rows of
// their own, with their balances as a view over the entries: no posting ever updates (and so
// ever waits on) a system account row. Also: the index the daily-limit sum needs, and the
// foreign keys of rows that only the posting function writes, in the same statement as their
// parent, are dropped from the hot path (see docs/benchmarks.md for what they cost).
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE system_accounts (
      id serial PRIMARY KEY,
      kind text NOT NULL CHECK (kind IN ('gateway', 'fees', 'vat', 'payouts')),
      currency char(3) NOT NULL,
      name text NOT NULL,
      account_number text NOT NULL UNIQUE,
      created_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (kind, currency)
    );

    CREATE VIEW system_account_balances AS
      SELECT s.id, s.kind, s.currency, s.name, s.account_number,
             COALESCE((SELECT SUM(e.amount) FROM ledger_entries e
                        WHERE e.system_account = s.kind AND e.currency = s.currency), 0) AS balance
        FROM system_accounts s;

    CREATE INDEX quotes_transaction ON quotes (transaction_id) WHERE transaction_id IS NOT NULL;

    ALTER TABLE ledger_entries DROP CONSTRAINT ledger_entries_wallet_id_fkey;
    ALTER TABLE ledger_entries DROP CONSTRAINT ledger_entries_transaction_id_fkey;
    ALTER TABLE transaction_charges DROP CONSTRAINT transaction_charges_transaction_id_fkey;
  `.execute(db);
}
