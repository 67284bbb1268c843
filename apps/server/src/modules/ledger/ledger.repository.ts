// The posting function's SQL. Each write of a movement is one statement (one round trip): the
// business row, its entries and its charge rows go in together through CTEs, and the statement
// answers what it wrote (the entries' count and sum) so that ledger.service.ts can check it
// against what it asked for. Balances move by a conditional UPDATE that refuses to go below
// zero, so the row lock and the balance check are one round trip too.
//
// A keyed posting (docs/posting-keys.md) is the same statement with the key on the business
// row: the INSERT does nothing when the key is taken (ON CONFLICT on the partial unique index),
// and so neither do the entries and charges written under it. On PostgreSQL a second inserter
// of a key waits for the first's commit and then sees the conflict; findKeyedPosting, a new
// statement, then reads the winner.
import { sql, type RawBuilder, type Transaction } from 'kysely';
import { TRANSACTION_STATUS } from '@paywallet/contract';
import { assert, type Entries } from '@paywallet/ledger';
import { insertJsonRowsSql, jsonRows } from '../../db/json-rows.ts';
import type { Database } from '../../db/schema.ts';
import type {
  ChargeRow,
  ClosedStatus,
  KeyedPosting,
  PostedAmounts,
  PostingAlongside,
  PostingTransaction,
  StoredKeyedPosting,
  WalletDelta,
  WrittenEntries,
} from './ledger.types.ts';

interface WrittenRow {
  id: bigint;
  entries_sum: bigint | string;
  entries_count: bigint | string;
}

function written(row: WrittenRow | undefined): WrittenEntries | undefined {
  return row && { transactionId: row.id, entriesSum: BigInt(row.entries_sum), entriesCount: BigInt(row.entries_count) };
}

/**
 * Writes the business row, its entries and its charges; undefined if the row was not written,
 * which for a keyed posting means that the key was taken (nothing at all is written then).
 */
export async function insertPostedTransaction(
  trx: Transaction<Database>,
  movement: PostingTransaction,
  uuid: string,
  entries: Entries,
  charges: ChargeRow[],
  keyed: KeyedPosting | null = null,
  alongside: PostingAlongside | null = null,
): Promise<WrittenEntries | undefined> {
  const insert = transactionInsertSql(movement, uuid, keyed);
  const row = keyed ? sql`${insert} ON CONFLICT (posting_key) WHERE posting_key IS NOT NULL DO NOTHING` : insert;
  return writeEntriesOf(trx, row, entries, charges, alongside);
}

/** The transaction that holds a posting key, with what it stored for it; undefined if none does. */
export async function findKeyedPosting(trx: Transaction<Database>, key: string): Promise<StoredKeyedPosting | undefined> {
  const result = await sql<{ id: bigint; uuid: string; posting_digest: string; entries_count: bigint | string }>`
    SELECT t.id, t.uuid, t.posting_digest,
           (SELECT count(*) FROM ledger_entries e WHERE e.transaction_id = t.id) AS entries_count
      FROM transactions t
     WHERE t.posting_key = ${key}`.execute(trx);
  const row = result.rows[0];
  return row && { transactionId: row.id, uuid: row.uuid, digest: row.posting_digest, entriesCount: BigInt(row.entries_count) };
}

/**
 * One statement: `row` (an INSERT or UPDATE of the business row) gives the transaction's id,
 * and its entries and charges are written under that id. Nothing is written when `row` touched
 * no row (the UPDATE of a transaction that was no longer pending).
 */
async function writeEntriesOf(
  trx: Transaction<Database>,
  row: RawBuilder<unknown>,
  entries: Entries,
  charges: ChargeRow[],
  alongside: PostingAlongside | null = null,
): Promise<WrittenEntries | undefined> {
  const result = await sql<WrittenRow>`
    WITH t AS (
      ${row}
      RETURNING id, uuid
    ), e AS (
      ${entriesInsertSql(
        entries.map((e) => entryRow(e)),
        'alone',
      )}
    ), c AS (
      ${chargesInsertSql(chargeRowsOf(charges), 'alone')}
    )${alongside ? sql`, alongside AS (${alongside(sql`t`)})` : sql``}
    SELECT t.id, (SELECT COALESCE(SUM(amount), 0) FROM e) AS entries_sum, (SELECT count(*) FROM e) AS entries_count FROM t`.execute(trx);
  return written(result.rows[0]);
}

/** Writes a business row without entries (pending or failed); undefined if it was not written. */
export async function insertUnpostedTransaction(
  trx: Transaction<Database>,
  movement: PostingTransaction,
  uuid: string,
): Promise<bigint | undefined> {
  const result = await sql<{ id: bigint }>`${transactionInsertSql(movement, uuid, null)} RETURNING id`.execute(trx);
  return result.rows[0]?.id;
}

/**
 * Gives a pending (0) transaction its final `status` and writes its entries and charges, in
 * one statement. Undefined when the row was not pending, or (keyed) when another row holds the
 * key: nothing is written then. Two postings of one pending row wait on its row lock, and the
 * second finds it no longer pending; two rows posted under one key at once meet in the unique
 * index instead, and the second's statement fails with a unique violation.
 */
export async function postPendingTransaction(
  trx: Transaction<Database>,
  transactionId: bigint,
  status: number,
  entries: Entries,
  charges: ChargeRow[],
  amounts: PostedAmounts | null = null,
  keyed: KeyedPosting | null = null,
): Promise<WrittenEntries | undefined> {
  const row = sql`
    UPDATE transactions SET status = ${status}, updated_at = now(),
           amount = COALESCE(${amounts?.amountMinor ?? null}::bigint, amount),
           fee = COALESCE(${amounts?.feeMinor ?? null}::bigint, fee),
           vat = COALESCE(${amounts?.vatMinor ?? null}::bigint, vat),
           total_amount = COALESCE(${amounts?.totalAmountMinor ?? null}::bigint, total_amount),
           posting_key = ${keyed?.key ?? null}, posting_digest = ${keyed?.digest ?? null}
     WHERE id = ${transactionId} AND status = ${TRANSACTION_STATUS.PENDING}
       ${keyed ? sql`AND NOT EXISTS (SELECT 1 FROM transactions AS keyed WHERE keyed.posting_key = ${keyed.key})` : sql``}`;
  return writeEntriesOf(trx, row, entries, charges);
}

/**
 * Pending (0) -> failed (2) or expired (3) with its reason; false when it was not pending. It
 * moved nothing, so it carries no fee and no VAT from then on.
 */
export async function closePendingTransaction(
  trx: Transaction<Database>,
  transactionId: bigint,
  status: ClosedStatus,
  failureReason: string,
): Promise<boolean> {
  const updated = await trx
    .updateTable('transactions')
    .set({ status, failure_reason: failureReason, fee: 0n, vat: 0n, updated_at: new Date() })
    .where('id', '=', transactionId)
    .where('status', '=', TRANSACTION_STATUS.PENDING)
    .returning('id')
    .execute();
  return updated.length === 1;
}

/**
 * Gives a pending (0) card payment the approval code its acquirer answered when the cardholder
 * passed 3-D Secure; false (nothing written) when it was not pending or already had a code.
 */
export async function setPendingApprovalCode(trx: Transaction<Database>, transactionId: bigint, approvalCode: string): Promise<boolean> {
  const updated = await trx
    .updateTable('transactions')
    .set({ approval_code: approvalCode, updated_at: new Date() })
    .where('id', '=', transactionId)
    .where('status', '=', TRANSACTION_STATUS.PENDING)
    .where('approval_code', 'is', null)
    .returning('id')
    .execute();
  return updated.length === 1;
}

/** Moves one wallet's buckets; false (nothing changed) when a bucket would go below zero. */
export async function moveWalletBalances(trx: Transaction<Database>, delta: WalletDelta): Promise<boolean> {
  const updated = await sql<{ id: bigint }>`
    UPDATE wallets
       SET available_balance = available_balance + ${delta.availableMinor},
           balance_on_hold = balance_on_hold + ${delta.onHoldMinor},
           updated_at = now()
     WHERE id = ${delta.walletId}
       AND available_balance + ${delta.availableMinor} >= 0
       AND balance_on_hold + ${delta.onHoldMinor} >= 0
    RETURNING id`.execute(trx);
  return updated.rows.length === 1;
}

/**
 * Adds a credit (no bucket negative) to one of the wallet's slot rows instead of its row
 * (migration 0042): credits to one wallet in different slots lock different rows, so they
 * commit side by side. The wallet's row is not touched, nor locked.
 */
export async function creditWalletSlot(trx: Transaction<Database>, delta: WalletDelta, slot: number): Promise<void> {
  assert(delta.availableMinor >= 0n && delta.onHoldMinor >= 0n, 'a slot takes credits only');
  await sql`
    INSERT INTO wallet_credit_slots AS c (wallet_id, slot, available_balance, balance_on_hold)
    VALUES (${delta.walletId}, ${slot}, ${delta.availableMinor}, ${delta.onHoldMinor})
    ON CONFLICT (wallet_id, slot) DO UPDATE
       SET available_balance = c.available_balance + excluded.available_balance,
           balance_on_hold = c.balance_on_hold + excluded.balance_on_hold`.execute(trx);
}

/**
 * Moves the wallet's slots into its row, under the row's lock: taken first, by its own statement
 * (FOR NO KEY UPDATE, as a balance's UPDATE takes it), so that two folds of one wallet, or a fold
 * and a transaction already holding the row, never wait on each other in a cycle. Credits whose
 * transactions have not committed stay in their slots: a fold only ever adds what is committed.
 * False when there was nothing to fold.
 */
export async function foldWalletSlots(trx: Transaction<Database>, walletId: bigint): Promise<boolean> {
  await sql`SELECT id FROM wallets WHERE id = ${walletId} FOR NO KEY UPDATE`.execute(trx);
  const folded = await sql<{ id: bigint }>`
    WITH folded AS (
      DELETE FROM wallet_credit_slots WHERE wallet_id = ${walletId} RETURNING available_balance, balance_on_hold
    ), sums AS (
      SELECT count(*) AS slots, coalesce(sum(available_balance), 0)::bigint AS available,
             coalesce(sum(balance_on_hold), 0)::bigint AS on_hold
        FROM folded
    )
    UPDATE wallets w
       SET available_balance = w.available_balance + sums.available,
           balance_on_hold = w.balance_on_hold + sums.on_hold,
           updated_at = now()
      FROM sums
     WHERE w.id = ${walletId} AND sums.slots > 0
    RETURNING w.id`.execute(trx);
  return folded.rows.length === 1;
}

/** The INSERT of a business row, shared by the posted and the unposted paths. */
function transactionInsertSql(m: PostingTransaction, uuid: string, keyed: KeyedPosting | null) {
  const row = transactionRow(m, uuid, keyed);
  const columns = sql.join(Object.keys(row).map((column) => sql.ref(column)));
  return sql`INSERT INTO transactions (${columns}) VALUES (${sql.join(Object.values(row))})`;
}

/** One business row's values by column (its keys are the INSERT's columns): a parameter each in a single INSERT, a JSON object in a set's. */
function transactionRow(m: PostingTransaction, uuid: string, keyed: KeyedPosting | null) {
  const mp = m.merchantPayment;
  return {
    uuid,
    transaction_type_id: m.typeId,
    status: m.status,
    currency_id: m.currencyId,
    amount: m.amountMinor,
    fee: m.feeMinor,
    vat: m.vatMinor,
    total_amount: m.totalAmountMinor,
    sender_user_id: m.sender?.userId ?? null,
    sender_account_id: m.sender?.walletId ?? null,
    sender_account_title: m.sender?.title ?? null,
    sender_account_number: m.sender?.accountNumber ?? null,
    receiver_user_id: m.receiver?.userId ?? null,
    receiver_account_id: m.receiver?.walletId ?? null,
    receiver_account_title: m.receiver?.title ?? null,
    receiver_account_number: m.receiver?.accountNumber ?? null,
    payment_method_id: m.paymentMethodId ?? null,
    reference_id: m.referenceId ?? null,
    refrence: m.referenceId ?? null,
    gateway_reference_id: m.gatewayReferenceId ?? null,
    card_holder_name: m.card?.holderName ?? null,
    card_number: m.card?.maskedNumber ?? null,
    card_brand: m.card?.brand ?? null,
    notes: m.notes ?? null,
    money_request_id: m.moneyRequestId ?? null,
    settlement_status: null,
    failure_reason: m.failureReason ?? null,
    channel_id: m.channelId ?? null,
    customer_id: mp?.customerId ?? null,
    payment_link_id: mp?.paymentLinkId ?? null,
    api_payment_id: mp?.apiPaymentId ?? null,
    pos_device_id: mp?.posDeviceId ?? null,
    client_reference: mp?.clientReference ?? null,
    description: mp?.description ?? null,
    host_reference: mp?.hostReference ?? null,
    posting_key: keyed?.key ?? null,
    posting_digest: keyed?.digest ?? null,
    approval_code: m.approvalCode ?? null,
  };
}

/** An entry as a JSON row (json-rows.ts); `uuid` names its posting's business row in a set. */
function entryRow(e: Entries[number], uuid?: string) {
  return {
    uuid,
    wallet_id: e.account.kind === 'wallet' ? e.account.walletId : null,
    system_account: e.account.kind === 'system' ? e.account.system : null,
    currency: e.currency,
    bucket: e.bucket,
    amount: e.amountMinor,
  };
}

/** A posting's non-zero charges as JSON rows; `uuid` as for entryRow. */
function chargeRowsOf(charges: readonly ChargeRow[], uuid?: string) {
  return charges.filter((c) => c.chargesMinor > 0n).map((c) => ({ uuid, name: c.name, type: c.type, charges: c.chargesMinor }));
}

/**
 * The INSERT of entry rows (entryRow) under the business rows of `t`, in the order given: in a set
 * each under the row of its uuid, alone under `t`'s one row. Returns each entry's transaction and amount.
 */
function entriesInsertSql(rows: readonly ReturnType<typeof entryRow>[], under: WrittenUnder) {
  return sql`INSERT INTO ledger_entries (transaction_id, wallet_id, system_account, currency, bucket, amount)
      SELECT t.id, v.wallet_id, v.system_account, v.currency, v.bucket, v.amount
        FROM t JOIN ROWS FROM (json_to_recordset(${jsonRows(rows)}::json)
                    AS (uuid uuid, wallet_id bigint, system_account text, currency char(3), bucket text, amount bigint))
                    WITH ORDINALITY AS v(uuid, wallet_id, system_account, currency, bucket, amount, n) ON ${joinedUnder(under)}
       ORDER BY v.n
      RETURNING transaction_id, amount`;
}

/** The INSERT of charge rows (chargeRowsOf) under the business rows of `t`, as entriesInsertSql. */
function chargesInsertSql(rows: readonly ReturnType<typeof chargeRowsOf>[number][], under: WrittenUnder) {
  return sql`INSERT INTO transaction_charges (transaction_id, name, type, charges)
      SELECT t.id, v.name, v.type, v.charges
        FROM t JOIN ROWS FROM (json_to_recordset(${jsonRows(rows)}::json) AS (uuid uuid, name text, type text, charges bigint))
                    WITH ORDINALITY AS v(uuid, name, type, charges, n) ON ${joinedUnder(under)}
       ORDER BY v.n`;
}

/** How rows find their business row in `t`: in a set by their posting's uuid, alone `t`'s one row. */
type WrittenUnder = 'set' | 'alone';

function joinedUnder(under: WrittenUnder) {
  return under === 'set' ? sql`v.uuid = t.uuid` : sql`true`;
}

// The posting set (group commit's set-based write, ledger.service.ts postingSet): many postings
// written by two statements for the whole set instead of three or more each.

/** One posting of a set: what postEntries writes for it. */
export interface SetPosting {
  movement: PostingTransaction;
  uuid: string;
  entries: Entries;
  charges: ChargeRow[];
  keyed: KeyedPosting | null;
}

/**
 * Writes the business rows of `postings`, their entries and charges, in one statement. Answers
 * what was written, by uuid; a keyed posting whose key was taken is not in the answer, and
 * nothing of it was written (its entries and charges join its row, which was not inserted).
 */
export async function insertPostedSet(trx: Transaction<Database>, postings: SetPosting[]): Promise<Map<string, WrittenEntries>> {
  assert(postings.length > 0, 'a set has postings');
  const rows = postings.map((p) => transactionRow(p.movement, p.uuid, p.keyed));
  const entryRows = postings.flatMap((p) => p.entries.map((e) => entryRow(e, p.uuid)));
  const chargeRows = postings.flatMap((p) => chargeRowsOf(p.charges, p.uuid));
  // The rows go as three JSON parameters (json-rows.ts): one text whatever the set's size.
  const result = await sql<WrittenRow & { uuid: string }>`
    WITH t AS (
      ${insertJsonRowsSql('transactions', rows)}
      ON CONFLICT (posting_key) WHERE posting_key IS NOT NULL DO NOTHING
      RETURNING id, uuid
    ), e AS (
      ${entriesInsertSql(entryRows, 'set')}
    ), c AS (
      ${chargesInsertSql(chargeRows, 'set')}
    )
    SELECT t.id, t.uuid, COALESCE(w.entries_sum, 0) AS entries_sum, COALESCE(w.entries_count, 0) AS entries_count
      FROM t LEFT JOIN (SELECT transaction_id, SUM(amount) AS entries_sum, count(*) AS entries_count FROM e GROUP BY transaction_id) AS w
        ON w.transaction_id = t.id`.execute(trx);
  return new Map(result.rows.map((row) => [row.uuid, written(row)!]));
}

/** A wallet's move within a set: the summed deltas, and the summed debits alone (what must be covered). */
export interface SetWalletMove {
  walletId: bigint;
  availableMinor: bigint;
  onHoldMinor: bigint;
  /** The sum of the set's debits of the bucket (each posting's own net move, when negative): 0 or less. */
  availableDebitsMinor: bigint;
  onHoldDebitsMinor: bigint;
}

/**
 * Moves the wallets of a set in one statement, locking them in id order first (FOR NO KEY UPDATE,
 * the lock an UPDATE of a balance takes: a FOR UPDATE would also wait on the key-share locks the
 * entries' foreign keys take, and two lanes would deadlock on them). Every wallet's
 * balance before the set must cover the set's debits of it alone (its credits in the set are not
 * counted), so the postings are valid in any order in which they could have run one by one.
 * False when a wallet's debits are not covered: then nothing is kept of the statement's moves, and
 * the caller rolls the set back.
 */
export async function moveWalletSet(trx: Transaction<Database>, moves: SetWalletMove[]): Promise<boolean> {
  if (moves.length === 0) return true;
  const rows = moves.map((m) => ({
    id: m.walletId,
    available: m.availableMinor,
    on_hold: m.onHoldMinor,
    available_debits: m.availableDebitsMinor,
    on_hold_debits: m.onHoldDebitsMinor,
  }));
  const updated = await sql<{ id: bigint }>`
    WITH d AS (
      SELECT * FROM json_to_recordset(${jsonRows(rows)}::json)
                 AS d(id bigint, available bigint, on_hold bigint, available_debits bigint, on_hold_debits bigint)
    ),
    locked AS MATERIALIZED (
      SELECT w.id FROM wallets w WHERE w.id IN (SELECT d.id FROM d) ORDER BY w.id FOR NO KEY UPDATE OF w
    )
    UPDATE wallets w
       SET available_balance = w.available_balance + d.available,
           balance_on_hold = w.balance_on_hold + d.on_hold,
           updated_at = now()
      FROM locked JOIN d ON d.id = locked.id
     WHERE w.id = locked.id
       AND w.available_balance + d.available_debits >= 0
       AND w.balance_on_hold + d.on_hold_debits >= 0
    RETURNING w.id`.execute(trx);
  return updated.rows.length === moves.length;
}

// Group commit (posting-batcher.ts): each unit of a batch runs in a savepoint of its own.

/**
 * Takes unit `index`'s savepoint, releasing the previous unit's in the same round trip (one
 * simple query, no parameters). With `lockWaitMs` > 0, the batch's row-lock waits are limited to
 * it from here on (lock_timeout, to the end of the batch's transaction): posting-batcher.ts sends
 * it once, when the batch first holds locks a later unit could make others wait on.
 */
export async function openUnitSavepoint(trx: Transaction<Database>, index: number, lockWaitMs = 0): Promise<void> {
  const name = unitSavepoint(index);
  assert(Number.isSafeInteger(lockWaitMs) && lockWaitMs >= 0, `a lock wait is a whole number of ms, got ${lockWaitMs}`);
  const statements = [
    ...(index > 0 ? [`RELEASE SAVEPOINT ${unitSavepoint(index - 1)}`] : []),
    ...(lockWaitMs > 0 ? [`SET LOCAL lock_timeout = ${lockWaitMs}`] : []),
    `SAVEPOINT ${name}`,
  ];
  await sql.raw(statements.join('; ')).execute(trx);
}

/** Undoes everything unit `index` wrote (its row locks go too); the batch's transaction goes on. */
export async function rollbackToUnitSavepoint(trx: Transaction<Database>, index: number): Promise<void> {
  await sql.raw(`ROLLBACK TO SAVEPOINT ${unitSavepoint(index)}`).execute(trx);
}

function unitSavepoint(index: number): string {
  assert(Number.isSafeInteger(index) && index >= 0, `a unit's index is a whole number, got ${index}`);
  return `posting_unit_${index}`;
}
