// The posting function: the only code that changes balances. One call writes the business
// transaction, its entries (summing to zero per currency), its charge rows and the wallet
// balance updates, inside the caller's database transaction: all or nothing. The SQL is in
// ledger.repository.ts; this file holds the rules and the checks around it.
//
// Locking: wallet rows are updated one by one in id order (so two postings never wait on
// each other in a cycle); a debit is a conditional UPDATE that refuses to go below zero, so
// the lock and the balance check are one round trip. System accounts (gateway, fees, VAT,
// payouts) have no balance row: their balance is the sum of their entries, so no posting
// ever waits on them.
//
// Posting keys (docs/posting-keys.md): a posting may name what it settles. A second posting of
// the key with the same movement answers the first transaction ('exists') and writes nothing;
// with another movement it is refused (POSTING_KEY_REUSED). The balances move only for the
// posting whose row was written, so the loser of a race never touches a wallet.
import crypto from 'node:crypto';
import type { Transaction } from 'kysely';
import { TRANSACTION_STATUS } from '@paywallet/contract';
import { assert, assertBalanced, depositEntries, TransactionType, type Entries, type PostingKeyOutcome } from '@paywallet/ledger';
import type { Database } from '../../db/schema.ts';
import { fail } from '../../transport/errors.ts';
import type {
  ChargeRow,
  ClosedStatus,
  KeyedPosting,
  MerchantPaymentColumns,
  PartyRef,
  PostedAmounts,
  PostingAlongside,
  PostingTransaction,
  WalletDelta,
  WrittenEntries,
} from './ledger.types.ts';
import * as repository from './ledger.repository.ts';
import { answerTakenKey, isPostingKeyConflict, keyedPendingPosting, keyedPosting } from './posting-keys.ts';
import type { PostingBatchConfig } from '../../config.ts';
import type { DatabaseHandle } from '../../db/database.ts';
import {
  PostingBatcher,
  postingBatchFor,
  type PostingRoute,
  type SetAnswer,
  type SetGroup,
  type SetMembership,
} from './posting-batcher.ts';

export type { ChargeRow, MerchantPaymentColumns, PartyRef, PostedAmounts, PostingAlongside, PostingTransaction };

export type PostingResult = { ok: true; transactionId: bigint; uuid: string } | { ok: false; code: 'INSUFFICIENT_FUNDS'; walletId: bigint };

/** A posted movement: its transaction, and whether this call wrote it or its key's first posting had. */
export interface Posted {
  transactionId: bigint;
  uuid: string;
  outcome: PostingKeyOutcome;
}

/** Thrown inside the database transaction so that it rolls back; callers turn it into a value. */
export class PostingRefused extends Error {
  constructor(readonly walletId: bigint) {
    super('Insufficient funds');
    this.name = 'PostingRefused';
  }
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
 * wallet bucket would go below zero; use `withPosting` to get that as a result value instead.
 * With `movement.postingKey`, a key already posted answers its first transaction ('exists',
 * nothing written) or, for another movement, fails POSTING_KEY_REUSED. `options.alongside` is a
 * write of the caller's made by the posting's own statement, only when the row is written (send
 * money consumes its quote so); it is rolled back with the posting when a wallet refuses.
 */
export async function postEntries(
  trx: Transaction<Database>,
  movement: PostingTransaction,
  entries: Entries,
  charges: ChargeRow[],
  options: { alongside?: PostingAlongside } = {},
): Promise<Posted> {
  const posted = await writePostingRows(trx, movement, entries, charges, options);
  if (posted.outcome === 'created') await applyWalletDeltas(trx, entries, 'in place');
  return posted;
}

/** The `moveBalances` of what moves nothing: a key posted before, an authorisation waiting for its capture, a decline. */
export const NOTHING_TO_MOVE = async (): Promise<void> => {};

/** A posting whose rows are written and whose wallet balances are not moved yet (writePosting). */
export interface WrittenPosting extends Posted {
  /** Moves the balances (once); throws PostingRefused when a bucket would go below zero. Nothing to move for 'exists'. */
  moveBalances(): Promise<void>;
}

/**
 * postEntries in two steps: the business row, entries and charge rows now, the wallet balances
 * when the caller calls `moveBalances`, which it must do before its transaction ends (the ledger
 * invariants catch a posting whose balances never moved). A wallet's row is locked from the
 * update of its balance to the commit, so a posting into a wallet many credit at once writes the
 * rest of its business transaction (a payment row, log, notices, webhook jobs, audit) first and
 * moves the balances last. With `credits: 'spread'` (a merchant's card payments) a wallet's
 * credit goes to one of its slot rows instead, picked at random, so payments into one merchant
 * lock different rows and commit side by side (docs/money.md, "Hot wallets"). Nothing may read
 * the balances in between: they are not moved yet.
 */
export async function writePosting(
  trx: Transaction<Database>,
  movement: PostingTransaction,
  entries: Entries,
  charges: ChargeRow[],
  options: { alongside?: PostingAlongside; credits?: CreditsMove } = {},
): Promise<WrittenPosting> {
  const posted = await writePostingRows(trx, movement, entries, charges, options);
  const credits = options.credits ?? 'in place';
  return { ...posted, moveBalances: posted.outcome === 'created' ? balanceMover(trx, entries, credits) : NOTHING_TO_MOVE };
}

/** Where a posting's credits go: the wallet's row, or one of its credit slots (a hot wallet's: docs/money.md, "Hot wallets"). */
export type CreditsMove = 'in place' | 'spread';

/** The business row, its entries and charge rows (or the first posting of its key): the balances are the caller's to move. */
async function writePostingRows(
  trx: Transaction<Database>,
  movement: PostingTransaction,
  entries: Entries,
  charges: ChargeRow[],
  options: { alongside?: PostingAlongside },
): Promise<Posted> {
  assertBalanced(entries);
  const keyed = movement.postingKey ? keyedPosting(movement.postingKey, movement, entries, charges) : null;
  const uuid = crypto.randomUUID();
  const written = await repository.insertPostedTransaction(trx, movement, uuid, entries, charges, keyed, options.alongside ?? null);
  if (written === undefined) {
    assert(keyed !== null, 'the transaction row was not written');
    const first = answerTakenKey(await repository.findKeyedPosting(trx, keyed.key), keyed, entries);
    return { ...first, outcome: 'exists' };
  }
  // Paired with assertBalanced above: what the database wrote sums to zero too.
  assertWritten(written, entries);
  return { transactionId: written.transactionId, uuid, outcome: 'created' };
}

// A card payment that waits for a 3-D Secure answer is a business row before it is a movement:
// the screens show it as pending while no money has moved. These three functions are that
// path: record the row without entries, later post its entries against it (once: only a
// pending row takes entries), or close it as failed or expired with nothing posted.
// A merchant's manual capture uses the same path: the authorised payment is a pending row, and
// the capture posts it (with `amounts` when it is captured for less than it was authorised).

/** Writes a business row that moves no money: pending (0) or failed (2, with fee and VAT 0), never with entries. */
export async function recordUnpostedTransaction(
  trx: Transaction<Database>,
  movement: PostingTransaction,
): Promise<{ transactionId: bigint; uuid: string }> {
  assert(
    movement.status === TRANSACTION_STATUS.PENDING || movement.status === TRANSACTION_STATUS.FAILED,
    'an unposted transaction is pending or failed',
  );
  const uuid = crypto.randomUUID();
  // A failed movement moved nothing: it carries no fee and no VAT, whoever priced it before.
  const failed = movement.status === TRANSACTION_STATUS.FAILED;
  const written = failed ? { ...movement, feeMinor: 0n, vatMinor: 0n } : movement;
  const transactionId = await repository.insertUnpostedTransaction(trx, written, uuid);
  assert(transactionId !== undefined, 'the transaction row was not written');
  return { transactionId, uuid };
}

/**
 * Posts the entries of a pending transaction and gives it its final `status`, in one
 * statement, then moves the balances. Only a pending row takes entries, so a second posting
 * against the same row is refused (an assertion: callers lock the row's state first). With a
 * `postingKey`, a second posting of the row under the key answers 'exists' instead, and the
 * key on another movement fails POSTING_KEY_REUSED.
 */
export async function postPendingEntries(...posting: Parameters<typeof writePendingEntries>): Promise<PostingKeyOutcome> {
  const outcome = await writePendingRows(...posting);
  if (outcome === 'created') await applyWalletDeltas(posting[0], posting[3], 'in place');
  return outcome;
}

/**
 * postPendingEntries in two steps, as writePosting is postEntries in two: the pending row posted
 * with its entries and charges now, the wallet balances when the caller calls `moveBalances`,
 * last, after the rest of its business transaction (a merchant's capture or 3-D Secure approval:
 * the payment row, its log, notices, webhook jobs, audit), its credits spread over the wallet's
 * slots as writePosting spreads them (docs/money.md, "Hot wallets"). Nothing may read the
 * balances in between.
 */
export async function writePendingEntries(
  ...posting: Parameters<typeof writePendingRows>
): Promise<{ outcome: PostingKeyOutcome; moveBalances(): Promise<void> }> {
  const outcome = await writePendingRows(...posting);
  return { outcome, moveBalances: outcome === 'created' ? balanceMover(posting[0], posting[3], 'spread') : NOTHING_TO_MOVE };
}

/** The pending row posted with its entries and charges (or found posted under its key): the balances are the caller's to move. */
async function writePendingRows(
  trx: Transaction<Database>,
  transactionId: bigint,
  status: number,
  entries: Entries,
  charges: ChargeRow[],
  amounts: PostedAmounts | null = null,
  postingKey: string | null = null,
): Promise<PostingKeyOutcome> {
  assert(status !== TRANSACTION_STATUS.PENDING, 'posting settles a pending transaction');
  assertBalanced(entries);
  const keyed = postingKey ? keyedPendingPosting(postingKey, { transactionId, status, amounts }, entries, charges) : null;
  const written = await writePendingPosting(trx, { transactionId, status, amounts }, entries, charges, keyed);
  if (written === undefined) {
    const notPending = `transaction ${transactionId} is not pending; its entries were posted or it was closed`;
    assert(keyed !== null, notPending);
    const first = await repository.findKeyedPosting(trx, keyed.key);
    assert(first !== undefined, notPending);
    // The digest names the row, so the same movement under the key is this very row, posted before.
    assert(answerTakenKey(first, keyed, entries).transactionId === transactionId, 'a pending posting answers its own row');
    return 'exists';
  }
  assertWritten(written, entries);
  return 'created';
}

/** The pending row's posting statement; a key another row took at the same moment is a refusal. */
async function writePendingPosting(
  trx: Transaction<Database>,
  posting: { transactionId: bigint; status: number; amounts: PostedAmounts | null },
  entries: Entries,
  charges: ChargeRow[],
  keyed: KeyedPosting | null,
): Promise<WrittenEntries | undefined> {
  try {
    return await repository.postPendingTransaction(trx, posting.transactionId, posting.status, entries, charges, posting.amounts, keyed);
  } catch (error) {
    if (keyed && isPostingKeyConflict(error)) fail('POSTING_KEY_REUSED');
    throw error;
  }
}

/** Closes a pending transaction as failed (2) or expired (3); false when it was not pending. */
export async function closePendingTransaction(
  trx: Transaction<Database>,
  transactionId: bigint,
  status: ClosedStatus,
  failureReason: string,
): Promise<boolean> {
  return repository.closePendingTransaction(trx, transactionId, status, failureReason);
}

/**
 * Records the approval code of a pending card payment whose authorisation the acquirer approved
 * after 3-D Secure. Once, and only while it is pending: the caller holds the challenge's lock, so
 * anything else is a programmer error.
 */
export async function recordApprovalCode(trx: Transaction<Database>, transactionId: bigint, approvalCode: string): Promise<void> {
  const recorded = await repository.setPendingApprovalCode(trx, transactionId, approvalCode);
  assert(recorded, `transaction ${transactionId} is a pending card payment without an approval code`);
}

/** Every entry was written, and (in one currency) what was written sums to zero. */
function assertWritten(written: WrittenEntries, entries: Entries): void {
  assert(written.entriesCount === BigInt(entries.length), 'every entry was written');
  assert(singleCurrency(entries) ? written.entriesSum === 0n : true, 'written entries sum to zero');
}

/** The `moveBalances` of a written posting: applyWalletDeltas, once. */
function balanceMover(trx: Transaction<Database>, entries: Entries, credits: CreditsMove): () => Promise<void> {
  let moved = false;
  return async () => {
    assert(!moved, 'a posting moves its balances once');
    moved = true;
    await applyWalletDeltas(trx, entries, credits);
  };
}

/** How many slot rows a wallet's spread credits use at most (migration 0042). */
export const CREDIT_SLOTS = 8;

/**
 * Moves the wallet balances of `entries`, in wallet id order; a bucket that would go below zero
 * refuses. 'spread' puts a wallet's credit in a slot row picked at random; a debit always moves
 * the wallet's row, and when the row alone does not cover it, the wallet's slots are folded into
 * the row first (a balance is its row plus its slots) and it is tried again.
 */
async function applyWalletDeltas(trx: Transaction<Database>, entries: Entries, credits: CreditsMove): Promise<void> {
  for (const delta of walletDeltas(entries)) {
    if (credits === 'spread' && delta.availableMinor >= 0n && delta.onHoldMinor >= 0n) {
      await repository.creditWalletSlot(trx, delta, crypto.randomInt(CREDIT_SLOTS));
      continue;
    }
    if (await repository.moveWalletBalances(trx, delta)) continue;
    if (!(await repository.foldWalletSlots(trx, delta.walletId)) || !(await repository.moveWalletBalances(trx, delta))) {
      throw new PostingRefused(delta.walletId);
    }
  }
}

function singleCurrency(entries: Entries): boolean {
  return new Set(entries.map((e) => e.currency)).size === 1;
}

/** Where work that posts runs: its own database transaction, or the next batch of a PostingBatcher (group commit). */
export type PostingRunner = PostingBatcher | { transaction(): { execute<R>(fn: (trx: Transaction<Database>) => Promise<R>): Promise<R> } };

/** The platform's posting runner (deps.postings): a batcher when group commit is on, else the database. */
export function postingRunnerFor(database: DatabaseHandle, config: PostingBatchConfig): PostingRunner {
  const settings = postingBatchFor(database.kind, config);
  return settings.maxBatch > 1 ? new PostingBatcher(database.db, settings) : database.db;
}

/**
 * Runs work that posts, all or nothing, and answers after it committed: in a database
 * transaction of its own (given a database), or as one unit of the next group commit (given a
 * PostingBatcher, docs/group-commit.md), where it runs in a savepoint of its own; `route.key`
 * (the payer) keeps one payer's postings in one lane of the batcher. Throws what the work threw;
 * nothing of it was written then.
 * With `set`, a batcher may write the unit with the others of its group instead (postMovement).
 */
export function runPosting<T, P = unknown>(
  runner: PostingRunner,
  work: (trx: Transaction<Database>) => Promise<T>,
  route?: PostingRoute,
  set?: SetMembership<P, T>,
): Promise<T> {
  return runner instanceof PostingBatcher ? runner.run(work, route, set) : runner.transaction().execute(work);
}

/** runPosting, with a refused posting (insufficient funds) as a value. */
export async function withPosting<T, P = unknown>(
  runner: PostingRunner,
  work: (trx: Transaction<Database>) => Promise<T>,
  route?: PostingRoute,
  set?: SetMembership<P, T>,
): Promise<{ ok: true; value: T } | { ok: false; code: 'INSUFFICIENT_FUNDS'; walletId: bigint }> {
  try {
    return { ok: true, value: await runPosting(runner, work, route, set) };
  } catch (error) {
    if (error instanceof PostingRefused) return { ok: false, code: 'INSUFFICIENT_FUNDS', walletId: error.walletId };
    throw error;
  }
}

/**
 * Posts one movement, given whole (no other work goes with it): the posting function over a
 * posting runner. Through group commit, the movements of one batch are written together by
 * set-based statements (POSTING_SET below: one insert for all their rows, entries and charges, one
 * update of the wallets they move, each wallet's credits in the batch summed) unless the set
 * leaves one to be written alone; the result is the same either way: created or, for a key
 * already posted, exists (or POSTING_KEY_REUSED thrown), and a refused posting as a value.
 */
export async function postMovement(
  runner: PostingRunner,
  movement: PostingTransaction,
  entries: Entries,
  charges: ChargeRow[],
  route?: PostingRoute,
): Promise<{ ok: true; value: Posted } | { ok: false; code: 'INSUFFICIENT_FUNDS'; walletId: bigint }> {
  assertBalanced(entries);
  const work = (trx: Transaction<Database>) => postEntries(trx, movement, entries, charges);
  return withPosting(runner, work, route, { group: POSTING_SET, payload: { movement, entries, charges } });
}

/** A posting given whole: its movement, entries and charge rows. */
export interface WholePosting {
  movement: PostingTransaction;
  entries: Entries;
  charges: ChargeRow[];
}

/** Postings per insert statement of a set: about 70 parameters each, well within PostgreSQL's 65,535. */
const SET_STATEMENT_POSTINGS = 200;

/**
 * The posting set: a batch's whole movements written together. Left to be written alone (their
 * own postEntries, after the set): a keyed movement whose key is taken (its own posting answers
 * exists or POSTING_KEY_REUSED), and the second of two movements of the batch under one key. The
 * wallets move by their summed deltas, in id order, and each wallet's balance before the set must
 * cover the set's debits of it alone: then every posting of the set is valid in any order it
 * could have run one by one, and none is refused. When a wallet's debits are not covered the set
 * is not kept (undefined): the batch rolls it back and every posting runs alone, each refused or
 * not on its own, seeing the ones before it.
 */
const POSTING_SET: SetGroup<WholePosting, Posted> = {
  async write(trx, payloads) {
    const set = await writePostingSet(trx, payloads);
    if (!(await set.moveBalances())) return undefined;
    return set.posted.map((posted): SetAnswer<Posted> => (posted ? { written: true, value: posted } : { written: false }));
  },
};

/** A set of postings whose rows are written and whose wallet balances are not moved yet (writePostingSet). */
export interface WrittenPostingSet {
  /** Each posting's transaction, in order; undefined for one left out (its key taken, or a second of its key in the set). */
  posted: (Posted | undefined)[];
  /**
   * Moves the written postings' balances, summed by wallet, in one statement (once); false, having
   * moved nothing, when a wallet's balance does not cover the set's debits of it: the caller then
   * rolls the set back (its savepoint).
   */
  moveBalances(): Promise<boolean>;
}

/**
 * The posting set (POSTING_SET) in two steps, as writePosting is postEntries in two: the rows of
 * every posting now, in one insert a SET_STATEMENT_POSTINGS, the balances when the caller calls
 * `moveBalances`, last, after the business rows that go with the postings (send money's confirms
 * written together, transfers.service.ts). Nothing may read the balances in between.
 */
export async function writePostingSet(trx: Transaction<Database>, payloads: readonly WholePosting[]): Promise<WrittenPostingSet> {
  const keys = new Set<string>();
  const postings = payloads.map((payload) => {
    assertBalanced(payload.entries);
    const keyed = payload.movement.postingKey
      ? keyedPosting(payload.movement.postingKey, payload.movement, payload.entries, payload.charges)
      : null;
    const repeated = keyed !== null && keys.has(keyed.key);
    if (keyed) keys.add(keyed.key);
    return { ...payload, uuid: crypto.randomUUID(), keyed, repeated };
  });
  const toWrite = postings.filter((p) => !p.repeated);
  const written = new Map<string, WrittenEntries>();
  for (let start = 0; start < toWrite.length; start += SET_STATEMENT_POSTINGS) {
    const chunk = toWrite.slice(start, start + SET_STATEMENT_POSTINGS);
    for (const [uuid, entries] of await repository.insertPostedSet(trx, chunk)) written.set(uuid, entries);
  }
  const moves = new Map<bigint, repository.SetWalletMove>();
  for (const posting of toWrite) {
    const row = written.get(posting.uuid);
    if (!row) continue;
    assertWritten(row, posting.entries);
    for (const delta of walletDeltas(posting.entries)) {
      const move = moves.get(delta.walletId) ?? {
        walletId: delta.walletId,
        availableMinor: 0n,
        onHoldMinor: 0n,
        availableDebitsMinor: 0n,
        onHoldDebitsMinor: 0n,
      };
      move.availableMinor += delta.availableMinor;
      move.onHoldMinor += delta.onHoldMinor;
      if (delta.availableMinor < 0n) move.availableDebitsMinor += delta.availableMinor;
      if (delta.onHoldMinor < 0n) move.onHoldDebitsMinor += delta.onHoldMinor;
      moves.set(delta.walletId, move);
    }
  }
  let moved = false;
  return {
    posted: postings.map((posting) => {
      const row = posting.repeated ? undefined : written.get(posting.uuid);
      return row ? { transactionId: row.transactionId, uuid: posting.uuid, outcome: 'created' as const } : undefined;
    }),
    async moveBalances() {
      assert(!moved, 'a posting set moves its balances once');
      moved = true;
      return repository.moveWalletSet(trx, [...moves.values()]);
    },
  };
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
      status: TRANSACTION_STATUS.SUCCESS,
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
