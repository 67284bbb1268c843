// Withdrawals under concurrency (PostgreSQL, real parallel connections): 20 requests at once
// whose sum exceeds the wallet's available balance; the total held never exceeds it, each
// refused one wrote nothing, and each accepted one held its own amount once. Then the console
// pays and rejects every request in parallel, each decided twice at once: each settles once.
// A method removed while a request with it arrives: the two take turns on the method's row, so
// either the request holds its money and the removal is refused, or the method goes and the
// request is refused; never a request on a removed method.
// The ledger's invariants end each scenario.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addNewWithdrawalCall, addWithdrawalMethodCall, adminProcessWithdrawalCall, deleteWithdrawalMethodCall } from '@paywallet/contract';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { expectLedgerInvariants, fundWallet } from '../../test/money.ts';
import { createTestMerchant, type TestMerchant } from '../../test/merchant.ts';
import { createTestAdmin, type TestAdmin } from '../../test/admin.ts';

const BALANCE_MINOR = 10_000n;
const REQUESTS = 20;
/** 20 requests of 7.00 ask 140.00 of a balance of 100.00: 14 fit, 6 cannot. */
const REQUEST_MINOR = 700;

let t: TestApp;
let shop: TestMerchant;
let admin: TestAdmin;
let methodId: number;

beforeAll(async () => {
  t = await createTestApp({}, { demo: false });
  shop = await createTestMerchant(t);
  admin = await createTestAdmin(t);
  await fundWallet(t, shop.wallets.AED!, BALANCE_MINOR, 'AED');
  const bank = await t.deps.db.selectFrom('payment_methods').select('id').where('code', '=', 'BANK_TRANSFER').executeTakeFirstOrThrow();
  const method = await t.call(
    addWithdrawalMethodCall,
    {
      paymentMethodId: bank.id,
      userAccountId: Number(shop.wallets.AED),
      details: { 'Account Name': 'Race Co', IBAN: 'GB82WEST12345698765432', 'SWIFT/BIC': 'NWBKGB2L' },
    },
    { token: shop.token },
  );
  expect(method.code, method.message).toBe(200);
  methodId = method.data.id;
});
afterAll(async () => {
  await t?.close();
});

async function buckets() {
  return t.deps.db
    .selectFrom('wallet_balances as wallets')
    .select(['available_balance', 'balance_on_hold'])
    .where('id', '=', shop.wallets.AED!)
    .executeTakeFirstOrThrow();
}

describe.skipIf(process.env.TEST_DB !== 'postgres')('withdrawals under concurrency (PostgreSQL)', () => {
  it('never holds more than available when 20 requests arrive at once, and settles each request once', async () => {
    const answers = await Promise.all(
      Array.from({ length: REQUESTS }, () =>
        t.call(
          addNewWithdrawalCall,
          { amount: REQUEST_MINOR, userAccountId: Number(shop.wallets.AED), withdrawalMethodId: methodId },
          { token: shop.token },
        ),
      ),
    );
    const accepted = answers.filter((answer) => answer.code === 200);
    const refused = answers.filter((answer) => answer.code !== 200);
    expect(
      refused.every((answer) => answer.reason === 'WITHDRAWAL_EXCEEDS_BALANCE'),
      JSON.stringify(refused.map((a) => a.reason)),
    ).toBe(true);
    const fitting = Number(BALANCE_MINOR) / REQUEST_MINOR;
    expect(accepted).toHaveLength(Math.floor(fitting));
    const heldMinor = BigInt(accepted.length * REQUEST_MINOR);
    expect(heldMinor).toBeLessThanOrEqual(BALANCE_MINOR);
    expect(await buckets()).toEqual({ available_balance: BALANCE_MINOR - heldMinor, balance_on_hold: heldMinor });
    const rows = await t.deps.db
      .selectFrom('withdrawal_requests')
      .select(['id', 'uuid', 'amount'])
      .where('user_id', '=', shop.id)
      .execute();
    expect(rows).toHaveLength(accepted.length);
    const holds = await t.deps.db
      .selectFrom('transactions')
      .select('id')
      .where('posting_key', 'like', 'withdrawal:%')
      .where('sender_user_id', '=', shop.id)
      .execute();
    expect(holds).toHaveLength(accepted.length);
    await expectLedgerInvariants(t);

    // Every request decided twice at once, half paid and half rejected: each settles once.
    const decisions = await Promise.all(
      rows.flatMap((row, index) => {
        const body =
          index % 2 === 0
            ? { withdrawalId: Number(row.id), status: 'paid' as const, referenceId: `REF-${row.id}` }
            : { withdrawalId: Number(row.id), status: 'rejected' as const, comment: 'Rejected in the race' };
        return [
          t.call(adminProcessWithdrawalCall, body, { token: admin.token }),
          t.call(adminProcessWithdrawalCall, body, { token: admin.token }),
        ];
      }),
    );
    expect(decisions.filter((answer) => answer.code === 200)).toHaveLength(rows.length);
    expect(decisions.filter((answer) => answer.reason === 'WITHDRAWAL_NOT_PENDING')).toHaveLength(rows.length);
    const paidCount = Math.ceil(rows.length / 2);
    const rejectedCount = rows.length - paidCount;
    expect(await buckets()).toEqual({
      available_balance: BALANCE_MINOR - heldMinor + BigInt(rejectedCount * REQUEST_MINOR),
      balance_on_hold: 0n,
    });
    const settled = await t.deps.db
      .selectFrom('withdrawal_requests')
      .select(['status', 'settle_transaction_id'])
      .where('user_id', '=', shop.id)
      .execute();
    expect(settled.filter((row) => row.status === 1)).toHaveLength(paidCount);
    expect(settled.filter((row) => row.status === 2)).toHaveLength(rejectedCount);
    expect(new Set(settled.map((row) => String(row.settle_transaction_id))).size).toBe(rows.length);
    await expectLedgerInvariants(t);
  });

  it('takes turns when a method is removed while a request with it arrives: never a request on a removed method', async () => {
    const bank = await t.deps.db.selectFrom('payment_methods').select('id').where('code', '=', 'BANK_TRANSFER').executeTakeFirstOrThrow();
    const outcomes = new Set<string>();
    for (let round = 0; round < 6; round += 1) {
      const method = await t.call(
        addWithdrawalMethodCall,
        {
          paymentMethodId: bank.id,
          userAccountId: Number(shop.wallets.AED),
          details: { 'Account Name': `Race ${round}`, IBAN: 'GB82WEST12345698765432', 'SWIFT/BIC': 'NWBKGB2L' },
        },
        { token: shop.token },
      );
      expect(method.code, method.message).toBe(200);
      const [request, removal] = await Promise.all([
        t.call(
          addNewWithdrawalCall,
          { amount: 100, userAccountId: Number(shop.wallets.AED), withdrawalMethodId: method.data.id },
          { token: shop.token },
        ),
        t.call(deleteWithdrawalMethodCall, { methodId: method.data.id }, { token: shop.token }),
      ]);
      const stored = await t.deps.db
        .selectFrom('user_withdrawal_methods')
        .select('status')
        .where('id', '=', BigInt(method.data.id))
        .executeTakeFirst();
      if (request.code === 200) {
        expect([removal.code, removal.reason]).toEqual([409, 'WITHDRAWAL_METHOD_IN_USE']);
        expect(stored?.status).toBe(1);
        outcomes.add('request first');
      } else {
        expect([request.code, request.reason, removal.code, removal.data]).toEqual([
          404,
          'WITHDRAWAL_METHOD_NOT_FOUND',
          200,
          { id: method.data.id, outcome: 'deleted' },
        ]);
        expect(stored).toBeUndefined();
        outcomes.add('removal first');
      }
    }
    expect(outcomes.size).toBeGreaterThan(0);
    await expectLedgerInvariants(t);
  });
});
