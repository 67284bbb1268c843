// The daily limit of send money as a running row (issue 17, migration 0039): confirming a send
// adds what the payer entered to their usage row of the UTC day, in the posting's transaction, by
// one upsert that refuses to pass the limit. Proves: parallel confirms never pass the limit (on
// PostgreSQL they run at once; PGlite runs them one by one), a refused confirm leaves the row as
// it was, and the row holds exactly what the successful sends entered.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { confirmSendMoneyCall, initiateSendMoneyCall } from '@paywallet/contract';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { balanceOf, createTestPerson, expectLedgerInvariants, fundWallet, sentToday, type TestPerson } from '../../test/money.ts';

/** The demo transfer privilege's daily limit: AED 100,000.00. */
const DAILY_LIMIT_MINOR = 10_000_000n;

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

async function quote(payer: TestPerson, payee: TestPerson, amount: number): Promise<string> {
  const answer = await t.call(
    initiateSendMoneyCall,
    { payerAccountId: Number(payer.wallets.AED), emailOrPhone: payee.email, amount },
    { token: payer.token },
  );
  expect(answer.status).toBe(200);
  return answer.data.hash;
}

describe('the daily usage row', () => {
  it('lets parallel confirms of quotes priced side by side reach the limit and never pass it', async () => {
    // Proves: 8 quotes of AED 20,000.00 priced against the same usage (each alone within the
    // limit), confirmed all at once: exactly 5 pass (AED 100,000.00), 3 are refused by name,
    // the usage row holds the 5, and the ledger holds.
    const payer = await createTestPerson(t);
    const payee = await createTestPerson(t);
    await fundWallet(t, payer.wallets.AED!, 30_000_000n, 'AED');
    const hashes: string[] = [];
    for (let index = 0; index < 8; index++) hashes.push(await quote(payer, payee, 2_000_000));
    const answers = await Promise.all(
      hashes.map((transactionHash) => t.call(confirmSendMoneyCall, { transactionHash }, { token: payer.token })),
    );
    const outcomes = answers.map((answer) => answer.reason ?? String(answer.status)).sort();
    expect(outcomes).toEqual(['200', '200', '200', '200', '200', 'DAILY_LIMIT_EXCEEDED', 'DAILY_LIMIT_EXCEEDED', 'DAILY_LIMIT_EXCEEDED']);
    expect(await sentToday(t, payer.id)).toBe(DAILY_LIMIT_MINOR);
    expect(await balanceOf(t, payee.wallets.AED!)).toBe(DAILY_LIMIT_MINOR);
    await expectLedgerInvariants(t);
  });

  it('is left as it was by a confirm the posting refuses, and counts the entered amount of each send', async () => {
    // Proves: a confirm refused for the balance (the posting rolled back after the usage upsert)
    // leaves the row unchanged; a send with charges deducted counts what was entered.
    const payer = await createTestPerson(t);
    const payee = await createTestPerson(t);
    await fundWallet(t, payer.wallets.AED!, 1_000_000n, 'AED');
    const deducted = await t.call(
      initiateSendMoneyCall,
      { payerAccountId: Number(payer.wallets.AED), emailOrPhone: payee.email, amount: 300_000, deductChargesFromTransactionAmount: 1 },
      { token: payer.token },
    );
    const tooMuch = await quote(payer, payee, 800_000);
    expect((await t.call(confirmSendMoneyCall, { transactionHash: deducted.data.hash }, { token: payer.token })).status).toBe(200);
    expect(await sentToday(t, payer.id)).toBe(300_000n);
    const refused = await t.call(confirmSendMoneyCall, { transactionHash: tooMuch }, { token: payer.token });
    expect({ status: refused.status, reason: refused.reason }).toEqual({ status: 422, reason: 'INSUFFICIENT_FUNDS' });
    expect(await sentToday(t, payer.id)).toBe(300_000n);
    await expectLedgerInvariants(t);
  });
});
