// Daily rollups of the transaction list (issue 15, docs/lists.md "Rollups"): counts and amount
// sums per party side, GMT day, type, status, channel, customer country and direction, so a
// list's total and the dashboard's figures read a few thousand rollup rows instead of millions
// of transactions.
//
// Two tables of one shape: `transaction_rollup_deltas` is append-only and written by the
// statement triggers below inside the transaction that writes the business row (every door
// keeps the rollup without code of its own, and an insert takes no lock another posting waits
// for); `transaction_rollups` holds the deltas folded together by the compaction job. A read
// sums both in one statement, so it is exact at once after a commit.
//
// A transaction contributes one row per side. The receiver side always counts for its user and
// wallet; the sender side counts for its user (wallet) only when that is not also the receiver's
// user (wallet): a transfer between one user's own wallets is counted once in the user's list,
// and once for each wallet in the wallet's list, as the list's OR over the two parties selects it.
// The customer's country is kept on the transaction row (`customer_country`), set from the
// customer when the row is written and when the customer's country changes, so every rollup key
// is a function of the transaction row alone and an update can subtract exactly what it added.
import { sql, type Kysely } from 'kysely';

const KEY_COLUMNS = 'user_id, wallet_id, day, transaction_type_id, status, channel_id, country, incoming, for_user, for_wallet';

/** The side rows of the transactions in `relation`, each counting `sign` (1 or -1). */
function sidesOf(relation: string, sign: 1 | -1): string {
  return `
    SELECT side.user_id, side.wallet_id, (t.created_at AT TIME ZONE 'UTC')::date AS day, t.transaction_type_id, t.status,
           t.channel_id, t.customer_country AS country, side.incoming, side.for_user, side.for_wallet,
           ${sign}::bigint AS count, ${sign} * t.amount AS amount
      FROM ${relation} AS t
      CROSS JOIN LATERAL (VALUES
        (t.sender_user_id, t.sender_account_id, false,
         t.sender_user_id IS NOT NULL AND t.sender_user_id IS DISTINCT FROM t.receiver_user_id,
         t.sender_account_id IS NOT NULL AND t.sender_account_id IS DISTINCT FROM t.receiver_account_id),
        (t.receiver_user_id, t.receiver_account_id, true, t.receiver_user_id IS NOT NULL, t.receiver_account_id IS NOT NULL)
      ) AS side (user_id, wallet_id, incoming, for_user, for_wallet)
     WHERE side.for_user OR side.for_wallet`;
}

/** Inserts the net rows of `sides` into `table`; keys whose changes cancel out write nothing. */
function insertSummed(table: string, sides: string): string {
  return `
    INSERT INTO ${table} (${KEY_COLUMNS}, count, amount)
    SELECT ${KEY_COLUMNS}, sum(count)::bigint, sum(amount)::bigint
      FROM (${sides}) AS sides
     GROUP BY ${KEY_COLUMNS}
    HAVING sum(count) <> 0 OR sum(amount) <> 0`;
}

function rollupTable(name: string, id: string): string {
  return `
    CREATE TABLE ${name} (
      id ${id},
      user_id bigint,
      wallet_id bigint,
      day date NOT NULL,
      transaction_type_id smallint NOT NULL,
      status smallint NOT NULL,
      channel_id bigint,
      country text,
      incoming boolean NOT NULL,
      for_user boolean NOT NULL,
      for_wallet boolean NOT NULL,
      count bigint NOT NULL,
      amount bigint NOT NULL
    );`;
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(
      `
    ALTER TABLE transactions ADD COLUMN customer_country text;
    UPDATE transactions AS t SET customer_country = c.country FROM customers AS c WHERE c.id = t.customer_id AND c.country IS NOT NULL;

    -- The paying customer's country, read when the row is written or its customer changes.
    CREATE FUNCTION transactions_customer_country() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      NEW.customer_country := (SELECT country FROM customers WHERE id = NEW.customer_id);
      RETURN NEW;
    END;
    $$;
    CREATE TRIGGER transactions_customer_country BEFORE INSERT OR UPDATE OF customer_id ON transactions
      FOR EACH ROW EXECUTE FUNCTION transactions_customer_country();

    -- A customer's new country moves their transactions with it (each row's update is a delta).
    CREATE FUNCTION customers_country_to_transactions() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      UPDATE transactions SET customer_country = NEW.country
       WHERE customer_id = NEW.id AND customer_country IS DISTINCT FROM NEW.country;
      RETURN NULL;
    END;
    $$;
    CREATE TRIGGER customers_country_to_transactions AFTER UPDATE OF country ON customers
      FOR EACH ROW WHEN (OLD.country IS DISTINCT FROM NEW.country) EXECUTE FUNCTION customers_country_to_transactions();

    ${rollupTable('transaction_rollups', 'bigserial PRIMARY KEY')}
    ALTER TABLE transaction_rollups ADD CONSTRAINT transaction_rollups_key UNIQUE NULLS NOT DISTINCT (${KEY_COLUMNS});
    CREATE INDEX transaction_rollups_user ON transaction_rollups (user_id, day) WHERE for_user;
    CREATE INDEX transaction_rollups_wallet ON transaction_rollups (wallet_id, day) WHERE for_wallet;

    ${rollupTable('transaction_rollup_deltas', 'bigserial PRIMARY KEY')}
    CREATE INDEX transaction_rollup_deltas_user ON transaction_rollup_deltas (user_id, day) WHERE for_user;
    CREATE INDEX transaction_rollup_deltas_wallet ON transaction_rollup_deltas (wallet_id, day) WHERE for_wallet;

    -- Statement triggers with transition tables: a statement writing many rows (a bulk status
    -- change, a load) writes its deltas already summed, one row per key.
    CREATE FUNCTION transactions_rollup_insert() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      ${insertSummed('transaction_rollup_deltas', sidesOf('new_rows', 1))};
      RETURN NULL;
    END;
    $$;
    CREATE TRIGGER transactions_rollup_insert AFTER INSERT ON transactions
      REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION transactions_rollup_insert();

    -- Old rows minus, new rows plus; an update of no rolled-up column nets to nothing and writes nothing.
    CREATE FUNCTION transactions_rollup_update() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      ${insertSummed('transaction_rollup_deltas', `${sidesOf('new_rows', 1)} UNION ALL ${sidesOf('old_rows', -1)}`)};
      RETURN NULL;
    END;
    $$;
    CREATE TRIGGER transactions_rollup_update AFTER UPDATE ON transactions
      REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION transactions_rollup_update();

    CREATE FUNCTION transactions_rollup_delete() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      ${insertSummed('transaction_rollup_deltas', sidesOf('old_rows', -1))};
      RETURN NULL;
    END;
    $$;
    CREATE TRIGGER transactions_rollup_delete AFTER DELETE ON transactions
      REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION transactions_rollup_delete();

    -- The rows written before this migration, straight into the compacted table.
    ${insertSummed('transaction_rollups', sidesOf('transactions', 1))};
  `,
    )
    .execute(db);
}
