// The ledger's health (issue 16, docs/ledger-health.md): the invariants of ARCHITECTURE 4 checked
// by jobs instead of only by tests. An incremental check every minute reads the entries written
// since its checkpoint; a full check (hourly, and on demand from the console) reads everything.
//
// - ledger_health_state: one row, the incremental check's checkpoint (every entry with an id up
//   to checked_through_entry_id has been read) and the highest id it saw last time, with when
//   (the next check reads up to it once it is old enough that no transaction writing below it
//   can still be open).
// - ledger_health_wallet_sums: per wallet, the sum of its entries up to an id, so a wallet with
//   millions of entries is summed once and then only from there on.
// - ledger_health_checks: each check's result (kind, when, how long, what it read, the breaches
//   it found), kept bounded (the newest 1440 incremental and 200 full checks).
// - ledger_health_breaches: each distinct breach once while it lasts (a unique key among the open
//   ones), raised to the administrators when first seen, resolved when a check no longer finds it.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE ledger_health_state (
      id smallint PRIMARY KEY CHECK (id = 1),
      checked_through_entry_id bigint NOT NULL CHECK (checked_through_entry_id >= 0),
      observed_max_entry_id bigint CHECK (observed_max_entry_id >= 0),
      observed_at timestamptz,
      updated_at timestamptz NOT NULL DEFAULT now()
    );
    -- The entries written before this migration are the full check's: the incremental check
    -- watches what is written from now on.
    INSERT INTO ledger_health_state (id, checked_through_entry_id)
      SELECT 1, COALESCE(MAX(id), 0) FROM ledger_entries;

    CREATE TABLE ledger_health_wallet_sums (
      wallet_id bigint PRIMARY KEY,
      available_sum bigint NOT NULL,
      on_hold_sum bigint NOT NULL,
      through_entry_id bigint NOT NULL
    );

    CREATE TABLE ledger_health_checks (
      id bigserial PRIMARY KEY,
      kind text NOT NULL CHECK (kind IN ('incremental', 'full')),
      requested_by bigint REFERENCES users(id),
      started_at timestamptz NOT NULL,
      finished_at timestamptz NOT NULL DEFAULT now(),
      duration_ms integer NOT NULL CHECK (duration_ms >= 0),
      from_entry_id bigint,
      through_entry_id bigint,
      entries_read bigint NOT NULL CHECK (entries_read >= 0),
      transactions_read bigint CHECK (transactions_read >= 0),
      wallets_read bigint NOT NULL CHECK (wallets_read >= 0),
      breaches_found integer NOT NULL CHECK (breaches_found >= 0),
      new_breaches integer NOT NULL CHECK (new_breaches >= 0),
      breaches jsonb NOT NULL,
      totals jsonb
    );
    CREATE INDEX ledger_health_checks_kind ON ledger_health_checks (kind, id);

    CREATE TABLE ledger_health_breaches (
      id bigserial PRIMARY KEY,
      key text NOT NULL CHECK (length(key) <= 200),
      kind text NOT NULL CHECK (kind IN ('unbalanced-currency', 'unbalanced-transaction', 'wallet-off-entries',
                                         'negative-wallet', 'missing-system-account', 'orphan-entries')),
      currency char(3),
      wallet_id bigint,
      transaction_id bigint,
      bucket text CHECK (bucket IS NULL OR bucket IN ('available', 'on_hold')),
      message text NOT NULL CHECK (length(message) <= 500),
      detail jsonb NOT NULL,
      first_check_id bigint NOT NULL,
      last_check_id bigint NOT NULL,
      first_seen_at timestamptz NOT NULL DEFAULT now(),
      last_seen_at timestamptz NOT NULL DEFAULT now(),
      resolved_at timestamptz
    );
    CREATE UNIQUE INDEX ledger_health_breaches_open ON ledger_health_breaches (key) WHERE resolved_at IS NULL;
    CREATE INDEX ledger_health_breaches_resolved ON ledger_health_breaches (resolved_at) WHERE resolved_at IS NOT NULL;
  `.execute(db);
}
