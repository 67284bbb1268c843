// What one send costs the database, statement by statement (issue 17: the lean send-money path):
// one initiate-send-money and one confirm-send-money over the web door, every statement the app
// sends counted, BEGIN and COMMIT included. Before issue 17's cuts a send cost 6 + 17 (the
// session, the wallet, the payee, the privilege, a sum of the day's transfers at initiate and again
// under the payer's row lock at confirm...); docs/money.md lists the 3 + 11 of now. A change that
// adds a statement to the send fails here, and the printed list says which.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { confirmSendMoneyCall, initiateSendMoneyCall } from '@paywallet/contract';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { createTestPerson, expectLedgerInvariants, fundWallet } from '../../test/money.ts';
import { PostingBatcher } from '../ledger/posting-batcher.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

/** A statement as the report reads it: its first words, parameters aside. */
function shortly(statement: string): string {
  return statement.replace(/\s+/g, ' ').trim().slice(0, 160);
}

describe('the statements of one send', () => {
  it('initiates and confirms a send in a bounded number of statements', async () => {
    // Proves the cost of the send-money path: initiate and confirm each send at most the
    // statements listed in docs/money.md, the money moves, and the ledger holds.
    const payer = await createTestPerson(t);
    const payee = await createTestPerson(t);
    await fundWallet(t, payer.wallets.AED!, 500_000, 'AED');
    // A warm-up send: the first call of a process may read what later calls find cached.
    const warm = await t.call(
      initiateSendMoneyCall,
      { payerAccountId: Number(payer.wallets.AED), emailOrPhone: payee.email, amount: 100 },
      { token: payer.token },
    );
    expect((await t.call(confirmSendMoneyCall, { transactionHash: warm.data.hash }, { token: payer.token })).status).toBe(200);

    const initiate = await t.recordStatements(() =>
      t.call(
        initiateSendMoneyCall,
        { payerAccountId: Number(payer.wallets.AED), emailOrPhone: payee.email, amount: 10_000 },
        { token: payer.token },
      ),
    );
    expect(initiate.result.status).toBe(200);
    const confirm = await t.recordStatements(() =>
      t.call(confirmSendMoneyCall, { transactionHash: initiate.result.data.hash }, { token: payer.token }),
    );
    expect(confirm.result.status).toBe(200);

    console.log(['initiate:', ...initiate.statements.map(shortly), 'confirm:', ...confirm.statements.map(shortly)].join('\n'));
    expect(initiate.statements.length).toBeLessThanOrEqual(3);
    // With group commit on (the default on PostgreSQL), a lone confirm runs as a unit in a savepoint of its own: one statement more.
    const unitSavepoint = t.deps.postings instanceof PostingBatcher ? 1 : 0;
    expect(confirm.statements.length).toBeLessThanOrEqual(11 + unitSavepoint);
    // The rows two confirms may share come last: the payer's usage row of the day, then the two
    // wallets, locked from their update to the commit only (a batch's COMMIT is its own).
    const confirmed = confirm.statements.map(shortly);
    const usage = confirmed.findIndex((statement) => statement.startsWith('WITH lim AS'));
    expect(usage).toBeGreaterThan(0);
    expect(confirmed.slice(usage + 1).filter((statement) => statement !== 'commit')).toEqual([
      expect.stringMatching(/^UPDATE wallets SET/),
      expect.stringMatching(/^UPDATE wallets SET/),
    ]);
    await expectLedgerInvariants(t);
  });
});
