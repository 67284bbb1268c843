// Settlements with a rolling reserve (issue 16, docs/settlements.md): a settlement configuration
// per merchant (and per channel, overriding the merchant's), the settlements a run makes, the
// reserves they hold back, and on each settled payment (and each refund of it paid from on
// hold) the settlement that took it. A payment is claimed by exactly one settlement: the claim
// is `UPDATE ... WHERE settlement_id IS NULL` under the row lock, and the posting key
// `settlement:<uuid>` is the ledger's guard behind it.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE settlement_configs (
      id bigserial PRIMARY KEY,
      merchant_user_id bigint NOT NULL REFERENCES users(id),
      channel_id bigint REFERENCES channels(id),
      type smallint NOT NULL CHECK (type IN (1, 2)),
      schedule text NOT NULL DEFAULT 'daily' CHECK (schedule IN ('daily')),
      delay_days smallint NOT NULL DEFAULT 1 CHECK (delay_days BETWEEN 1 AND 30),
      reserve_bps integer NOT NULL DEFAULT 0 CHECK (reserve_bps BETWEEN 0 AND 10000),
      reserve_hold_seconds integer NOT NULL DEFAULT 0 CHECK (reserve_hold_seconds BETWEEN 0 AND 31536000),
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      CHECK (type = 1 OR reserve_bps = 0)
    );
    CREATE UNIQUE INDEX settlement_configs_merchant ON settlement_configs (merchant_user_id) WHERE channel_id IS NULL;
    CREATE UNIQUE INDEX settlement_configs_channel ON settlement_configs (channel_id) WHERE channel_id IS NOT NULL;

    CREATE TABLE settlements (
      id bigserial PRIMARY KEY,
      uuid uuid NOT NULL UNIQUE,
      merchant_user_id bigint NOT NULL REFERENCES users(id),
      wallet_id bigint NOT NULL REFERENCES wallets(id),
      currency_id integer NOT NULL REFERENCES currencies(id),
      channel_id bigint REFERENCES channels(id),
      type smallint NOT NULL CHECK (type IN (1, 2)),
      status smallint NOT NULL DEFAULT 3 CHECK (status BETWEEN 0 AND 3),
      from_date date NOT NULL,
      to_date date NOT NULL,
      transaction_id bigint UNIQUE REFERENCES transactions(id),
      amount bigint NOT NULL CHECK (amount >= 0),
      fee bigint NOT NULL CHECK (fee >= 0),
      vat bigint NOT NULL CHECK (vat >= 0),
      transactions_count integer NOT NULL CHECK (transactions_count > 0),
      cutoff timestamptz NOT NULL,
      batch_run_id bigint REFERENCES batch_runs(id),
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      CHECK (amount - fee - vat >= 0)
    );
    CREATE INDEX settlements_merchant ON settlements (merchant_user_id, type, id);
    CREATE INDEX settlements_run ON settlements (batch_run_id, id);

    CREATE TABLE rolling_reserves (
      id bigserial PRIMARY KEY,
      uuid uuid NOT NULL UNIQUE,
      settlement_id bigint NOT NULL UNIQUE REFERENCES settlements(id),
      merchant_user_id bigint NOT NULL REFERENCES users(id),
      wallet_id bigint NOT NULL REFERENCES wallets(id),
      reserve_wallet_id bigint NOT NULL REFERENCES wallets(id),
      amount bigint NOT NULL CHECK (amount > 0),
      percent integer NOT NULL CHECK (percent BETWEEN 0 AND 10000),
      status smallint NOT NULL DEFAULT 0 CHECK (status BETWEEN 0 AND 3),
      time_interval integer NOT NULL CHECK (time_interval >= 0),
      release_at timestamptz NOT NULL,
      release_transaction_id bigint UNIQUE REFERENCES transactions(id),
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      CHECK ((status = 3) = (release_transaction_id IS NOT NULL))
    );
    CREATE INDEX rolling_reserves_due ON rolling_reserves (release_at, id) WHERE status = 0;

    ALTER TABLE transactions ADD COLUMN settlement_id bigint REFERENCES settlements(id);
    CREATE INDEX transactions_settlement ON transactions (settlement_id, id) WHERE settlement_id IS NOT NULL;
    -- The payments a run may settle: successful merchant payments (8, 9, 10) no settlement took yet.
    CREATE INDEX transactions_unsettled ON transactions (receiver_account_id, channel_id, created_at)
      WHERE settlement_id IS NULL AND status = 1 AND transaction_type_id IN (8, 9, 10);
  `.execute(db);
}
