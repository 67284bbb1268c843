// Send money's confirms written together (issue 17; transfers.service.ts CONFIRM_SET): with group
// commit on, the confirms of a batch that name no request are written by one set of statements
// (quotes locked by one, parties read by one, usage counted by one upsert, the postings by one
// insert, the quotes consumed, notices and audit rows by one statement each, the wallets by one
// update). Proves: the set writes exactly what confirming one by one writes (transactions,
// consumed quotes with their stored answer, notices, audit rows, daily usage, balances), in a
// number of statements that does not grow with the batch; what the set cannot take (a second
// confirm of one payer, a blocked payee, a payee without a wallet in the currency, a passed daily
// limit, an unknown or confirmed quote) is answered exactly as alone while the others are written
// by the set; and a wallet the set's debits do not cover keeps nothing of the set, every confirm
// then answered alone. Confirms are queued in one turn of the event loop, so the batch they form
// is known (on PGlite and PostgreSQL alike).
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { confirmSendMoneyCall, initiateSendMoneyCall, USER_STATUS } from '@paywallet/contract';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { balanceOf, createTestPerson, expectLedgerInvariants, fundWallet, sentToday, type TestPerson } from '../../test/money.ts';
import { AuditTrail } from '../../transport/audit-trail.ts';
import { AppError } from '../../transport/errors.ts';
import { recordAudits } from '../audit/audit.service.ts';
import { sessionScopes } from '../auth/sessions.ts';
import { DEFAULT_POSTING_BATCH_SETTINGS, PostingBatcher, type BatchReport } from '../ledger/posting-batcher.ts';
import type { PostingRunner } from '../ledger/ledger.service.ts';
import { confirmSendMoney } from './transfers.service.ts';

let t: TestApp;
let platformPostings: PostingRunner;
let reports: BatchReport[];

beforeAll(async () => {
  t = await createTestApp();
  platformPostings = t.deps.postings;
});
beforeEach(() => {
  reports = [];
  // One lane, batches of up to 64: the confirms queued in one turn form one batch.
  t.deps.postings = new PostingBatcher(t.deps.db, { ...DEFAULT_POSTING_BATCH_SETTINGS, maxBatch: 64, lanes: 1 }, (report) =>
    reports.push(report),
  );
});
afterAll(async () => {
  t.deps.postings = platformPostings;
  await t?.close();
});

/** What a confirm answered: its transaction, or the named reason it was refused. */
type Answer = { transactionId: string } | { reason: string };

interface Quoted {
  payer: TestPerson;
  hash: string;
}

async function quote(payer: TestPerson, payee: TestPerson, amount: number): Promise<Quoted> {
  const answer = await t.call(
    initiateSendMoneyCall,
    { payerAccountId: Number(payer.wallets.AED), emailOrPhone: payee.email, amount },
    { token: payer.token },
  );
  expect(answer.status, answer.message).toBe(200);
  return { payer, hash: answer.data.hash };
}

/**
 * The confirms of these quotes as the web door would make them (each payer's own scope and audit
 * trail), to be queued all before the first runs: they are then one batch of the batcher.
 */
async function confirmsOf(quotes: readonly Quoted[]): Promise<() => Promise<Answer[]>> {
  const trails = await Promise.all(
    quotes.map(async ({ payer }) => {
      const scope = await sessionScopes(t.deps.db)(payer.token);
      expect(scope).not.toBeNull();
      return new AuditTrail(recordAudits, confirmSendMoneyCall, scope, { ip: '10.0.0.7' });
    }),
  );
  return () =>
    Promise.all(
      quotes.map(({ payer, hash }, index) =>
        confirmSendMoney(t.deps, trails[index]!, payer.id, { transactionHash: hash }).then(
          (answer): Answer => answer,
          (error: unknown): Answer => {
            if (error instanceof AppError) return { reason: error.reason };
            throw error;
          },
        ),
      ),
    );
}

async function confirmTogether(quotes: readonly Quoted[]): Promise<Answer[]> {
  return (await confirmsOf(quotes))();
}

async function funded(amountMinor: bigint, options: { currencies?: readonly string[] } = {}): Promise<TestPerson> {
  const person = await createTestPerson(t, options);
  if (amountMinor > 0n) await fundWallet(t, person.wallets.AED!, amountMinor, 'AED');
  return person;
}

function transactionIdOf(answer: Answer | undefined): string {
  expect(answer).toHaveProperty('transactionId');
  return (answer as { transactionId: string }).transactionId;
}

describe("send money's confirms written together", () => {
  it('writes a batch of confirms by one set of statements, with every row a confirm alone writes', async () => {
    const payers = await Promise.all(Array.from({ length: 10 }, () => funded(1_000_000n)));
    const payees = await Promise.all(Array.from({ length: 3 }, () => funded(0n)));
    const quotes: Quoted[] = [];
    for (const [index, payer] of payers.entries()) quotes.push(await quote(payer, payees[index % 3]!, 10_000 + index));

    const confirms = await confirmsOf(quotes);
    const recorded = await t.recordStatements(confirms);
    const answers = recorded.result;
    expect(reports).toEqual([expect.objectContaining({ size: 10, committed: 10, failed: 0, setWritten: 10, commitError: false })]);
    // The set's eight statements, its savepoint, BEGIN and COMMIT: as many for ten confirms as for two.
    expect(recorded.statements.length, recorded.statements.join('\n')).toBeLessThanOrEqual(12);

    const ids = answers.map(transactionIdOf);
    const rows = await t.deps.db
      .selectFrom('transactions')
      .select(['id', 'uuid', 'sender_user_id', 'receiver_user_id', 'amount', 'total_amount'])
      .where('uuid', 'in', ids)
      .execute();
    expect(rows).toHaveLength(10);
    for (const [index, payer] of payers.entries()) {
      const row = rows.find((r) => r.uuid === ids[index]);
      expect({ sender: row?.sender_user_id, receiver: row?.receiver_user_id }).toEqual({
        sender: payer.id,
        receiver: payees[index % 3]!.id,
      });
      expect(await balanceOf(t, payer.wallets.AED!)).toBe(1_000_000n - BigInt(row!.total_amount));
      // The payer's usage row holds what was entered.
      expect(await sentToday(t, payer.id)).toBe(BigInt(10_000 + index));
    }
    for (const [p, payee] of payees.entries()) {
      const received = rows.filter((r) => r.receiver_user_id === payee.id).reduce((sum, r) => sum + BigInt(r.amount), 0n);
      expect(await balanceOf(t, payee.wallets.AED!), `payee ${p}`).toBe(received);
    }

    // Each quote consumed by its own transaction, with the answer a repeated confirm gives.
    const consumed = await t.deps.db
      .selectFrom('quotes')
      .select(['transaction_id', 'result'])
      .where(
        'user_id',
        'in',
        payers.map((p) => p.id),
      )
      .where('kind', '=', 'send-money')
      .execute();
    expect(consumed).toHaveLength(10);
    for (const row of consumed) {
      const transaction = rows.find((r) => r.id === row.transaction_id);
      expect(row.result).toEqual({ requestId: null, transactionId: transaction?.uuid });
    }

    // Both parties told of each send; one audit row for each confirm, naming its transaction and who acted.
    const notices = await t.deps.db
      .selectFrom('notifications')
      .select(['user_id', 'type'])
      .where(
        'user_id',
        'in',
        [...payers, ...payees].map((p) => p.id),
      )
      .execute();
    expect(
      notices
        .filter((n) => n.type === 'money-sent')
        .map((n) => n.user_id)
        .sort(),
    ).toEqual(payers.map((p) => p.id).sort());
    expect(notices.filter((n) => n.type === 'money-received')).toHaveLength(10);
    const audit = await t.deps.db
      .selectFrom('audit_log')
      .select(['actor_user_id', 'subject_id', 'action'])
      .where('subject_id', 'in', ids)
      .where('action', '=', 'transfer.confirm')
      .execute();
    expect(audit.map((row) => [row.actor_user_id, row.subject_id]).sort()).toEqual(
      payers.map((payer, index) => [payer.id, ids[index]]).sort(),
    );
    // A repeated confirm answers the set's transaction again.
    const again = await t.call(confirmSendMoneyCall, { transactionHash: quotes[3]!.hash }, { token: payers[3]!.token });
    expect(again.data).toEqual({ transactionId: ids[3] });
    await expectLedgerInvariants(t);
  });

  it('answers what the set cannot take as a confirm alone, and writes the rest by the set', async () => {
    const payee = await funded(0n);
    const plain = await funded(1_000_000n);
    const twice = await funded(1_000_000n);
    const toBlocked = await funded(1_000_000n);
    const blocked = await funded(0n);
    const toNewWallet = await funded(1_000_000n);
    const usdOnly = await createTestPerson(t, { currencies: ['USD'] });
    const overLimit = await funded(20_000_000n);
    const repeated = await funded(1_000_000n);

    const first = await quote(twice, payee, 1_000);
    const second = await quote(twice, payee, 2_000);
    const blockedQuote = await quote(toBlocked, blocked, 3_000);
    await t.deps.db.updateTable('users').set({ status: USER_STATUS.SUSPENDED }).where('id', '=', blocked.id).execute();
    // Three quotes priced against the same usage, each within the daily limit (AED 100,000.00):
    // two confirmed first, the third would pass it.
    const limitQuotes = [];
    for (let i = 0; i < 3; i++) limitQuotes.push(await quote(overLimit, payee, 4_900_000));
    for (const confirmed of limitQuotes.slice(0, 2)) {
      expect((await t.call(confirmSendMoneyCall, { transactionHash: confirmed.hash }, { token: overLimit.token })).status).toBe(200);
    }
    const pastLimit = limitQuotes[2]!;
    const confirmedBefore = await quote(repeated, payee, 4_000);
    const before = await t.call(confirmSendMoneyCall, { transactionHash: confirmedBefore.hash }, { token: repeated.token });
    expect(before.status).toBe(200);
    reports.length = 0;

    const answers = await confirmTogether([
      await quote(plain, payee, 5_000),
      first,
      second,
      blockedQuote,
      await quote(toNewWallet, usdOnly, 6_000),
      pastLimit,
      { payer: plain, hash: 'f'.repeat(64) },
      confirmedBefore,
    ]);
    expect(answers.map((answer) => ('reason' in answer ? answer.reason : 'ok'))).toEqual([
      'ok',
      'ok',
      'ok',
      'RECIPIENT_INACTIVE',
      'ok',
      'DAILY_LIMIT_EXCEEDED',
      'QUOTE_INVALID',
      'ok',
    ]);
    expect(answers[7]).toEqual(before.data);
    // The plain confirm and the first of `twice` by the set; the rest each alone, in the same batch.
    expect(reports).toEqual([expect.objectContaining({ size: 8, committed: 5, failed: 3, setWritten: 2, retried: 0 })]);
    expect(await balanceOf(t, payee.wallets.AED!)).toBe(2n * 4_900_000n + 5_000n + 1_000n + 2_000n + 4_000n);
    const opened = await t.deps.db.selectFrom('wallets').select('available_balance').where('user_id', '=', usdOnly.id).execute();
    expect(opened.map((w) => w.available_balance).sort()).toEqual([0n, 6_000n]);
    await expectLedgerInvariants(t);
  });

  it('keeps nothing of the set when a wallet does not cover its debits, and answers every confirm alone', async () => {
    const payee = await funded(0n);
    const payers = await Promise.all(Array.from({ length: 4 }, () => funded(100_000n)));
    const quotes = await Promise.all(payers.map((payer) => quote(payer, payee, 50_000)));
    // Spent elsewhere since the quote: the last payer's wallet no longer covers it.
    const elsewhere = await quote(payers[3]!, payee, 80_000);
    expect((await t.call(confirmSendMoneyCall, { transactionHash: elsewhere.hash }, { token: payers[3]!.token })).status).toBe(200);
    reports.length = 0;

    const answers = await confirmTogether(quotes);
    expect(answers.map((answer) => ('reason' in answer ? answer.reason : 'ok'))).toEqual(['ok', 'ok', 'ok', 'INSUFFICIENT_FUNDS']);
    expect(reports).toEqual([expect.objectContaining({ size: 4, committed: 3, failed: 1, setWritten: 0 })]);
    // The refused confirm's quote stays open and its usage uncounted.
    const open = await t.deps.db
      .selectFrom('quotes')
      .select('consumed_at')
      .where('user_id', '=', payers[3]!.id)
      .where('transaction_id', 'is', null)
      .execute();
    expect(open).toEqual([{ consumed_at: null }]);
    expect(await sentToday(t, payers[3]!.id)).toBe(80_000n);
    await expectLedgerInvariants(t);
  });
});
