// 2,000 transfers between 20 funded wallets from 50 parallel workers, on a real PostgreSQL
// server (PGlite has one connection, so nothing would run at once there). Amounts are large
// enough that many transfers are refused for the balance, at initiate or at confirm. Proves: no
// answer other than 200 or 422, every transfer committed whole or not at all, no overdraft,
// the money of the currency unchanged, and one Transfer transaction per successful confirm.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { confirmSendMoneyCall, initiateSendMoneyCall } from '@paywallet/contract';

import { TransactionType } from '@paywallet/ledger';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { createTestPerson, expectLedgerInvariants, fundWallet, type TestPerson } from '../../test/money.ts';
import { randomSource } from '../../test/random.ts';

const WALLET_COUNT = 20;
const TRANSFER_COUNT = 2_000;
const WORKER_COUNT = 50;
const OPENING_BALANCE_MINOR = 200_000n;
const AMOUNT_MIN_MINOR = 1_000;
const AMOUNT_MAX_MINOR = 150_000;
const SEED = Number(process.env.CONCURRENCY_SEED ?? 20_240_601);

interface Outcome {
  initiateStatus: number;
  initiateMessage: string;
  confirmStatus?: number;
  confirmMessage?: string;
  hash?: string;
  transactionId?: string;
}

describe.skipIf(process.env.TEST_DB !== 'postgres')('transfers under concurrency (PostgreSQL)', () => {
  let t: TestApp;
  let people: TestPerson[];

  beforeAll(async () => {
    t = await createTestApp({}, { demo: false });
    people = [];
    for (let index = 0; index < WALLET_COUNT; index++) {
      const person = await createTestPerson(t);
      await fundWallet(t, person.wallets.AED!, OPENING_BALANCE_MINOR, 'AED');
      people.push(person);
    }
  });
  afterAll(async () => t?.close());

  async function transfer(random: () => number): Promise<Outcome> {
    const payerIndex = Math.floor(random() * WALLET_COUNT);
    const payeeIndex = (payerIndex + 1 + Math.floor(random() * (WALLET_COUNT - 1))) % WALLET_COUNT;
    const payer = people[payerIndex]!;
    const amount = AMOUNT_MIN_MINOR + Math.floor(random() * (AMOUNT_MAX_MINOR - AMOUNT_MIN_MINOR));
    const deduct = random() < 0.5 ? 1 : 0;
    const quote = await t.call(
      initiateSendMoneyCall,
      {
        emailOrPhone: people[payeeIndex]!.email,
        amount,
        payerAccountId: Number(payer.wallets.AED),
        deductChargesFromTransactionAmount: deduct,
      },
      { token: payer.token },
    );
    const outcome: Outcome = { initiateStatus: quote.status, initiateMessage: quote.message };
    if (quote.status !== 200) return outcome;
    const confirmed = await t.call(confirmSendMoneyCall, { transactionHash: quote.data.hash }, { token: payer.token });
    return {
      ...outcome,
      hash: quote.data.hash,
      confirmStatus: confirmed.status,
      confirmMessage: confirmed.message,
      ...(confirmed.status === 200 ? { transactionId: confirmed.data.transactionId } : {}),
    };
  }

  it('commits each transfer whole or refuses it, with no overdraft and no money made or lost', { timeout: 180_000 }, async () => {
    const random = randomSource(SEED);
    const outcomes: Outcome[] = [];
    let next = 0;
    const worker = async () => {
      // Each worker takes the next transfer until all are done: bounded by TRANSFER_COUNT.
      while (next < TRANSFER_COUNT) {
        next += 1;
        outcomes.push(await transfer(random));
      }
    };
    const startedMs = Date.now();
    await Promise.all(Array.from({ length: WORKER_COUNT }, worker));
    const elapsedMs = Date.now() - startedMs;

    const initiated = outcomes.filter((o) => o.initiateStatus === 200);
    const confirmed = initiated.filter((o) => o.confirmStatus === 200);
    const refusedAtConfirm = initiated.filter((o) => o.confirmStatus === 422);
    const counts = {
      transfers: outcomes.length,
      initiate200: initiated.length,
      initiate422: outcomes.filter((o) => o.initiateStatus === 422).length,
      confirm200: confirmed.length,
      confirm422: refusedAtConfirm.length,
      elapsedMs,
      seed: SEED,
    };
    console.log('concurrency:', JSON.stringify(counts));

    // Every answer is a success or an expected refusal: not one 500, 409 or time-out.
    const unexpected = outcomes
      .filter((o) => o.initiateStatus !== 200 && o.initiateStatus !== 422)
      .concat(initiated.filter((o) => o.confirmStatus !== 200 && o.confirmStatus !== 422));
    expect(unexpected.slice(0, 5)).toEqual([]);
    expect(outcomes).toHaveLength(TRANSFER_COUNT);
    expect(counts.initiate200 + counts.initiate422).toBe(TRANSFER_COUNT);
    expect(counts.confirm200 + counts.confirm422).toBe(counts.initiate200);
    // The run means something only if many transfers went through and many were refused.
    expect(counts.confirm200).toBeGreaterThan(200);
    expect(counts.initiate422 + counts.confirm422).toBeGreaterThan(200);
    expect(new Set([...outcomes.map((o) => o.initiateMessage), ...refusedAtConfirm.map((o) => o.confirmMessage)])).toEqual(
      new Set(['Please confirm the payment.', 'Insufficient balance.']),
    );

    // One Transfer transaction per successful confirm, and exactly those.
    const transfers = await t.deps.db
      .selectFrom('transactions')
      .select('uuid')
      .where('transaction_type_id', '=', TransactionType.Transfer)
      .execute();
    expect(transfers).toHaveLength(counts.confirm200);
    expect(new Set(transfers.map((row) => row.uuid))).toEqual(new Set(confirmed.map((o) => o.transactionId)));

    // A refused confirm left its quote unconsumed; a successful one consumed it for its transaction.
    const quotes = await t.deps.db
      .selectFrom('quotes')
      .leftJoin('transactions', 'transactions.id', 'quotes.transaction_id')
      .select(['quotes.consumed_at', 'transactions.uuid'])
      .where('quotes.kind', '=', 'send-money')
      .execute();
    expect(quotes.filter((q) => q.consumed_at !== null)).toHaveLength(counts.confirm200);
    expect(quotes.filter((q) => q.consumed_at === null)).toHaveLength(counts.confirm422);

    // Whole movements: each transfer's payer entry is -total, its payee entry +amount, and its entries sum to zero.
    const broken = await sql<{ id: bigint }>`
      SELECT t.id FROM transactions t
       WHERE t.transaction_type_id = ${TransactionType.Transfer}
         AND (NOT EXISTS (SELECT 1 FROM ledger_entries e WHERE e.transaction_id = t.id AND e.wallet_id = t.sender_account_id AND e.amount = -t.total_amount)
           OR NOT EXISTS (SELECT 1 FROM ledger_entries e WHERE e.transaction_id = t.id AND e.wallet_id = t.receiver_account_id AND e.amount = t.amount)
           OR (SELECT SUM(e.amount) FROM ledger_entries e WHERE e.transaction_id = t.id) <> 0)`.execute(t.deps.db);
    expect(broken.rows).toEqual([]);

    // No overdraft, balances equal their entries, the currency sums to zero (invariants), and
    // the wallets plus the fees and VAT collected still hold exactly the money deposited.
    await expectLedgerInvariants(t);
    const held = await sql<{ wallets: bigint; charges: bigint }>`
      SELECT (SELECT SUM(available_balance + balance_on_hold) FROM wallets) AS wallets,
             (SELECT COALESCE(SUM(amount), 0) FROM ledger_entries WHERE system_account IN ('fees', 'vat')) AS charges`.execute(t.deps.db);
    const row = held.rows[0]!;
    expect(BigInt(row.wallets) + BigInt(row.charges)).toBe(OPENING_BALANCE_MINOR * BigInt(WALLET_COUNT));
  });
  it('opens one wallet for a recipient paid by ten people at once in a currency they do not hold', async () => {
    // Proves the payee's row lock: ten parallel first payments in USD, one USD wallet, all ten credited.
    const payee = await createTestPerson(t, { currencies: ['AED'] });
    const payers = await Promise.all(Array.from({ length: 10 }, () => createTestPerson(t, { currencies: ['USD'] })));
    for (const payer of payers) await fundWallet(t, payer.wallets.USD!, 10_000n, 'USD');
    const quotes = await Promise.all(
      payers.map((payer) =>
        t.call(
          initiateSendMoneyCall,
          { emailOrPhone: payee.email, amount: 5_000, payerAccountId: Number(payer.wallets.USD) },
          { token: payer.token },
        ),
      ),
    );
    const confirmed = await Promise.all(
      payers.map((payer, index) => t.call(confirmSendMoneyCall, { transactionHash: quotes[index]!.data.hash }, { token: payer.token })),
    );
    expect(confirmed.map((r) => r.status)).toEqual(Array(10).fill(200));
    const usdWallets = await t.deps.db
      .selectFrom('wallets')
      .innerJoin('currencies', 'currencies.id', 'wallets.currency_id')
      .select(['wallets.is_default', 'wallets.available_balance'])
      .where('wallets.user_id', '=', payee.id)
      .where('currencies.code', '=', 'USD')
      .execute();
    expect(usdWallets).toEqual([{ is_default: 0, available_balance: 50_000n }]);
    await expectLedgerInvariants(t);
  });
});
