// Posting keys (docs/posting-keys.md) on the real database, through the posting function the
// money modules call: the same key with the same movement answers the first transaction and
// writes nothing (no row, no entries, no balance change); the same key with another movement
// is refused by name and the caller's whole transaction writes nothing; a key is optional; a
// pending row posted under a key behaves the same. On PostgreSQL, 20 postings of one key at
// once give one transaction and one balance movement, and a second inserter of a key that waits
// on the first's commit then answers the first. Send money, request payments and card deposits
// post under the key of what they settle. Every scenario ends with the ledger invariants.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Transaction } from 'kysely';
import {
  checkBalanceAndLimitsCall,
  confirmSendMoneyCall,
  initiateDepositCall,
  initiateRequestMoneyCall,
  initiateSendMoneyCall,
  TRANSACTION_STATUS,
} from '@paywallet/contract';
import { postingKey, TransactionType, type Charges, type Entries } from '@paywallet/ledger';
import type { Database } from '../../db/schema.ts';
import { createTestApp, countRows, type TestApp } from '../../test/harness.ts';
import {
  answerChallengePage,
  balanceOf,
  createTestPerson,
  expectLedgerInvariants,
  fundWallet,
  transferPosting,
  type TestPerson,
} from '../../test/money.ts';
import { createTestMerchant } from '../../test/merchant.ts';
import { giveMerchantFees } from '../../test/merchant-fees.ts';
import { openPaymentDoors } from '../../test/payment-doors.ts';
import { gate, waitForLockWaiters } from '../../test/lock-waits.ts';
import { AppError } from '../../transport/errors.ts';
import { SANDBOX_CARDS } from '../gateway/acquirer.ts';
import { postEntries, postPendingEntries, PostingRefused, recordUnpostedTransaction, type ChargeRow } from './ledger.service.ts';
import { consumedByPosting, createQuote, lockQuote, type LockedQuote } from '../quotes/quotes.service.ts';

const onPostgres = process.env.TEST_DB === 'postgres';
const LEDGER_TABLES = ['transactions', 'ledger_entries', 'transaction_charges'] as const;
const CHARGES: Charges = { amountMinor: 10_000n, feeMinor: 450n, vatMinor: 23n, totalDebitMinor: 10_473n };

let t: TestApp;
let payer: TestPerson;
let payee: TestPerson;
let currencyId: number;
let keyCounter = 0;

beforeAll(async () => {
  t = await createTestApp();
  payer = await createTestPerson(t);
  payee = await createTestPerson(t);
  await fundWallet(t, payer.wallets.AED!, 10_000_000n, 'AED');
  currencyId = (await t.deps.db.selectFrom('currencies').select('id').where('code', '=', 'AED').executeTakeFirstOrThrow()).id;
});
afterAll(async () => {
  await expectLedgerInvariants(t);
  await t?.close();
});

const freshKey = () => postingKey('test-transfer', ++keyCounter);

/** A transfer from payer to payee, as transfers.service.ts posts it; `charges` may be changed. */
function transfer(key: string | null, charges: Charges = CHARGES, status: number = TRANSACTION_STATUS.SUCCESS) {
  return transferPosting(payer, payee, { currencyId, key, charges, status });
}

function post(posting: ReturnType<typeof transfer>, trx?: Transaction<Database>) {
  const work = (tx: Transaction<Database>) => postEntries(tx, posting.movement, posting.entries, posting.chargeRows);
  return trx ? work(trx) : t.deps.db.transaction().execute(work);
}

async function balances() {
  return { payer: await balanceOf(t, payer.wallets.AED!), payee: await balanceOf(t, payee.wallets.AED!) };
}

/** What a refused posting must leave: the ledger's rows and both balances. */
async function snapshot() {
  return { rows: await countRows(t, LEDGER_TABLES), balances: await balances() };
}

async function expectRefused(work: Promise<unknown>): Promise<void> {
  const error = await work.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(AppError);
  expect({ reason: (error as AppError).reason, status: (error as AppError).status }).toEqual({ reason: 'POSTING_KEY_REUSED', status: 409 });
}

describe('postEntries with a posting key', () => {
  it('without a key posts as before: two postings are two transactions', async () => {
    // Proves the key is optional: nothing changes for a posting that carries none.
    const before = await snapshot();
    const first = await post(transfer(null));
    const second = await post(transfer(null));
    expect(first.outcome).toBe('created');
    expect(second.outcome).toBe('created');
    expect(second.transactionId).not.toBe(first.transactionId);
    expect((await countRows(t, LEDGER_TABLES)).transactions).toBe(before.rows.transactions + 2);
    const stored = await t.deps.db
      .selectFrom('transactions')
      .select(['posting_key', 'posting_digest'])
      .where('id', '=', first.transactionId)
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({ posting_key: null, posting_digest: null });
    await expectLedgerInvariants(t);
  });

  it('same key, same movement: one transaction, balances moved once, the second answers the first', async () => {
    // Proves TigerBeetle's `exists`: the retry gets the first transaction's id and uuid and writes nothing.
    const key = freshKey();
    const before = await snapshot();
    const first = await post(transfer(key));
    const afterFirst = await snapshot();
    const again = await post(transfer(key));
    expect(first.outcome).toBe('created');
    expect(again).toEqual({ transactionId: first.transactionId, uuid: first.uuid, outcome: 'exists' });
    expect(await snapshot()).toEqual(afterFirst);
    expect(afterFirst.rows).toEqual({
      transactions: before.rows.transactions + 1,
      ledger_entries: before.rows.ledger_entries + 4,
      transaction_charges: before.rows.transaction_charges + 2,
    });
    expect(afterFirst.balances).toEqual({ payer: before.balances.payer - 10_473n, payee: before.balances.payee + 10_000n });
    const stored = await t.deps.db
      .selectFrom('transactions')
      .select(['posting_key', 'posting_digest'])
      .where('id', '=', first.transactionId)
      .executeTakeFirstOrThrow();
    expect(stored.posting_key).toBe(key);
    expect(stored.posting_digest).toMatch(/^[0-9a-f]{64}$/);
    await expectLedgerInvariants(t);
  });

  it('answers the first posting within the same database transaction too, and ignores descriptive fields', async () => {
    // Proves the key is checked against the transaction's own writes, and that notes or titles are not the movement.
    const key = freshKey();
    const before = await snapshot();
    const [first, again] = await t.deps.db.transaction().execute(async (trx) => {
      const one = await post(transfer(key), trx);
      const retitled = transfer(key);
      retitled.movement.notes = 'a retry with another note';
      retitled.movement.receiver = { ...retitled.movement.receiver!, title: 'Someone else' };
      return [one, await post(retitled, trx)];
    });
    expect(again).toEqual({ ...first, outcome: 'exists' });
    expect((await countRows(t, LEDGER_TABLES)).transactions).toBe(before.rows.transactions + 1);
    await expectLedgerInvariants(t);
  });

  it('same key, another movement: refused by name, and the caller’s whole transaction writes nothing', async () => {
    // Proves `exists_with_different_amount` for every part of the movement: amount, fee, status, party, entries.
    const key = freshKey();
    await post(transfer(key));
    const other = (change: (p: ReturnType<typeof transfer>) => void) => {
      const posting = transfer(key);
      change(posting);
      return posting;
    };
    const variants = [
      transfer(key, { ...CHARGES, amountMinor: 10_001n, totalDebitMinor: 10_474n }),
      transfer(key, { ...CHARGES, feeMinor: 451n, totalDebitMinor: 10_474n }),
      transfer(key, CHARGES, TRANSACTION_STATUS.FAILED),
      other((p) => (p.movement.receiver = { ...p.movement.receiver!, walletId: payer.wallets.AED! + 1_000_000n })),
      other((p) => (p.movement.typeId = TransactionType.RequestPayment)),
    ];
    for (const variant of variants) {
      const before = await snapshot();
      // A write before the posting in the same transaction: the refusal takes it back too.
      await expectRefused(
        t.deps.db.transaction().execute(async (trx) => {
          await post(transfer(null), trx);
          return post(variant, trx);
        }),
      );
      expect(await snapshot()).toEqual(before);
    }
    await expectLedgerInvariants(t);
  });
});

describe('postPendingEntries with a posting key', () => {
  const entriesOf = (): Entries => transfer(null).entries;

  async function pendingRow(): Promise<bigint> {
    const { movement } = transfer(null, CHARGES, TRANSACTION_STATUS.PENDING);
    return t.deps.db.transaction().execute(async (trx) => (await recordUnpostedTransaction(trx, movement)).transactionId);
  }

  function postPending(transactionId: bigint, key: string, charges: ChargeRow[] = transfer(null).chargeRows) {
    return t.deps.db
      .transaction()
      .execute((trx) => postPendingEntries(trx, transactionId, TRANSACTION_STATUS.SUCCESS, entriesOf(), charges, null, key));
  }

  it('posts a pending row once: the same posting again answers exists and writes nothing', async () => {
    // Proves the key on the pending path (3-D Secure approvals, captures): a retried approval is harmless.
    const row = await pendingRow();
    const key = freshKey();
    const before = await snapshot();
    expect(await postPending(row, key)).toBe('created');
    const afterFirst = await snapshot();
    expect(afterFirst.balances).toEqual({ payer: before.balances.payer - 10_473n, payee: before.balances.payee + 10_000n });
    expect(await postPending(row, key)).toBe('exists');
    expect(await snapshot()).toEqual(afterFirst);
    const stored = await t.deps.db
      .selectFrom('transactions')
      .select(['status', 'posting_key'])
      .where('id', '=', row)
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({ status: TRANSACTION_STATUS.SUCCESS, posting_key: key });
    await expectLedgerInvariants(t);
  });

  it('refuses the key for another movement: other charges, or another pending row', async () => {
    // Proves the refusal on the pending path, and that two rows never share a key; nothing is written.
    const row = await pendingRow();
    const otherRow = await pendingRow();
    const key = freshKey();
    await postPending(row, key);
    const before = await snapshot();
    await expectRefused(postPending(row, key, [{ name: 'Fee', type: 'fee', chargesMinor: 451n }]));
    await expectRefused(postPending(otherRow, key));
    expect(await snapshot()).toEqual(before);
    const other = await t.deps.db
      .selectFrom('transactions')
      .select(['status', 'posting_key'])
      .where('id', '=', otherRow)
      .executeTakeFirstOrThrow();
    expect(other).toEqual({ status: TRANSACTION_STATUS.PENDING, posting_key: null });
    await expectLedgerInvariants(t);
  });

  it('still refuses, as an assertion, a second posting of a row without a key', async () => {
    // Proves the old guard is kept: only a pending row takes entries.
    const row = await pendingRow();
    await postPending(row, freshKey());
    const again = t.deps.db
      .transaction()
      .execute((trx) => postPendingEntries(trx, row, TRANSACTION_STATUS.SUCCESS, entriesOf(), transfer(null).chargeRows));
    await expect(again).rejects.toThrow(/is not pending/);
    await expectLedgerInvariants(t);
  });
});

describe('a write alongside the posting (send money consumes its quote in the posting statement)', () => {
  /** Work in a transaction of its own on a fresh send-money quote of `who`, locked first as the confirm locks it. */
  async function withQuote<T>(who: TestPerson, work: (trx: Transaction<Database>, quote: LockedQuote) => Promise<T>) {
    const { hash } = await createQuote(t.deps.db, who.id, 'send-money', { test: true });
    return t.deps.db.transaction().execute(async (trx) => work(trx, await lockQuote(trx, hash, who.id, 'send-money')));
  }
  async function quoteRow(id: bigint) {
    return t.deps.db
      .selectFrom('quotes')
      .select(['consumed_at', 'transaction_id', 'result'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
  }

  it('is written by the posting that writes its row, and not by one whose key was taken or whose wallet refused', async () => {
    const key = freshKey();
    const posting = transfer(key);
    // Written: the quote names the transaction, and its result the posting's uuid.
    const first = await withQuote(payer, async (trx, quote) => {
      const posted = await postEntries(trx, posting.movement, posting.entries, posting.chargeRows, {
        alongside: consumedByPosting(quote, { requestId: null }),
      });
      return { quote, posted };
    });
    expect(first.posted.outcome).toBe('created');
    const consumed = await quoteRow(first.quote.id);
    expect(consumed.consumed_at).not.toBeNull();
    expect(consumed.transaction_id).toBe(first.posted.transactionId);
    expect(consumed.result).toEqual({ requestId: null, transactionId: first.posted.uuid });

    // The key taken: the posting answers the first one and the second quote stays open.
    const again = await withQuote(payer, async (trx, quote) => {
      const posted = await postEntries(trx, posting.movement, posting.entries, posting.chargeRows, {
        alongside: consumedByPosting(quote, { requestId: null }),
      });
      return { quote, posted };
    });
    expect(again.posted).toEqual({ ...first.posted, outcome: 'exists' });
    expect(await quoteRow(again.quote.id)).toEqual({ consumed_at: null, transaction_id: null, result: null });

    // A wallet refuses: the whole statement and the transaction roll back, the quote with them.
    const broke = await createTestPerson(t);
    let refusedQuoteId = 0n;
    const refused = withQuote(broke, async (trx, quote) => {
      refusedQuoteId = quote.id;
      const poor = transferPosting(broke, payee, { currencyId, key: null, charges: CHARGES });
      await postEntries(trx, poor.movement, poor.entries, poor.chargeRows, { alongside: consumedByPosting(quote, { requestId: null }) });
    });
    await expect(refused).rejects.toBeInstanceOf(PostingRefused);
    expect(await quoteRow(refusedQuoteId)).toEqual({ consumed_at: null, transaction_id: null, result: null });
    await expectLedgerInvariants(t);
  });
});

describe('the money calls post under the key of what they settle', () => {
  const FUTURE_YEAR = String((new Date().getUTCFullYear() + 3) % 100).padStart(2, '0');

  async function keyOf(uuid: string) {
    return t.deps.db.selectFrom('transactions').select(['id', 'posting_key']).where('uuid', '=', uuid).executeTakeFirstOrThrow();
  }
  async function quoteIdOf(transactionId: bigint) {
    return (await t.deps.db.selectFrom('quotes').select('id').where('transaction_id', '=', transactionId).executeTakeFirstOrThrow()).id;
  }
  async function sendMoney(from: TestPerson, to: TestPerson, extra: { request_id?: number } = {}) {
    const quote = await t.call(
      initiateSendMoneyCall,
      { payerAccountId: Number(from.wallets.AED), emailOrPhone: to.email, amount: 2_500, ...extra },
      { token: from.token },
    );
    expect(quote.status, quote.message).toBe(200);
    const confirmed = await t.call(confirmSendMoneyCall, { transactionHash: quote.data.hash, ...extra }, { token: from.token });
    expect(confirmed.status, confirmed.message).toBe(200);
    return confirmed.data.transactionId;
  }

  it('send money: the quote; paying a request: the request', async () => {
    // Proves the call sites: a transfer is keyed by the quote it consumes, a request payment by the request it pays.
    const sent = await keyOf(await sendMoney(payer, payee));
    expect(sent.posting_key).toBe(`send-money-quote:${await quoteIdOf(sent.id)}`);
    const asked = await t.call(
      initiateRequestMoneyCall,
      { emailOrPhone: payer.email, amount: 2_500, userAccountId: Number(payee.wallets.AED), notes: 'Lunch' },
      { token: payee.token },
    );
    expect(asked.status, asked.message).toBe(200);
    const paid = await keyOf(await sendMoney(payer, payee, { request_id: asked.data.id }));
    expect(paid.posting_key).toBe(`money-request:${asked.data.id}`);
    await expectLedgerInvariants(t);
  });

  it('a card deposit: approved at once, its quote; approved after 3-D Secure, its pending transaction', async () => {
    // Proves the deposit's call sites: the quote one deposit consumes names its posting, and the
    // gateway's 3-D Secure approval names the pending transaction it posts.
    const method = await t.deps.db.selectFrom('payment_methods').select('id').where('code', '=', 'CARD').executeTakeFirstOrThrow();
    const quote = await t.call(
      checkBalanceAndLimitsCall,
      { amount: 10_000, userAccountId: Number(payee.wallets.AED), paymentMethodId: method.id, type: 'DEPOSIT' },
      { token: payee.token },
    );
    expect(quote.status, quote.message).toBe(200);
    const card = { cardHolderName: 'Omar Nasser', cardNumber: SANDBOX_CARDS.approved, expMonth: '09', expYear: FUTURE_YEAR, cvc: '123' };
    const deposit = await t.call(initiateDepositCall, { ...card, hash: quote.data.hash }, { token: payee.token });
    expect(deposit.status, deposit.message).toBe(200);
    const row = await keyOf(deposit.data.transactionId);
    expect(row.posting_key).toBe(`deposit-quote:${await quoteIdOf(row.id)}`);

    // One that waited for 3-D Secure settles its pending transaction when the page is approved.
    const challengeQuote = await t.call(
      checkBalanceAndLimitsCall,
      { amount: 10_000, userAccountId: Number(payee.wallets.AED), paymentMethodId: method.id, type: 'DEPOSIT' },
      { token: payee.token },
    );
    const challenged = await t.call(
      initiateDepositCall,
      { ...card, cardNumber: SANDBOX_CARDS.challenge, hash: challengeQuote.data.hash },
      { token: payee.token },
    );
    expect(challenged.status, challenged.message).toBe(200);
    expect((await keyOf(challenged.data.transactionId)).posting_key).toBeNull();
    await answerChallengePage(t, challenged.data.paymentUrl!, 'approve');
    expect((await keyOf(challenged.data.transactionId)).posting_key).toBe(`card-approval:${challenged.data.transactionId}`);
    await expectLedgerInvariants(t);
  });
});

describe('merchant card payments post under the key of what they settle', () => {
  async function postingOf(uuid: string) {
    return t.deps.db
      .selectFrom('transactions')
      .select(['posting_key', 'gateway_reference_id'])
      .where('uuid', '=', uuid)
      .executeTakeFirstOrThrow();
  }
  async function refundOf(paymentUuid: string) {
    return t.deps.db
      .selectFrom('transactions')
      .select(['uuid', 'posting_key'])
      .where('reference_id', '=', paymentUuid)
      .where('transaction_type_id', '=', TransactionType.Refund)
      .executeTakeFirstOrThrow();
  }

  it('the authorisation charged at once, the capture, the 3-D Secure approval and the refund', async () => {
    // Proves the merchant payments' call sites: each posting names what it settles, so a retried
    // capture, refund or approval answers the first posting instead of moving the money again.
    const merchant = await createTestMerchant(t, { currencies: ['AED'] });
    await giveMerchantFees(t, merchant.id);
    const doors = await openPaymentDoors(t, merchant);

    const charged = await doors.api(SANDBOX_CARDS.approved);
    expect(charged.status).toBe(201);
    const chargedRow = await postingOf(charged.body.transactionId!);
    expect(chargedRow.posting_key).toBe(`card-authorisation:${chargedRow.gateway_reference_id}`);

    const authorised = await doors.api(SANDBOX_CARDS.approved, { captureMethod: 'manual' });
    expect((await postingOf(authorised.body.transactionId!)).posting_key).toBeNull();
    const captured = await doors.apiCall(`/payments/${authorised.body.id}/capture`, {});
    expect(captured.status).toBe(200);
    expect((await postingOf(authorised.body.transactionId!)).posting_key).toBe(`capture:${authorised.body.transactionId}`);

    const challenged = await doors.api(SANDBOX_CARDS.challenge);
    await answerChallengePage(t, challenged.body.nextAction!.redirectUrl, 'approve');
    expect((await postingOf(challenged.body.transactionId!)).posting_key).toBe(`card-approval:${challenged.body.transactionId}`);

    const refunded = await doors.apiCall(`/payments/${charged.body.id}/refunds`, { amount: 1_000 });
    expect(refunded.status).toBe(201);
    const refund = await refundOf(charged.body.transactionId!);
    expect(refund.posting_key).toBe(`refund:${String(refunded.body.id)}`);
    await expectLedgerInvariants(t);
  });
});

describe.skipIf(!onPostgres)('posting keys under concurrency (PostgreSQL)', () => {
  it('20 parallel postings of one key give one transaction and one balance movement', async () => {
    // Proves the race: 20 transactions insert the key at once; one writes, 19 wait for its commit,
    // see the conflict, and answer its transaction without touching a wallet.
    const key = freshKey();
    const before = await snapshot();
    const answers = await Promise.all(Array.from({ length: 20 }, () => post(transfer(key))));
    expect(answers.filter((a) => a.outcome === 'created')).toHaveLength(1);
    const winner = answers.find((a) => a.outcome === 'created')!;
    expect(answers.every((a) => a.transactionId === winner.transactionId && a.uuid === winner.uuid)).toBe(true);
    expect(await snapshot()).toEqual({
      rows: {
        transactions: before.rows.transactions + 1,
        ledger_entries: before.rows.ledger_entries + 4,
        transaction_charges: before.rows.transaction_charges + 2,
      },
      balances: { payer: before.balances.payer - 10_473n, payee: before.balances.payee + 10_000n },
    });
    await expectLedgerInvariants(t);
  });

  it('a second inserter of a key waits for the first’s commit, then answers the first', async () => {
    // Proves the concurrency argument step by step: the first holds its uncommitted row, the
    // second is seen waiting on it, the first commits, and the second answers 'exists'.
    const key = freshKey();
    const hold = gate();
    const before = await snapshot();
    let first: Awaited<ReturnType<typeof post>> | undefined;
    const firstDone = t.deps.db.transaction().execute(async (trx) => {
      first = await post(transfer(key), trx);
      await hold.opened;
    });
    await expect.poll(() => first?.outcome, { timeout: 15_000 }).toBe('created');
    const second = post(transfer(key));
    await waitForLockWaiters(t.deps.db, 1);
    hold.open();
    await firstDone;
    expect(await second).toEqual({ transactionId: first!.transactionId, uuid: first!.uuid, outcome: 'exists' });
    expect((await snapshot()).balances).toEqual({ payer: before.balances.payer - 10_473n, payee: before.balances.payee + 10_000n });
    await expectLedgerInvariants(t);
  });

  it('20 parallel postings of one pending row under its key: one posts, 19 answer exists', async () => {
    // Proves the pending path under the race: the row lock serialises them, the key answers the rest.
    const { movement } = transfer(null, CHARGES, TRANSACTION_STATUS.PENDING);
    const row = await t.deps.db.transaction().execute(async (trx) => (await recordUnpostedTransaction(trx, movement)).transactionId);
    const key = freshKey();
    const before = await snapshot();
    const outcomes = await Promise.all(
      Array.from({ length: 20 }, () =>
        t.deps.db
          .transaction()
          .execute((trx) =>
            postPendingEntries(trx, row, TRANSACTION_STATUS.SUCCESS, transfer(null).entries, transfer(null).chargeRows, null, key),
          ),
      ),
    );
    expect(outcomes.filter((o) => o === 'created')).toHaveLength(1);
    expect(outcomes.filter((o) => o === 'exists')).toHaveLength(19);
    expect((await snapshot()).balances).toEqual({ payer: before.balances.payer - 10_473n, payee: before.balances.payee + 10_000n });
    await expectLedgerInvariants(t);
  });

  it('two pending rows posted under one key at the same moment: the second is refused by name', async () => {
    // Proves the unique index's verdict becomes POSTING_KEY_REUSED: the second's check ran
    // before the first committed, so only the index can stop it; it waits, then is refused.
    const { movement } = transfer(null, CHARGES, TRANSACTION_STATUS.PENDING);
    const rows = await t.deps.db
      .transaction()
      .execute(async (trx) => [
        (await recordUnpostedTransaction(trx, movement)).transactionId,
        (await recordUnpostedTransaction(trx, movement)).transactionId,
      ]);
    const key = freshKey();
    const hold = gate();
    let posted = false;
    const firstDone = t.deps.db.transaction().execute(async (trx) => {
      await postPendingEntries(trx, rows[0]!, TRANSACTION_STATUS.SUCCESS, transfer(null).entries, transfer(null).chargeRows, null, key);
      posted = true;
      await hold.opened;
    });
    await expect.poll(() => posted, { timeout: 15_000 }).toBe(true);
    const before = await snapshot();
    const second = t.deps.db
      .transaction()
      .execute((trx) =>
        postPendingEntries(trx, rows[1]!, TRANSACTION_STATUS.SUCCESS, transfer(null).entries, transfer(null).chargeRows, null, key),
      );
    // Its verdict is awaited from now: the refusal may come before the first's commit has answered.
    const refused = expectRefused(second);
    await waitForLockWaiters(t.deps.db, 1);
    hold.open();
    await firstDone;
    await refused;
    const afterFirst = { payer: before.balances.payer - 10_473n, payee: before.balances.payee + 10_000n };
    expect((await snapshot()).balances).toEqual(afterFirst);
    const statuses = await t.deps.db.selectFrom('transactions').select(['id', 'status']).where('id', 'in', rows).orderBy('id').execute();
    expect(statuses.map((r) => r.status)).toEqual([TRANSACTION_STATUS.SUCCESS, TRANSACTION_STATUS.PENDING]);
    await expectLedgerInvariants(t);
  });
});
