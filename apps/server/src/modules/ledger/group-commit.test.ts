// Group commit (docs/group-commit.md) on the real database: postings given to a PostingBatcher
// at the same moment are written in one database transaction, each in a savepoint of its own.
// Proves: a refused posting (insufficient funds, a reused key, any error) inside a batch writes
// nothing and leaves the others committed; a key posted twice in one batch answers 'exists'; a
// batch whose COMMIT fails answers every caller with the error and writes nothing; a lone
// posting goes in a batch of one; on PostgreSQL, many workers posting at once share batches and
// move exactly the money they were told they moved; and a process killed (SIGKILL) while its
// batches are in flight leaves every acknowledged posting in the ledger and nothing half-written.
// Every scenario ends with the ledger invariants.
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { depositEntries, postingKey, TransactionType, type Charges } from '@paywallet/ledger';
import { TRANSACTION_STATUS } from '@paywallet/contract';
import { countRows, createTestApp, type TestApp } from '../../test/harness.ts';
import { balanceOf, createTestPerson, expectLedgerInvariants, fundWallet, transferPosting, type TestPerson } from '../../test/money.ts';
import { AppError } from '../../transport/errors.ts';
import { postEntries, postMovement, PostingRefused, runPosting, withPosting } from './ledger.service.ts';
import { DEFAULT_POSTING_BATCH_SETTINGS, PostingBatcher, type BatchReport, type PostingBatchSettings } from './posting-batcher.ts';

const onPostgres = process.env.TEST_DB === 'postgres';
const repoRoot = path.resolve(import.meta.dirname, '../../../../..');
const LEDGER_TABLES = ['transactions', 'ledger_entries', 'transaction_charges'] as const;
const CHARGES: Charges = { amountMinor: 10_000n, feeMinor: 450n, vatMinor: 23n, totalDebitMinor: 10_473n };
const WAIT_MAX_MS = 60_000;

let t: TestApp;
let currencyId: number;
let keyCounter = 0;

beforeAll(async () => {
  t = await createTestApp({}, { demo: false });
  currencyId = (await t.deps.db.selectFrom('currencies').select('id').where('code', '=', 'AED').executeTakeFirstOrThrow()).id;
});
afterAll(async () => {
  await t?.close();
});

const freshKey = () => postingKey('group-commit-test', ++keyCounter);

/** The posting of a transfer from payer to payee, as transfers.service.ts makes it. */
function transferWork(payer: TestPerson, payee: TestPerson, key: string | null, charges: Charges = CHARGES) {
  const { movement, entries, chargeRows } = transferPosting(payer, payee, { currencyId, key, charges });
  return (trx: Parameters<Parameters<PostingBatcher['run']>[0]>[0]) => postEntries(trx, movement, entries, chargeRows);
}

/** A transfer given whole (postMovement): group commit may write it in its batch's set. */
function postTransfer(runner: PostingBatcher, payer: TestPerson, payee: TestPerson, key: string | null, charges: Charges = CHARGES) {
  const { movement, entries, chargeRows } = transferPosting(payer, payee, { currencyId, key, charges });
  return postMovement(runner, movement, entries, chargeRows);
}

/** A batcher whose batches are recorded (one lane unless told). */
function recordingBatcher(settings: Partial<PostingBatchSettings> = {}) {
  const reports: BatchReport[] = [];
  const batcher = new PostingBatcher(t.deps.db, { ...DEFAULT_POSTING_BATCH_SETTINGS, ...settings }, (report) => reports.push(report));
  return { batcher, reports };
}

/** `count` new people, each with `amountMinor` in AED (none with 0). */
async function fundedPeople(count: number, amountMinor: bigint): Promise<TestPerson[]> {
  const people: TestPerson[] = [];
  for (let i = 0; i < count; i++) {
    const person = await createTestPerson(t);
    if (amountMinor > 0n) await fundWallet(t, person.wallets.AED!, amountMinor, 'AED');
    people.push(person);
  }
  return people;
}

/** A promise resolved from outside: where a unit waits for another to have run. */
function signal() {
  let fire!: () => void;
  const fired = new Promise<void>((resolve) => (fire = resolve));
  return { fire, fired };
}

/** Resolves or rejects: what a caller of the batch was answered. */
function settle<T>(promise: Promise<T>): Promise<{ ok: true; value: T } | { ok: false; error: unknown }> {
  return promise.then(
    (value) => ({ ok: true as const, value }),
    (error: unknown) => ({ ok: false as const, error }),
  );
}

/**
 * `count` transfers by `workers` closed-loop workers, each between the pair `pick` names (none
 * when it names one person twice), posted by `post`: what each caller was told it moved, by
 * person, and how many were refused. The balances must then move by exactly that.
 */
async function postUnderLoad(
  people: TestPerson[],
  load: {
    count: number;
    workers: number;
    pick: (n: number) => [payer: TestPerson, payee: TestPerson];
    post: (payer: TestPerson, payee: TestPerson, n: number) => Promise<{ ok: boolean }>;
  },
) {
  const moved = new Map<TestPerson, bigint>(people.map((p) => [p, 0n]));
  let next = 0;
  let refused = 0;
  const worker = async () => {
    while (next < load.count) {
      const n = next++;
      const [payer, payee] = load.pick(n);
      if (payee === payer) continue;
      if (!(await load.post(payer, payee, n)).ok) {
        refused++;
        continue;
      }
      moved.set(payer, moved.get(payer)! - CHARGES.totalDebitMinor);
      moved.set(payee, moved.get(payee)! + CHARGES.amountMinor);
    }
  };
  await Promise.all(Array.from({ length: load.workers }, worker));
  return { moved, refused };
}

/** Each person's balance is where it started plus what the callers were told moved. */
async function expectMoved(people: TestPerson[], starting: bigint[], moved: Map<TestPerson, bigint>) {
  for (const [index, person] of people.entries()) {
    expect(await balanceOf(t, person.wallets.AED!)).toBe(starting[index]! + moved.get(person)!);
  }
}

describe('group commit', () => {
  it('isolates refusals inside one batch: an overdraft, a reused key and a thrown error write nothing, the others commit', async () => {
    const rich = await createTestPerson(t);
    const poor = await createTestPerson(t);
    const payee = await createTestPerson(t);
    await fundWallet(t, rich.wallets.AED!, 1_000_000n, 'AED');
    await fundWallet(t, poor.wallets.AED!, 5_000n, 'AED');
    const { batcher, reports } = recordingBatcher();
    const shared = freshKey();
    const before = await countRows(t, LEDGER_TABLES);

    // Given in one turn of the event loop: one batch of 12.
    const answers = await Promise.all([
      ...Array.from({ length: 8 }, () => settle(batcher.run(transferWork(rich, payee, freshKey())))),
      settle(batcher.run(transferWork(poor, payee, freshKey()))), // 10,473 from 5,000: refused
      settle(batcher.run(transferWork(rich, payee, shared))),
      settle(batcher.run(transferWork(rich, payee, shared))), // the same movement again: 'exists'
      settle(batcher.run(transferWork(rich, payee, shared, { ...CHARGES, amountMinor: 9_000n, totalDebitMinor: 9_473n }))),
      settle(
        batcher.run(async (trx) => {
          await transferWork(rich, payee, freshKey())(trx);
          throw new Error('the business write after the posting failed');
        }),
      ),
    ]);

    expect(reports).toEqual([{ lane: 0, size: 13, committed: 10, failed: 3, retried: 0, deadlocks: 0, commitError: false, setWritten: 0 }]);
    const created = answers.slice(0, 8);
    for (const answer of created) expect(answer).toMatchObject({ ok: true, value: { outcome: 'created' } });
    expect(answers[8]).toMatchObject({ ok: false, error: expect.any(PostingRefused) });
    expect(answers[9]).toMatchObject({ ok: true, value: { outcome: 'created' } });
    const first = answers[9]!.ok ? answers[9]!.value : undefined;
    expect(answers[10]).toEqual({ ok: true, value: { ...first, outcome: 'exists' } });
    expect(answers[11]).toMatchObject({ ok: false, error: expect.any(AppError) });
    expect((answers[11] as { error: AppError }).error.reason).toBe('POSTING_KEY_REUSED');
    expect(answers[12]).toMatchObject({ ok: false, error: new Error('the business write after the posting failed') });

    // Nine transfers written (8 + the shared key once), each a row, 4 entries and 2 charges.
    const after = await countRows(t, LEDGER_TABLES);
    expect(after).toEqual({
      transactions: before.transactions + 9,
      ledger_entries: before.ledger_entries + 36,
      transaction_charges: before.transaction_charges + 18,
    });
    expect(await balanceOf(t, rich.wallets.AED!)).toBe(1_000_000n - 9n * CHARGES.totalDebitMinor);
    expect(await balanceOf(t, poor.wallets.AED!)).toBe(5_000n);
    expect(await balanceOf(t, payee.wallets.AED!)).toBe(9n * CHARGES.amountMinor);
    await expectLedgerInvariants(t);
  });

  it('answers every caller with the error when the COMMIT fails, and writes nothing', async () => {
    await sql`CREATE TABLE IF NOT EXISTS group_commit_probe (id int, CONSTRAINT group_commit_probe_once UNIQUE (id) DEFERRABLE INITIALLY DEFERRED)`.execute(
      t.deps.db,
    );
    const payer = await createTestPerson(t);
    const payee = await createTestPerson(t);
    await fundWallet(t, payer.wallets.AED!, 1_000_000n, 'AED');
    const { batcher, reports } = recordingBatcher();
    const before = await countRows(t, LEDGER_TABLES);

    const answers = await Promise.all([
      settle(batcher.run(transferWork(payer, payee, freshKey()))),
      settle(batcher.run(transferWork(payer, payee, null))),
      // Checked only at COMMIT: the unit itself succeeds, the batch's commit fails.
      settle(batcher.run((trx) => sql`INSERT INTO group_commit_probe (id) VALUES (1), (1)`.execute(trx))),
      settle(batcher.run(transferWork(payer, payee, freshKey()))),
    ]);

    expect(reports).toEqual([{ lane: 0, size: 4, committed: 0, failed: 4, retried: 0, deadlocks: 0, commitError: true, setWritten: 0 }]);
    for (const answer of answers) expect(answer).toMatchObject({ ok: false, error: expect.objectContaining({ code: '23505' }) });
    expect(await countRows(t, LEDGER_TABLES)).toEqual(before);
    expect(await balanceOf(t, payer.wallets.AED!)).toBe(1_000_000n);
    expect(await balanceOf(t, payee.wallets.AED!)).toBe(0n);
    // The batcher goes on: the next batch commits.
    expect(await withPosting(batcher, transferWork(payer, payee, freshKey()))).toMatchObject({ ok: true });
    await expectLedgerInvariants(t);
  });

  it('posts a lone posting at once, in a batch of one, and withPosting answers a refusal as a value', async () => {
    const payer = await createTestPerson(t);
    const payee = await createTestPerson(t);
    await fundWallet(t, payer.wallets.AED!, 20_000n, 'AED');
    const { batcher, reports } = recordingBatcher({ windowMs: 50 });

    expect(await runPosting(batcher, transferWork(payer, payee, freshKey()))).toMatchObject({ outcome: 'created' });
    expect(reports).toEqual([{ lane: 0, size: 1, committed: 1, failed: 0, retried: 0, deadlocks: 0, commitError: false, setWritten: 0 }]);
    expect(await withPosting(batcher, transferWork(payer, payee, freshKey()))).toEqual({
      ok: false,
      code: 'INSUFFICIENT_FUNDS',
      walletId: payer.wallets.AED!,
    });
    expect(reports).toHaveLength(2);
    expect(await balanceOf(t, payer.wallets.AED!)).toBe(20_000n - CHARGES.totalDebitMinor);
    await expectLedgerInvariants(t);
  });

  it('holds no more than maxBatch postings in one transaction', async () => {
    const payer = await createTestPerson(t);
    const payee = await createTestPerson(t);
    await fundWallet(t, payer.wallets.AED!, 1_000_000n, 'AED');
    const { batcher, reports } = recordingBatcher({ maxBatch: 4 });

    const answers = await Promise.all(Array.from({ length: 10 }, () => withPosting(batcher, transferWork(payer, payee, freshKey()))));

    expect(answers.every((answer) => answer.ok)).toBe(true);
    expect(reports.map((report) => report.size)).toEqual([4, 4, 2]);
    expect(await balanceOf(t, payee.wallets.AED!)).toBe(10n * CHARGES.amountMinor);
    await expectLedgerInvariants(t);
  });
});

describe.skipIf(!onPostgres)('group commit in lanes (PostgreSQL: a connection per lane)', () => {
  /** A unit that posts, says it has, then waits for `other` before its batch goes on. */
  const postThenMeet =
    (work: ReturnType<typeof transferWork>, ran: ReturnType<typeof signal>, other: ReturnType<typeof signal>) =>
    async (trx: Parameters<typeof work>[0]) => {
      const posted = await work(trx);
      ran.fire();
      await other.fired;
      return posted;
    };

  it('runs two lanes side by side, each batch committing on its own, and a refusal in one lane does not touch the other', async () => {
    const [payerA, payerB] = await fundedPeople(2, 1_000_000n);
    const [poor] = await fundedPeople(1, 5_000n);
    const [payeeA, payeeB] = await fundedPeople(2, 0n);
    const { batcher, reports } = recordingBatcher({ lanes: 2 });
    const aRan = signal();
    const bRan = signal();

    // Each lane's first unit waits until the other lane's has posted: only two batches in flight
    // at once get past it (one batch at a time would wait for ever).
    const answers = await Promise.all([
      settle(batcher.run(postThenMeet(transferWork(payerA!, payeeA!, freshKey()), aRan, bRan), { key: 0n })),
      settle(batcher.run(transferWork(poor!, payeeA!, freshKey()), { key: 0n })), // 10,473 from 5,000: refused
      settle(
        batcher.run(
          async (trx) => {
            await transferWork(payerA!, payeeA!, freshKey())(trx);
            throw new Error('the business write after the posting failed');
          },
          { key: 0n },
        ),
      ),
      settle(batcher.run(postThenMeet(transferWork(payerB!, payeeB!, freshKey()), bRan, aRan), { key: 1n })),
      settle(batcher.run(transferWork(payerB!, payeeB!, freshKey()), { key: 1n })),
    ]);

    expect([...reports].sort((a, b) => a.lane - b.lane)).toEqual([
      { lane: 0, size: 3, committed: 1, failed: 2, retried: 0, deadlocks: 0, commitError: false, setWritten: 0 },
      { lane: 1, size: 2, committed: 2, failed: 0, retried: 0, deadlocks: 0, commitError: false, setWritten: 0 },
    ]);
    expect(answers.map((answer) => answer.ok)).toEqual([true, false, false, true, true]);
    expect(answers[1]).toMatchObject({ ok: false, error: expect.any(PostingRefused) });
    expect(await balanceOf(t, payerA!.wallets.AED!)).toBe(1_000_000n - CHARGES.totalDebitMinor);
    expect(await balanceOf(t, poor!.wallets.AED!)).toBe(5_000n);
    expect(await balanceOf(t, payeeA!.wallets.AED!)).toBe(CHARGES.amountMinor);
    expect(await balanceOf(t, payerB!.wallets.AED!)).toBe(1_000_000n - 2n * CHARGES.totalDebitMinor);
    expect(await balanceOf(t, payeeB!.wallets.AED!)).toBe(2n * CHARGES.amountMinor);
    await expectLedgerInvariants(t);
  });

  it.each([
    { lockWaitMs: 50, how: 'the waiting unit steps aside after its lock wait', deadlocks: 0 },
    { lockWaitMs: 0, how: 'PostgreSQL rolls a deadlock victim back', deadlocks: 1 },
  ])(
    'breaks a lock cycle between two lanes ($how): the unit runs again and every balance is what its caller was told',
    async ({ lockWaitMs, deadlocks }) => {
      const [x, y] = await fundedPeople(2, 0n);
      const payers = await fundedPeople(4, 100_000n);
      const [payerA1, payerA2, payerB1, payerB2] = payers;
      const { batcher, reports } = recordingBatcher({ lanes: 2, lockWaitMs });
      const aRan = signal();
      const bRan = signal();

      // Lane 0 credits X, lane 1 credits Y; once both have, lane 0 credits Y and lane 1 credits X:
      // each batch waits for a row the other holds until its commit.
      const answers = await Promise.all([
        settle(batcher.run(postThenMeet(transferWork(payerA1!, x!, freshKey()), aRan, bRan), { key: 0n })),
        settle(batcher.run(transferWork(payerA2!, y!, freshKey()), { key: 0n })),
        settle(batcher.run(postThenMeet(transferWork(payerB1!, y!, freshKey()), bRan, aRan), { key: 1n })),
        settle(batcher.run(transferWork(payerB2!, x!, freshKey()), { key: 1n })),
      ]);

      for (const answer of answers) expect(answer).toMatchObject({ ok: true, value: { outcome: 'created' } });
      const sum = (field: 'retried' | 'deadlocks' | 'committed') => reports.reduce((total, report) => total + report[field], 0);
      expect(sum('committed')).toBe(4);
      expect(sum('retried')).toBeGreaterThanOrEqual(1);
      expect(sum('deadlocks')).toBe(deadlocks);
      expect(reports.every((report) => !report.commitError && report.failed === 0)).toBe(true);
      for (const payer of payers) expect(await balanceOf(t, payer.wallets.AED!)).toBe(100_000n - CHARGES.totalDebitMinor);
      expect(await balanceOf(t, x!.wallets.AED!)).toBe(2n * CHARGES.amountMinor);
      expect(await balanceOf(t, y!.wallets.AED!)).toBe(2n * CHARGES.amountMinor);
      await expectLedgerInvariants(t);
    },
  );
});

describe("posting sets: a batch's whole postings written together", () => {
  it('writes a batch of transfers by set-based statements, credits to one payee summed, each whole', async () => {
    const payers = await fundedPeople(6, 100_000n);
    const [payee] = await fundedPeople(1, 0n);
    const { batcher, reports } = recordingBatcher();
    const before = await countRows(t, LEDGER_TABLES);

    const answers = await Promise.all(
      payers.flatMap((payer) => [postTransfer(batcher, payer, payee!, null), postTransfer(batcher, payer, payee!, freshKey())]),
    );

    expect(reports).toEqual([
      { lane: 0, size: 12, committed: 12, failed: 0, retried: 0, deadlocks: 0, commitError: false, setWritten: 12 },
    ]);
    for (const answer of answers) expect(answer).toMatchObject({ ok: true, value: { outcome: 'created' } });
    expect(new Set(answers.map((a) => (a.ok ? a.value.transactionId : 0n))).size).toBe(12);
    // Each answer names its own row: its uuid, its parties, its 4 entries and 2 charges.
    for (const answer of answers) {
      const posted = answer.ok ? answer.value : undefined;
      const row = await t.deps.db
        .selectFrom('transactions')
        .select(['uuid', 'receiver_account_id'])
        .where('id', '=', posted!.transactionId)
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ uuid: posted!.uuid, receiver_account_id: payee!.wallets.AED! });
    }
    expect(await countRows(t, LEDGER_TABLES)).toEqual({
      transactions: before.transactions + 12,
      ledger_entries: before.ledger_entries + 48,
      transaction_charges: before.transaction_charges + 24,
    });
    for (const payer of payers) expect(await balanceOf(t, payer.wallets.AED!)).toBe(100_000n - 2n * CHARGES.totalDebitMinor);
    expect(await balanceOf(t, payee!.wallets.AED!)).toBe(12n * CHARGES.amountMinor);
    await expectLedgerInvariants(t);
  });

  it('writes in a set every column, entry and charge a posting alone writes, text of any kind included', async () => {
    const [payer] = await fundedPeople(1, 100_000n);
    const [payee] = await fundedPeople(1, 0n);
    // The set sends its rows as JSON: quotes, backslashes, a newline, a tab, braces, Arabic
    // text and an emoji must arrive as they were given.
    const awkward = 'Ali\'s "gift" \\ back\\slash\nline two\t{1,2} ٪ مرحبا 💸';
    const posting = (key: string) => {
      const { movement, entries, chargeRows } = transferPosting(payer!, payee!, { currencyId, key, charges: CHARGES });
      const full = {
        ...movement,
        sender: { ...movement.sender!, title: awkward, accountNumber: 'PW"1' },
        receiver: { ...movement.receiver!, title: `${awkward} (payee)` },
        referenceId: 'REF-"1"',
        gatewayReferenceId: 'GW\\7',
        approvalCode: 'A1B2C3',
        card: { holderName: awkward, maskedNumber: '411111******1111', brand: 'visa' },
        notes: awkward,
        moneyRequestId: 987_654_321_987n,
        failureReason: null,
        merchantPayment: {
          customerId: null,
          paymentLinkId: null,
          apiPaymentId: null,
          posDeviceId: null,
          clientReference: 'order "42"',
          description: awkward,
          hostReference: 'H\\1',
        },
      };
      return { movement: full, entries, chargeRows };
    };
    const alone = posting(freshKey());
    const aloneAnswer = await postMovement(t.deps.db, alone.movement, alone.entries, alone.chargeRows);
    const { batcher, reports } = recordingBatcher();
    const inSet = [posting(freshKey()), posting(freshKey()), posting(freshKey())];
    const setAnswers = await Promise.all(inSet.map((p) => postMovement(batcher, p.movement, p.entries, p.chargeRows)));
    expect(reports).toEqual([{ lane: 0, size: 3, committed: 3, failed: 0, retried: 0, deadlocks: 0, commitError: false, setWritten: 3 }]);

    const written = async (answer: Awaited<ReturnType<typeof postMovement>>) => {
      const id = answer.ok ? answer.value.transactionId : -1n;
      const row = await t.deps.db.selectFrom('transactions').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
      const { id: _id, uuid: _uuid, created_at: _c, updated_at: _u, posting_key: _k, posting_digest: _d, ...columns } = row;
      const entries = await t.deps.db
        .selectFrom('ledger_entries')
        .select(['wallet_id', 'system_account', 'currency', 'bucket', 'amount'])
        .where('transaction_id', '=', id)
        .orderBy('id')
        .execute();
      const charges = await t.deps.db
        .selectFrom('transaction_charges')
        .select(['name', 'type', 'charges'])
        .where('transaction_id', '=', id)
        .orderBy('id')
        .execute();
      return { columns, entries, charges, keyed: row.posting_key !== null && row.posting_digest !== null };
    };
    const expected = await written(aloneAnswer);
    expect(expected.columns).toMatchObject({
      notes: awkward,
      card_holder_name: awkward,
      description: awkward,
      money_request_id: 987_654_321_987n,
    });
    expect(expected.keyed).toBe(true);
    for (const answer of setAnswers) expect(await written(answer)).toEqual(expected);
    await expectLedgerInvariants(t);
  });

  it('writes postings without charge rows in a set (fee-free deposits), and a set of one as its own posting', async () => {
    const [first, second] = await fundedPeople(2, 0n);
    const { batcher, reports } = recordingBatcher();
    const deposit = (person: TestPerson, amountMinor: bigint) =>
      postMovement(
        batcher,
        {
          typeId: TransactionType.Deposit,
          status: TRANSACTION_STATUS.SUCCESS,
          currencyId,
          amountMinor,
          feeMinor: 0n,
          vatMinor: 0n,
          totalAmountMinor: amountMinor,
          receiver: { userId: person.id, walletId: person.wallets.AED!, title: 'Receiver', accountNumber: 'R' },
        },
        depositEntries({
          walletId: String(person.wallets.AED),
          currency: 'AED',
          charges: { amountMinor, feeMinor: 0n, vatMinor: 0n, totalDebitMinor: amountMinor },
        }),
        [],
      );
    const before = await countRows(t, LEDGER_TABLES);

    const answers = await Promise.all([deposit(first!, 7_000n), deposit(second!, 9_000n), deposit(first!, 1_000n)]);
    const alone = await deposit(second!, 500n);

    expect(reports).toEqual([
      { lane: 0, size: 3, committed: 3, failed: 0, retried: 0, deadlocks: 0, commitError: false, setWritten: 3 },
      { lane: 0, size: 1, committed: 1, failed: 0, retried: 0, deadlocks: 0, commitError: false, setWritten: 0 },
    ]);
    for (const answer of [...answers, alone]) expect(answer).toMatchObject({ ok: true, value: { outcome: 'created' } });
    const after = await countRows(t, LEDGER_TABLES);
    expect(after.transactions - before.transactions).toBe(4);
    expect(after.ledger_entries - before.ledger_entries).toBe(8);
    expect(after.transaction_charges).toBe(before.transaction_charges);
    expect(await balanceOf(t, first!.wallets.AED!)).toBe(8_000n);
    expect(await balanceOf(t, second!.wallets.AED!)).toBe(9_500n);
    await expectLedgerInvariants(t);
  });

  it('is not kept when a wallet cannot cover its debits in the set: every posting then runs alone, in order, seeing the ones before it', async () => {
    // B has nothing of its own: it can pay C only with what A pays it in the same batch.
    const [a, b, c, poor] = await fundedPeople(4, 0n);
    await fundWallet(t, a!.wallets.AED!, 50_000n, 'AED');
    await fundWallet(t, poor!.wallets.AED!, 5_000n, 'AED');
    const { batcher, reports } = recordingBatcher();

    const answers = await Promise.all([
      postTransfer(batcher, a!, b!, freshKey()),
      postTransfer(batcher, b!, c!, freshKey(), { ...CHARGES, amountMinor: 5_000n, totalDebitMinor: 5_473n }),
      postTransfer(batcher, poor!, c!, freshKey()), // 10,473 from 5,000: refused alone
    ]);

    expect(reports).toEqual([{ lane: 0, size: 3, committed: 2, failed: 1, retried: 0, deadlocks: 0, commitError: false, setWritten: 0 }]);
    expect(answers[0]).toMatchObject({ ok: true, value: { outcome: 'created' } });
    expect(answers[1]).toMatchObject({ ok: true, value: { outcome: 'created' } });
    expect(answers[2]).toEqual({ ok: false, code: 'INSUFFICIENT_FUNDS', walletId: poor!.wallets.AED! });
    expect(await balanceOf(t, b!.wallets.AED!)).toBe(CHARGES.amountMinor - 5_473n);
    expect(await balanceOf(t, c!.wallets.AED!)).toBe(5_000n);
    expect(await balanceOf(t, poor!.wallets.AED!)).toBe(5_000n);
    await expectLedgerInvariants(t);
  });

  it('never takes a credit of the set to cover a debit of it: two wallets paying each other with nothing are both refused', async () => {
    const [x, y] = await fundedPeople(2, 0n);
    const { batcher } = recordingBatcher();
    const answers = await Promise.all([postTransfer(batcher, x!, y!, null), postTransfer(batcher, y!, x!, null)]);
    expect(answers).toEqual([
      { ok: false, code: 'INSUFFICIENT_FUNDS', walletId: x!.wallets.AED! },
      { ok: false, code: 'INSUFFICIENT_FUNDS', walletId: y!.wallets.AED! },
    ]);
    expect(await balanceOf(t, x!.wallets.AED!)).toBe(0n);
    expect(await balanceOf(t, y!.wallets.AED!)).toBe(0n);
    await expectLedgerInvariants(t);
  });

  it('leaves a taken key to its own posting: the same movement answers exists, another is refused, a key twice in the batch posts once', async () => {
    const [payer, payee] = await fundedPeople(2, 1_000_000n);
    const taken = freshKey();
    const first = await postTransfer(recordingBatcher().batcher, payer!, payee!, taken);
    expect(first).toMatchObject({ ok: true, value: { outcome: 'created' } });
    const { batcher, reports } = recordingBatcher();
    const twice = freshKey();
    const before = await countRows(t, LEDGER_TABLES);

    const answers = await Promise.all([
      settle(postTransfer(batcher, payer!, payee!, taken)),
      settle(postTransfer(batcher, payer!, payee!, taken, { ...CHARGES, amountMinor: 9_000n, totalDebitMinor: 9_473n })),
      settle(postTransfer(batcher, payer!, payee!, twice)),
      settle(postTransfer(batcher, payer!, payee!, twice)),
      settle(postTransfer(batcher, payer!, payee!, freshKey())),
    ]);

    expect(reports).toEqual([{ lane: 0, size: 5, committed: 4, failed: 1, retried: 0, deadlocks: 0, commitError: false, setWritten: 2 }]);
    const value = (answer: (typeof answers)[number]) => (answer.ok && answer.value.ok ? answer.value.value : undefined);
    expect(value(answers[0]!)).toEqual({ ...(first.ok ? first.value : {}), outcome: 'exists' });
    expect(answers[1]).toMatchObject({ ok: false, error: expect.any(AppError) });
    expect((answers[1] as { error: AppError }).error.reason).toBe('POSTING_KEY_REUSED');
    expect(value(answers[2]!)).toMatchObject({ outcome: 'created' });
    expect(value(answers[3]!)).toEqual({ ...value(answers[2]!), outcome: 'exists' });
    expect(value(answers[4]!)).toMatchObject({ outcome: 'created' });
    expect(await countRows(t, LEDGER_TABLES)).toEqual({
      transactions: before.transactions + 2,
      ledger_entries: before.ledger_entries + 8,
      transaction_charges: before.transaction_charges + 4,
    });
    expect(await balanceOf(t, payer!.wallets.AED!)).toBe(1_000_000n - 3n * CHARGES.totalDebitMinor);
    await expectLedgerInvariants(t);
  });

  it('runs the other units of the batch after the set, and they see what the set wrote', async () => {
    const [payer, payee, third] = await fundedPeople(3, 0n);
    await fundWallet(t, payer!.wallets.AED!, 100_000n, 'AED');
    const { batcher, reports } = recordingBatcher();
    const answers = await Promise.all([
      postTransfer(batcher, payer!, payee!, null),
      postTransfer(batcher, payer!, payee!, null),
      // Given as work (not whole): runs after the set, paying on what the set credited.
      withPosting(batcher, transferWork(payee!, third!, null, { ...CHARGES, amountMinor: 15_000n, totalDebitMinor: 15_473n })),
    ]);
    expect(reports).toEqual([{ lane: 0, size: 3, committed: 3, failed: 0, retried: 0, deadlocks: 0, commitError: false, setWritten: 2 }]);
    for (const answer of answers) expect(answer.ok).toBe(true);
    expect(await balanceOf(t, payee!.wallets.AED!)).toBe(2n * CHARGES.amountMinor - 15_473n);
    expect(await balanceOf(t, third!.wallets.AED!)).toBe(15_000n);
    await expectLedgerInvariants(t);
  });
});

describe.skipIf(!onPostgres)('group commit under load (PostgreSQL)', () => {
  it(
    'many workers at once share batches in four lanes, and the money moved is exactly what callers were told',
    { timeout: 120_000 },
    async () => {
      // Little money: many transfers are refused for the balance, inside batches.
      const people = await fundedPeople(10, 15_000n);
      // Four lanes, the units routed to the least busy: batches meet in lock cycles across lanes.
      const { batcher, reports } = recordingBatcher({ windowMs: 2, maxBatch: 64, lanes: 4 });
      const starting = await Promise.all(people.map((p) => balanceOf(t, p.wallets.AED!)));
      const { moved, refused } = await postUnderLoad(people, {
        count: 400,
        workers: 24,
        pick: (n) => [people[n % people.length]!, people[(n * 7 + 3) % people.length]!],
        post: (payer, payee) => withPosting(batcher, transferWork(payer, payee, freshKey())),
      });

      expect(refused).toBeGreaterThan(0);
      expect(Math.max(...reports.map((report) => report.size))).toBeGreaterThan(1);
      expect(new Set(reports.map((report) => report.lane)).size).toBeGreaterThan(1);
      expect(reports.every((report) => !report.commitError)).toBe(true);
      await expectMoved(people, starting, moved);
      await expectLedgerInvariants(t);
    },
  );

  it(
    'sets in four lanes over shared and hot wallets: no deadlock, and the money moved is exactly what callers were told',
    { timeout: 120_000 },
    async () => {
      const people = await fundedPeople(12, 60_000n);
      const [hot] = await fundedPeople(1, 0n);
      const { batcher, reports } = recordingBatcher({ windowMs: 2, maxBatch: 64, lanes: 4 });
      const everyone = [...people, hot!];
      const starting = await Promise.all(everyone.map((p) => balanceOf(t, p.wallets.AED!)));
      const { moved, refused } = await postUnderLoad(everyone, {
        count: 600,
        workers: 32,
        // Every third pays the hot wallet; the others cross between the people, in every lane.
        pick: (n) => [people[n % people.length]!, n % 3 === 0 ? hot! : people[(n * 5 + 1) % people.length]!],
        post: (payer, payee, n) => postTransfer(batcher, payer, payee, n % 2 === 0 ? freshKey() : null),
      });

      expect(refused).toBeGreaterThan(0);
      expect(reports.reduce((sum, report) => sum + report.setWritten, 0)).toBeGreaterThan(0);
      expect(new Set(reports.map((report) => report.lane)).size).toBeGreaterThan(1);
      expect(reports.every((report) => !report.commitError && report.deadlocks === 0)).toBe(true);
      await expectMoved(everyone, starting, moved);
      await expectLedgerInvariants(t);
    },
  );

  it(
    'a process killed while its batches are in flight in four lanes leaves every acknowledged posting and nothing half-written',
    { timeout: 120_000 },
    async () => {
      const people = await fundedPeople(6, 100_000_000n);
      const { rows } = await sql<{ name: string }>`SELECT current_database() AS name`.execute(t.deps.db);
      const url = new URL(process.env.TEST_DATABASE_URL!);
      url.pathname = `/${rows[0]!.name}`;
      url.searchParams.set('application_name', 'pw-batch-child');
      let output = '';
      const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/test/posting-batch-process.ts'], {
        cwd: repoRoot,
        env: {
          ...process.env,
          DATABASE_URL: url.toString(),
          BATCH_WALLETS: JSON.stringify(people.map((p) => ({ userId: String(p.id), walletId: String(p.wallets.AED) }))),
          BATCH_LANES: '4',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      try {
        child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
        child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
        const exited = new Promise<NodeJS.Signals | null>((resolve) => child.once('exit', (_code, signal) => resolve(signal)));
        const acked = () => [...output.matchAll(/^acked (\d+)$/gm)].map((match) => postingKey('batch-crash', match[1]!));
        const until = async (what: string, condition: () => Promise<boolean> | boolean) => {
          const deadline = Date.now() + WAIT_MAX_MS;
          while (!(await condition())) {
            if (child.exitCode !== null) throw new Error(`the child exited (${child.exitCode}) while waiting for ${what}:\n${output}`);
            if (Date.now() > deadline) throw new Error(`${what} did not happen within ${WAIT_MAX_MS} ms:\n${output.slice(-2000)}`);
            await new Promise((resolve) => setTimeout(resolve, 10));
          }
        };
        await until('300 acknowledged postings', () => acked().length >= 300);
        child.kill('SIGKILL');
        expect(await exited).toBe('SIGKILL');
        const keys = acked();
        await until('the dead child to leave the database', async () => {
          const sessions = await sql<{ n: string }>`
          SELECT count(*) AS n FROM pg_stat_activity WHERE application_name = 'pw-batch-child' AND datname = current_database()`.execute(
            t.deps.db,
          );
          return Number(sessions.rows[0]!.n) === 0;
        });

        const written = await sql<{ posting_key: string; entries: string; charges: string }>`
        SELECT t.posting_key,
               (SELECT count(*) FROM ledger_entries e WHERE e.transaction_id = t.id) AS entries,
               (SELECT count(*) FROM transaction_charges c WHERE c.transaction_id = t.id) AS charges
          FROM transactions t WHERE t.posting_key LIKE 'batch-crash:%'`.execute(t.deps.db);
        const byKey = new Map(written.rows.map((row) => [row.posting_key, row]));
        // Every acknowledged posting is there; some committed without their answer reaching stdout.
        for (const key of keys) expect(byKey.has(key), key).toBe(true);
        expect(written.rows.length).toBeGreaterThanOrEqual(keys.length);
        // Nothing half-written: each posting whole, with its 4 entries and 2 charges.
        expect(written.rows.filter((row) => Number(row.entries) !== 4 || Number(row.charges) !== 2)).toEqual([]);
        await expectLedgerInvariants(t);
      } finally {
        if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      }
    },
  );
});
