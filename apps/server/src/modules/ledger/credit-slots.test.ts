// A hot wallet's credits spread over slot rows (migration 0042, docs/money.md "Hot wallets"):
// writePosting's moveBalances, asked to spread credits (as a card payment does), adds a wallet's
// credit to one of its slot rows, never to its row; the balance every reader sees is the row
// plus the slots (the view wallet_balances); a debit the row alone covers leaves the slots
// alone, one that needs them folds them into the row first, and one that even both do not cover
// is refused and changes nothing. On PostgreSQL, spread credits and folding debits of one
// wallet, side by side, move exactly what their callers were told, with no deadlock. Every
// scenario ends with the ledger invariants.
import { describe, expect, it, beforeAll, afterAll } from 'vitest';
import { type Charges } from '@paywallet/ledger';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { bucketParts, createTestPerson, expectLedgerInvariants, fundWallet, transferPosting, type TestPerson } from '../../test/money.ts';
import { CREDIT_SLOTS, postEntries, PostingRefused, writePosting } from './ledger.service.ts';

const onPostgres = process.env.TEST_DB === 'postgres';

let t: TestApp;
let currencyId: number;

beforeAll(async () => {
  t = await createTestApp({}, { demo: false });
  currencyId = (await t.deps.db.selectFrom('currencies').select('id').where('code', '=', 'AED').executeTakeFirstOrThrow()).id;
});
afterAll(async () => {
  await t?.close();
});

/** A transfer of `amountMinor` with no charges: the payer's wallet is debited what the payee's is credited. */
function plain(amountMinor: bigint): Charges {
  return { amountMinor, feeMinor: 0n, vatMinor: 0n, totalDebitMinor: amountMinor };
}

/** payer -> payee, the payee's credit spread (writePosting, then moveBalances last, as a card payment does). */
async function spreadCredit(payer: TestPerson, payee: TestPerson, amountMinor: bigint): Promise<void> {
  const { movement, entries, chargeRows } = transferPosting(payer, payee, { currencyId, key: null, charges: plain(amountMinor) });
  await t.deps.db.transaction().execute(async (trx) => {
    const { moveBalances } = await writePosting(trx, movement, entries, chargeRows, { credits: 'spread' });
    await moveBalances();
  });
}

/** payer -> payee by postEntries (its balances moved in place): a debit of the payer's wallet. */
async function debit(payer: TestPerson, payee: TestPerson, amountMinor: bigint): Promise<void> {
  const { movement, entries, chargeRows } = transferPosting(payer, payee, { currencyId, key: null, charges: plain(amountMinor) });
  await t.deps.db.transaction().execute((trx) => postEntries(trx, movement, entries, chargeRows));
}

/** The wallet's available balance: on its row, in its slots (by slot), and as every reader sees it. */
function available(person: TestPerson) {
  return bucketParts(t, person.wallets.AED!, 'available_balance');
}

async function fundedPerson(amountMinor: bigint): Promise<TestPerson> {
  const person = await createTestPerson(t);
  if (amountMinor > 0n) await fundWallet(t, person.wallets.AED!, amountMinor, 'AED');
  return person;
}

/** A wallet holding `rowMinor` on its row and `credits` spread credits of 1,000, and an empty one to debit it to. */
async function hotWallet(rowMinor: bigint, credits: number): Promise<{ hot: TestPerson; other: TestPerson }> {
  const payer = await fundedPerson(BigInt(credits) * 1_000n);
  const hot = await fundedPerson(rowMinor);
  for (let i = 0; i < credits; i++) await spreadCredit(payer, hot, 1_000n);
  return { hot, other: await fundedPerson(0n) };
}

describe('credit slots', () => {
  it("credits a wallet's slots and never its row; the balance read is the row plus the slots", async () => {
    const payer = await fundedPerson(100_000n);
    const payee = await fundedPerson(1_000n);
    for (let i = 0; i < 20; i++) await spreadCredit(payer, payee, 500n);
    const after = await available(payee);
    expect(after.row).toBe(1_000n);
    expect(after.inSlots).toBe(10_000n);
    expect(after.read).toBe(11_000n);
    // Slots are few whatever the credits: each credit adds to a slot row it finds or opens.
    expect(after.slots.length).toBeGreaterThanOrEqual(1);
    expect(after.slots.length).toBeLessThanOrEqual(CREDIT_SLOTS);
    expect(after.slots.every(([slot, amount]) => slot >= 0 && slot < CREDIT_SLOTS && amount > 0n)).toBe(true);
    // The payer's debit moved its row, as every debit does.
    expect((await available(payer)).row).toBe(90_000n);
    await expectLedgerInvariants(t);
  });

  it('leaves the slots alone for a debit the row covers', async () => {
    const { hot, other } = await hotWallet(3_000n, 4);
    const before = await available(hot);
    await debit(hot, other, 2_500n);
    const after = await available(hot);
    expect(after).toEqual({ ...before, row: 500n, read: before.read - 2_500n });
    await expectLedgerInvariants(t);
  });

  it('folds the slots into the row for a debit only the two together cover', async () => {
    const { hot, other } = await hotWallet(1_000n, 6);
    await debit(hot, other, 6_500n);
    expect(await available(hot)).toEqual({ row: 500n, slots: [], inSlots: 0n, read: 500n });
    expect((await available(other)).read).toBe(6_500n);
    await expectLedgerInvariants(t);
  });

  it('refuses a debit that the row and the slots together do not cover, and changes nothing', async () => {
    const { hot, other } = await hotWallet(1_000n, 3);
    const before = await available(hot);
    await expect(debit(hot, other, 4_001n)).rejects.toBeInstanceOf(PostingRefused);
    // The fold was in the refused posting's transaction: rolled back with it.
    expect(await available(hot)).toEqual(before);
    expect((await available(other)).read).toBe(0n);
    await debit(hot, other, 4_000n);
    expect(await available(hot)).toEqual({ row: 0n, slots: [], inSlots: 0n, read: 0n });
    await expectLedgerInvariants(t);
  });

  describe.runIf(onPostgres)('side by side (PostgreSQL)', () => {
    it('spreads credits and folds for debits of one wallet at once, moving exactly what each caller was told, with no deadlock', async () => {
      const CREDITS = 48;
      const DEBITS = 16;
      const payers = await Promise.all(Array.from({ length: 8 }, () => fundedPerson(1_000_000n)));
      const hot = await fundedPerson(0n);
      const other = await fundedPerson(0n);
      // Credits of 1,000 and debits of 2,500 interleaved: a debit finds the row short while credits
      // keep landing in the slots, so most debits fold, each under the row's lock, while credits
      // commit in the slots beside them.
      // One debit after every three credits, all started at once.
      const work = Array.from({ length: CREDITS + DEBITS }, (_, i) =>
        i % 4 === 3
          ? debit(hot, other, 2_500n).then(() => 'debited' as const)
          : spreadCredit(payers[i % payers.length]!, hot, 1_000n).then(() => 'credited' as const),
      );
      const outcomes = await Promise.all(
        work.map((answer) =>
          answer.catch((error: unknown) => {
            if (error instanceof PostingRefused) return 'refused' as const;
            throw error;
          }),
        ),
      );
      const credited = outcomes.filter((o) => o === 'credited').length;
      const debited = outcomes.filter((o) => o === 'debited').length;
      expect(credited).toBe(CREDITS);
      expect(debited + outcomes.filter((o) => o === 'refused').length).toBe(DEBITS);
      expect(debited).toBeGreaterThan(0);
      const after = await available(hot);
      expect(after.read).toBe(BigInt(CREDITS) * 1_000n - BigInt(debited) * 2_500n);
      expect(after.row + after.inSlots).toBe(after.read);
      expect((await available(other)).read).toBe(BigInt(debited) * 2_500n);
      await expectLedgerInvariants(t);
    });
  });
});
