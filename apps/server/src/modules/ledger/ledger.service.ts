// The posting function: the only code that changes balances. One call writes the business
// transaction, its entries (summing to zero per currency), its charge rows and the wallet
// balance updates, inside the caller's database transaction: all or nothing.
//
// Locking: wallet rows are updated one by one in id order (so two postings never wait on
// each other in a cycle); a debit is a conditional UPDATE that refuses to go below zero, so
// the lock and the balance check are one round trip. System accounts (gateway, fees, VAT,
// payouts) have no balance row: their balance is the sum of their entries, so no posting
// ever waits on them.
import crypto from 'node:crypto';
import { sql, type Transaction } from 'kysely';
import { assert, assertBalanced, depositEntries, TransactionType, type Entries, type TransactionTypeId } from '@paywallet/ledger';
import type { Database } from '../../db/schema.ts';

export interface PostingTransaction {
  typeId: TransactionTypeId;
  status: number;
  currencyId: number;
  amountMinor: bigint;
  feeMinor: bigint;
  vatMinor: bigint;
  totalAmountMinor: bigint;
  sender?: PartyRef;
  receiver?: PartyRef;
  paymentMethodId?: number | null;
  referenceId?: string | null;
  gatewayReferenceId?: string | null;
  card?: { holderName: string; maskedNumber: string; brand: string } | null;
  notes?: string | null;
  moneyRequestId?: bigint | null;
  /** Only on a row that moved no money: why it failed (shown on the transaction detail). */
  failureReason?: string | null;
}

export interface PartyRef {
  userId: bigint;
  walletId: bigint;
  title: string;
  accountNumber: string;
}

export interface ChargeRow {
  name: string;
  type: 'fee' | 'vat';
  chargesMinor: bigint;
}

export type PostingResult = { ok: true; transactionId: bigint; uuid: string } | { ok: false; code: 'INSUFFICIENT_FUNDS'; walletId: bigint };

/** Thrown inside the database transaction so that it rolls back; callers turn it into a value. */
export class PostingRefused extends Error {
  constructor(readonly walletId: bigint) {
    super('Insufficient funds');
    this.name = 'PostingRefused';
  }
}

interface WalletDelta {
  walletId: bigint;
  availableMinor: bigint;
  onHoldMinor: bigint;
}

export function walletDeltas(entries: Entries): WalletDelta[] {
  const byWallet = new Map<string, WalletDelta>();
  for (const entry of entries) {
    if (entry.account.kind !== 'wallet') continue;
    const walletId = BigInt(entry.account.walletId);
    const delta = byWallet.get(entry.account.walletId) ?? { walletId, availableMinor: 0n, onHoldMinor: 0n };
    if (entry.bucket === 'available') delta.availableMinor += entry.amountMinor;
    else delta.onHoldMinor += entry.amountMinor;
    byWallet.set(entry.account.walletId, delta);
  }
  return [...byWallet.values()].sort((a, b) => (a.walletId < b.walletId ? -1 : a.walletId > b.walletId ? 1 : 0));
}

/**
 * Writes a movement. Throws PostingRefused (which rolls the caller's transaction back) when a
 * wallet bucket would go below zero; use `post` to get that as a result value instead.
 */
export async function postEntries(
  trx: Transaction<Database>,
  movement: PostingTransaction,
  entries: Entries,
  charges: ChargeRow[],
): Promise<{ transactionId: bigint; uuid: string }> {
  assertBalanced(entries);
  const { transactionId, uuid } = await insertTransaction(trx, movement, entries, charges);
  await applyWalletDeltas(trx, entries);
  return { transactionId, uuid };
}

// A card payment that waits for a 3-D Secure answer is a business row before it is a movement:
// the screens show it as pending while no money has moved. These three functions are that
// path: record the row without entries, later post its entries against it (once: only a
// pending row takes entries), or close it as failed or expired with nothing posted.

/** Writes a business row that moves no money: pending (0) or failed (2), never with entries. */
export async function recordUnpostedTransaction(
  trx: Transaction<Database>,
  movement: PostingTransaction,
): Promise<{ transactionId: bigint; uuid: string }> {
  assert(movement.status === 0 || movement.status === 2, 'an unposted transaction is pending or failed');
  const uuid = crypto.randomUUID();
  const result = await sql<{ id: bigint }>`${transactionInsertSql(movement, uuid)} RETURNING id`.execute(trx);
  const row = result.rows[0];
  assert(row !== undefined, 'the transaction row was not written');
  return { transactionId: row.id, uuid };
}

/**
 * Posts the entries of a pending transaction and gives it its final `status`, in one
 * statement, then moves the balances. Only a pending row takes entries, so a second posting
 * against the same row is refused (an assertion: callers lock the row's state first).
 */
export async function postPendingEntries(
  trx: Transaction<Database>,
  transactionId: bigint,
  status: number,
  entries: Entries,
  charges: ChargeRow[],
): Promise<void> {
  assert(status !== 0, 'posting settles a pending transaction');
  assertBalanced(entries);
  const result = await sql<{ id: bigint }>`
    WITH t AS (
      UPDATE transactions SET status = ${status}, updated_at = now()
       WHERE id = ${transactionId} AND status = 0
      RETURNING id
    ), e AS (
      INSERT INTO ledger_entries (transaction_id, wallet_id, system_account, currency, bucket, amount)
      SELECT t.id, v.wallet_id, v.system_account, v.currency, v.bucket, v.amount
        FROM t, (VALUES ${sql.join(entryValues(entries))}) AS v(wallet_id, system_account, currency, bucket, amount)
      RETURNING amount
    ) ${chargeInsertSql(charges)}
    SELECT t.id, (SELECT COALESCE(SUM(amount), 0) FROM e) AS entries_sum, (SELECT count(*) FROM e) AS entries_count FROM t`.execute(trx);
  const row = result.rows[0] as { id: bigint; entries_sum: bigint | string; entries_count: bigint | string } | undefined;
  assert(row !== undefined, `transaction ${transactionId} is not pending; its entries were posted or it was closed`);
  assert(BigInt(row.entries_count) === BigInt(entries.length), 'every entry was written');
  assert(singleCurrency(entries) ? BigInt(row.entries_sum) === 0n : true, 'written entries sum to zero');
  await applyWalletDeltas(trx, entries);
}

/** Closes a pending transaction as failed (2) or expired (3); false when it was not pending. */
export async function closePendingTransaction(
  trx: Transaction<Database>,
  transactionId: bigint,
  status: 2 | 3,
  failureReason: string,
): Promise<boolean> {
  const updated = await trx
    .updateTable('transactions')
    .set({ status, failure_reason: failureReason, updated_at: new Date() })
    .where('id', '=', transactionId)
    .where('status', '=', 0)
    .returning('id')
    .execute();
  return updated.length === 1;
}

/** Moves the wallet balances of `entries`; a bucket that would go below zero refuses. */
async function applyWalletDeltas(trx: Transaction<Database>, entries: Entries): Promise<void> {
  for (const delta of walletDeltas(entries)) {
    const updated = await sql<{ id: bigint }>`
      UPDATE wallets
         SET available_balance = available_balance + ${delta.availableMinor},
             balance_on_hold = balance_on_hold + ${delta.onHoldMinor},
             updated_at = now()
       WHERE id = ${delta.walletId}
         AND available_balance + ${delta.availableMinor} >= 0
         AND balance_on_hold + ${delta.onHoldMinor} >= 0
      RETURNING id`.execute(trx);
    if (updated.rows.length !== 1) throw new PostingRefused(delta.walletId);
  }
}

/** Writes the business row, entries and charges in one statement (one round trip). */
async function insertTransaction(
  trx: Transaction<Database>,
  m: PostingTransaction,
  entries: Entries,
  charges: ChargeRow[],
): Promise<{ transactionId: bigint; uuid: string }> {
  const uuid = crypto.randomUUID();
  const entryRows = entryValues(entries);
  const chargeInsert = chargeInsertSql(charges);
  const result = await sql<{ id: bigint }>`
    WITH t AS (
      ${transactionInsertSql(m, uuid)}
      RETURNING id
    ), e AS (
      INSERT INTO ledger_entries (transaction_id, wallet_id, system_account, currency, bucket, amount)
      SELECT t.id, v.wallet_id, v.system_account, v.currency, v.bucket, v.amount
        FROM t, (VALUES ${sql.join(entryRows)}) AS v(wallet_id, system_account, currency, bucket, amount)
      RETURNING amount
    ) ${chargeInsert}
    SELECT t.id, (SELECT COALESCE(SUM(amount), 0) FROM e) AS entries_sum, (SELECT count(*) FROM e) AS entries_count FROM t`.execute(trx);
  const row = result.rows[0] as { id: bigint; entries_sum: bigint | string; entries_count: bigint | string } | undefined;
  assert(row !== undefined, 'the transaction row was not written');
  // Paired with assertBalanced above: what the database wrote sums to zero too.
  assert(BigInt(row.entries_count) === BigInt(entries.length), 'every entry was written');
  assert(singleCurrency(entries) ? BigInt(row.entries_sum) === 0n : true, 'written entries sum to zero');
  return { transactionId: row.id, uuid };
}

/** The INSERT of a business row, shared by the posted and the unposted paths. */
function transactionInsertSql(m: PostingTransaction, uuid: string) {
  return sql`INSERT INTO transactions (
        uuid, transaction_type_id, status, currency_id, amount, fee, vat, total_amount,
        sender_user_id, sender_account_id, sender_account_title, sender_account_number,
        receiver_user_id, receiver_account_id, receiver_account_title, receiver_account_number,
        payment_method_id, reference_id, refrence, gateway_reference_id,
        card_holder_name, card_number, card_brand, notes, money_request_id, settlement_status, failure_reason)
      VALUES (
        ${uuid}, ${m.typeId}, ${m.status}, ${m.currencyId}, ${m.amountMinor}, ${m.feeMinor}, ${m.vatMinor}, ${m.totalAmountMinor},
        ${m.sender?.userId ?? null}, ${m.sender?.walletId ?? null}, ${m.sender?.title ?? null}, ${m.sender?.accountNumber ?? null},
        ${m.receiver?.userId ?? null}, ${m.receiver?.walletId ?? null}, ${m.receiver?.title ?? null}, ${m.receiver?.accountNumber ?? null},
        ${m.paymentMethodId ?? null}, ${m.referenceId ?? null}, ${m.referenceId ?? null}, ${m.gatewayReferenceId ?? null},
        ${m.card?.holderName ?? null}, ${m.card?.maskedNumber ?? null}, ${m.card?.brand ?? null}, ${m.notes ?? null},
        ${m.moneyRequestId ?? null}, ${null}, ${m.failureReason ?? null})`;
}

function entryValues(entries: Entries) {
  return entries.map(
    (e) =>
      sql`(${e.account.kind === 'wallet' ? BigInt(e.account.walletId) : null}::bigint, ${e.account.kind === 'system' ? e.account.system : null}::text, ${e.currency}::char(3), ${e.bucket}::text, ${e.amountMinor}::bigint)`,
  );
}

/** A CTE (", c AS (...)") inserting the non-zero charge rows against `t`, or nothing. */
function chargeInsertSql(charges: ChargeRow[]) {
  const chargeRows = charges
    .filter((c) => c.chargesMinor > 0n)
    .map((c) => sql`(${c.name}::text, ${c.type}::text, ${c.chargesMinor}::bigint)`);
  return chargeRows.length
    ? sql`, c AS (INSERT INTO transaction_charges (transaction_id, name, type, charges)
              SELECT t.id, v.name, v.type, v.charges FROM t, (VALUES ${sql.join(chargeRows)}) AS v(name, type, charges))`
    : sql``;
}

function singleCurrency(entries: Entries): boolean {
  return new Set(entries.map((e) => e.currency)).size === 1;
}

/** Runs work that posts inside one database transaction; a refused posting becomes a value. */
export async function withPosting<T>(
  db: { transaction(): { execute<R>(fn: (trx: Transaction<Database>) => Promise<R>): Promise<R> } },
  work: (trx: Transaction<Database>) => Promise<T>,
): Promise<{ ok: true; value: T } | { ok: false; code: 'INSUFFICIENT_FUNDS'; walletId: bigint }> {
  try {
    return { ok: true, value: await db.transaction().execute(work) };
  } catch (error) {
    if (error instanceof PostingRefused) return { ok: false, code: 'INSUFFICIENT_FUNDS', walletId: error.walletId };
    throw error;
  }
}

/**
 * A deposit with no charges (gateway −A, wallet +A), status success: how money enters the
 * platform for the demo's opening balances, test fixtures and benchmarks, through the same
 * posting as every other movement.
 */
export async function postFeeFreeDeposit(
  trx: Transaction<Database>,
  wallet: { party: PartyRef; currencyId: number; currencyCode: string },
  amountMinor: bigint,
  notes: string | null = null,
): Promise<{ transactionId: bigint; uuid: string }> {
  const charges = { amountMinor, feeMinor: 0n, vatMinor: 0n, totalDebitMinor: amountMinor };
  return postEntries(
    trx,
    {
      typeId: TransactionType.Deposit,
      status: 1,
      currencyId: wallet.currencyId,
      amountMinor,
      feeMinor: 0n,
      vatMinor: 0n,
      totalAmountMinor: amountMinor,
      receiver: wallet.party,
      notes,
    },
    depositEntries({ walletId: String(wallet.party.walletId), currency: wallet.currencyCode, charges }),
    [],
  );
}
