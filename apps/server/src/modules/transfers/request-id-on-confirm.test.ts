// Spec 1 section 7: the consumer's answer to a request sends request_id on confirm-send-money.
// A quote priced without request_id pays the request its confirm names, after every check that
// initiate makes (pending, asked of this payer, by the quote's payee, same currency and amount),
// once. Every refusal writes nothing and leaves the quote usable; every scenario ends with the
// ledger invariants.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cancelRequestMoneyCall, confirmSendMoneyCall, initiateRequestMoneyCall, initiateSendMoneyCall } from '@paywallet/contract';
import type { TErrorName } from '@paywallet/contract';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { balanceOf, countMoneyRows, createTestPerson, expectLedgerInvariants, fundWallet, type TestPerson } from '../../test/money.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

/** `requester` asks `payer` for an amount (minor units) into their wallet of `currency`. */
async function ask(requester: TestPerson, payer: TestPerson, amount = 2_500, currency = 'AED'): Promise<number> {
  const asked = await t.call(
    initiateRequestMoneyCall,
    { emailOrPhone: payer.email, amount, userAccountId: Number(requester.wallets[currency]), notes: 'Concert' },
    { token: requester.token },
  );
  expect(asked.status, asked.message).toBe(200);
  return asked.data.id;
}

/** A plain quote (no request_id), as a client that names the request only on confirm prices it. */
async function plainQuote(payer: TestPerson, payee: TestPerson, amount = 2_500, currency = 'AED'): Promise<string> {
  const quote = await t.call(
    initiateSendMoneyCall,
    { emailOrPhone: payee.email, amount, payerAccountId: Number(payer.wallets[currency]) },
    { token: payer.token },
  );
  expect(quote.status, quote.message).toBe(200);
  return quote.data.hash;
}

async function confirm(payer: TestPerson, transactionHash: string, requestId?: number) {
  return t.call(confirmSendMoneyCall, requestId === undefined ? { transactionHash } : { transactionHash, request_id: requestId }, {
    token: payer.token,
  });
}

async function requestRow(id: number) {
  return t.deps.db.selectFrom('money_requests').selectAll().where('id', '=', BigInt(id)).executeTakeFirstOrThrow();
}

/** A refusal by name, having written nothing. */
async function expectRefused(call: () => Promise<{ status: number; reason?: string }>, status: number, reason: TErrorName) {
  const before = await countMoneyRows(t);
  const result = await call();
  expect({ status: result.status, reason: result.reason }).toEqual({ status, reason });
  expect(await countMoneyRows(t)).toEqual(before);
}

describe('confirm-send-money with request_id on a quote priced without it', () => {
  it('pays the request: a Request payment into the asked wallet, the request Accepted, once', async () => {
    // Proves the spec client's way works: type 4 linked to the request, ACCEPTED, the requester
    // told it was paid; repeats (with or without request_id) answer the same and move nothing.
    const requester = await createTestPerson(t, { firstName: 'Hana', lastName: 'Aziz' });
    const payer = await createTestPerson(t, { firstName: 'Karim', lastName: 'Saleh' });
    await fundWallet(t, payer.wallets.AED!, 10_000n, 'AED');
    const requestId = await ask(requester, payer);
    const hash = await plainQuote(payer, requester);

    const paid = await confirm(payer, hash, requestId);
    expect(paid.status, paid.message).toBe(200);
    const transaction = await t.deps.db
      .selectFrom('transactions')
      .selectAll()
      .where('uuid', '=', paid.data.transactionId)
      .executeTakeFirstOrThrow();
    expect(transaction).toMatchObject({
      transaction_type_id: 4,
      status: 1,
      amount: 2_500n,
      receiver_account_id: requester.wallets.AED,
      money_request_id: BigInt(requestId),
      notes: 'Concert',
    });
    expect(await requestRow(requestId)).toMatchObject({ status: 'ACCEPTED', transaction_id: transaction.id });
    const notice = await t.deps.db
      .selectFrom('notifications')
      .select('type')
      .where('user_id', '=', requester.id)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(notice.type).toBe('money-request-paid');
    expect(await balanceOf(t, requester.wallets.AED!)).toBe(2_500n);
    expect(await balanceOf(t, payer.wallets.AED!)).toBe(10_000n - 2_526n);

    const before = await countMoneyRows(t);
    expect(await confirm(payer, hash, requestId)).toMatchObject({ status: 200, data: paid.data });
    expect(await confirm(payer, hash)).toMatchObject({ status: 200, data: paid.data });
    expect(await countMoneyRows(t)).toEqual(before);
    // The consumed quote paid that request and no other.
    const otherRequest = await ask(requester, payer);
    await expectRefused(() => confirm(payer, hash, otherRequest), 422, 'QUOTE_NOT_FOR_REQUEST');
    expect(await requestRow(otherRequest)).toMatchObject({ status: 'PENDING' });
    expect(await balanceOf(t, requester.wallets.AED!)).toBe(2_500n);
    await expectLedgerInvariants(t);
  });

  it('refuses a request that is not pending, not asked of the payer, by someone else, or of another amount or currency', async () => {
    // Proves every check of initiate runs at confirm, each refused by name with nothing written,
    // and that the quote stays usable: the right request is paid with it afterwards.
    const requester = await createTestPerson(t, { currencies: ['AED', 'USD'] });
    const payer = await createTestPerson(t, { currencies: ['AED', 'USD'] });
    const stranger = await createTestPerson(t);
    await fundWallet(t, payer.wallets.AED!, 10_000n, 'AED');
    await fundWallet(t, payer.wallets.USD!, 10_000n, 'USD');
    const hash = await plainQuote(payer, requester);

    const canceled = await ask(requester, payer);
    expect((await t.call(cancelRequestMoneyCall, { requestId: canceled }, { token: requester.token })).status).toBe(200);
    await expectRefused(() => confirm(payer, hash, canceled), 422, 'REQUEST_NOT_PENDING');

    const askedOfStranger = await ask(requester, stranger);
    await expectRefused(() => confirm(payer, hash, askedOfStranger), 404, 'REQUEST_NOT_FOUND');
    await expectRefused(() => confirm(payer, hash, 987_654_321), 404, 'REQUEST_NOT_FOUND');

    const byStranger = await ask(stranger, payer);
    await expectRefused(() => confirm(payer, hash, byStranger), 422, 'REQUEST_OTHER_RECIPIENT');

    const otherAmount = await ask(requester, payer, 2_400);
    await expectRefused(() => confirm(payer, hash, otherAmount), 422, 'REQUEST_AMOUNT_MISMATCH');

    const inUsd = await ask(requester, payer, 2_500, 'USD');
    await expectRefused(() => confirm(payer, hash, inUsd), 422, 'REQUEST_CURRENCY_MISMATCH');

    for (const id of [askedOfStranger, byStranger, otherAmount, inUsd]) expect(await requestRow(id)).toMatchObject({ status: 'PENDING' });
    expect(await balanceOf(t, payer.wallets.AED!)).toBe(10_000n);

    const right = await ask(requester, payer);
    const paid = await confirm(payer, hash, right);
    expect(paid.status, paid.message).toBe(200);
    expect(await requestRow(right)).toMatchObject({ status: 'ACCEPTED' });
    expect(await balanceOf(t, requester.wallets.AED!)).toBe(2_500n);
    await expectLedgerInvariants(t);
  });

  it('pays one request once when two plain quotes confirm it at the same time', async () => {
    // Proves the request lock at confirm: one payment wins, the other is refused as not pending
    // and moves nothing.
    const requester = await createTestPerson(t);
    const payer = await createTestPerson(t);
    await fundWallet(t, payer.wallets.AED!, 10_000n, 'AED');
    const requestId = await ask(requester, payer);
    const [first, second] = [await plainQuote(payer, requester), await plainQuote(payer, requester)];
    const answers = await Promise.all([confirm(payer, first, requestId), confirm(payer, second, requestId)]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 422]);
    expect(answers.find((answer) => answer.status === 422)?.reason).toBe('REQUEST_NOT_PENDING');
    expect(await balanceOf(t, requester.wallets.AED!)).toBe(2_500n);
    expect(await balanceOf(t, payer.wallets.AED!)).toBe(10_000n - 2_526n);
    await expectLedgerInvariants(t);
  });
});
