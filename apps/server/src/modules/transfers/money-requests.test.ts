// Request money through the real calls: ask, list in both tabs, reject, cancel, pay with
// send money (request_id). Every scenario ends with the ledger invariants; every refusal shows
// that nothing was written.
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  cancelRequestMoneyCall,
  confirmSendMoneyCall,
  getMoneyRequestsCall,
  getUserRequestMoneyCall,
  initiateRequestMoneyCall,
  initiateSendMoneyCall,
  rejectRequestMoneyCall,
} from '@paywallet/contract';
import type { TCallRequest } from '@paywallet/contract';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { balanceOf, countMoneyRows, createTestPerson, expectLedgerInvariants, fundWallet, type TestPerson } from '../../test/money.ts';
import { PENDING_REQUESTS_MAX } from './money-requests.service.ts';
import type { TErrorName } from '@paywallet/contract';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

async function ask(requester: TestPerson, body: Partial<TCallRequest<typeof initiateRequestMoneyCall>> & { emailOrPhone: string }) {
  return t.call(
    initiateRequestMoneyCall,
    { userAccountId: Number(requester.wallets.AED), amount: 2_500, notes: 'Dinner', ...body },
    { token: requester.token },
  );
}

/** A refusal by name (and, where its words carry values, by its message), having written nothing. */
async function expectRefused(
  call: () => Promise<{ status: number; reason?: string; message: string }>,
  status: number,
  reason: TErrorName,
  message?: string,
) {
  const before = await countMoneyRows(t);
  const result = await call();
  expect({ status: result.status, reason: result.reason }).toEqual({ status, reason });
  if (message !== undefined) expect(result.message).toBe(message);
  expect(await countMoneyRows(t)).toEqual(before);
}

async function requestRow(id: number) {
  return t.deps.db.selectFrom('money_requests').selectAll().where('id', '=', BigInt(id)).executeTakeFirstOrThrow();
}

/** Prices paying a request: initiate-send-money with request_id; returns the quote's hash. */
async function quotePayment(payer: TestPerson, requester: TestPerson, requestId: number, amount = 2_500): Promise<string> {
  const quote = await t.call(
    initiateSendMoneyCall,
    { emailOrPhone: requester.email, amount, payerAccountId: Number(payer.wallets.AED), request_id: requestId },
    { token: payer.token },
  );
  expect(quote.status, quote.message).toBe(200);
  return quote.data.hash;
}

/** Pays a request through initiate (with request_id) and confirm. */
async function pay(payer: TestPerson, requester: TestPerson, requestId: number, amount = 2_500) {
  const transactionHash = await quotePayment(payer, requester, requestId, amount);
  return t.call(confirmSendMoneyCall, { transactionHash, request_id: requestId }, { token: payer.token });
}

/** A pending request of AED 25.00 from a payer holding AED 100.00, and the payer's quote to pay it. */
async function quotedPendingRequest() {
  const requester = await createTestPerson(t);
  const payer = await createTestPerson(t);
  await fundWallet(t, payer.wallets.AED!, 10_000n, 'AED');
  const requestId = (await ask(requester, { emailOrPhone: payer.email })).data.id;
  const transactionHash = await quotePayment(payer, requester, requestId);
  return { requester, payer, requestId, transactionHash };
}

describe('initiate-request-money', () => {
  it('asks a user by e-mail or phone, keeps their contact details and tells them', async () => {
    // Proves the PENDING row, the recipient's stored e-mail and phone, and the payer's notification.
    const requester = await createTestPerson(t, { firstName: 'Huda', lastName: 'Karam' });
    const payer = await createTestPerson(t);
    const byEmail = await ask(requester, { emailOrPhone: payer.email.toUpperCase() });
    expect(byEmail.status).toBe(200);
    expect(byEmail.message).toBe('Your request has been sent.');
    const byPhone = await ask(requester, { emailOrPhone: payer.phone.slice(1), notes: undefined });
    expect(byPhone.status).toBe(200);
    const row = await requestRow(byEmail.data.id);
    expect(row).toMatchObject({
      requester_user_id: requester.id,
      requester_account_id: requester.wallets.AED,
      payer_user_id: payer.id,
      email: payer.email,
      phone_number: payer.phone,
      amount: 2_500n,
      notes: 'Dinner',
      status: 'PENDING',
      transaction_id: null,
    });
    expect((await requestRow(byPhone.data.id)).notes).toBe('');
    const notices = await t.deps.db.selectFrom('notifications').select(['type', 'message']).where('user_id', '=', payer.id).execute();
    expect(notices).toEqual([
      { type: 'money-request-received', message: 'Huda Karam requested AED 25.00 from you.' },
      { type: 'money-request-received', message: 'Huda Karam requested AED 25.00 from you.' },
    ]);
    await expectLedgerInvariants(t);
  });

  it('refuses a foreign wallet, oneself, an unknown person, an unpayable amount and too many open requests', async () => {
    // Proves each refusal message, with nothing written.
    const requester = await createTestPerson(t);
    const payer = await createTestPerson(t);
    const stranger = await createTestPerson(t);
    await expectRefused(
      () => ask(requester, { emailOrPhone: payer.email, userAccountId: Number(stranger.wallets.AED) }),
      404,
      'WALLET_NOT_FOUND',
    );
    await expectRefused(() => ask(requester, { emailOrPhone: requester.email }), 422, 'REQUEST_FROM_SELF');
    await expectRefused(() => ask(requester, { emailOrPhone: requester.phone }), 422, 'REQUEST_FROM_SELF');
    await expectRefused(() => ask(requester, { emailOrPhone: 'ghost@example.com' }), 404, 'RECIPIENT_NOT_FOUND');
    await expectRefused(
      () => ask(requester, { emailOrPhone: payer.email, amount: 50 }),
      422,
      'AMOUNT_BELOW_MINIMUM',
      'The minimum amount is AED 1.00',
    );
    await expectRefused(
      () => ask(requester, { emailOrPhone: payer.email, amount: 5_000_001 }),
      422,
      'AMOUNT_ABOVE_MAXIMUM',
      'The maximum amount is AED 50,000.00',
    );
    await expectRefused(
      () => ask(requester, { emailOrPhone: payer.email, amount: '' }),
      400,
      'VALIDATION_FAILED',
      'The amount field is required',
    );
    await expectRefused(
      () => ask(requester, { emailOrPhone: payer.email, amount: '12 AED' }),
      400,
      'VALIDATION_FAILED',
      'Only numeric characters are allowed',
    );
    await expectRefused(
      () => ask(requester, { emailOrPhone: payer.email, notes: 'x'.repeat(256) }),
      400,
      'VALIDATION_FAILED',
      'The notes may not be greater than 255 characters',
    );

    await t.deps.db
      .insertInto('money_requests')
      .values(
        Array.from({ length: PENDING_REQUESTS_MAX }, () => ({
          uuid: crypto.randomUUID(),
          requester_user_id: requester.id,
          requester_account_id: requester.wallets.AED!,
          payer_user_id: payer.id,
          email: payer.email,
          phone_number: payer.phone,
          amount: 100n,
          status: 'PENDING' as const,
        })),
      )
      .execute();
    await expectRefused(
      () => ask(requester, { emailOrPhone: payer.email }),
      422,
      'TOO_MANY_PENDING_REQUESTS',
      `You have ${PENDING_REQUESTS_MAX} pending requests. Cancel some before asking for more.`,
    );
    await expectLedgerInvariants(t);
  });
});

describe('money request lifecycle', () => {
  it('lists requests in both tabs, newest first, a page at a time', async () => {
    // Proves get-money-requests (mine) and get-user-request-money (received), their shapes and pagination.
    const requester = await createTestPerson(t, { currencies: ['AED', 'USD'], firstName: 'Nadia', lastName: 'Fares' });
    const payer = await createTestPerson(t);
    const ids: number[] = [];
    for (const [index, amount] of [1_000, 2_000, 3_000].entries()) {
      const wallet = index === 2 ? requester.wallets.USD : requester.wallets.AED;
      const created = await ask(requester, { emailOrPhone: payer.email, amount, userAccountId: Number(wallet), notes: `n${index}` });
      ids.push(created.data.id);
    }
    const firstPage = await t.call(getMoneyRequestsCall, { page: 1, perPage: 2 }, { token: requester.token });
    expect(firstPage.status).toBe(200);
    expect(firstPage.data.paginationData).toEqual({ total: 3, perPage: 2, currentPage: 1 });
    expect(firstPage.data.data.map((r) => r.id)).toEqual([ids[2], ids[1]]);
    expect(firstPage.data.data[0]).toEqual({
      id: ids[2],
      email: payer.email,
      phone_number: payer.phone,
      amount: 3_000,
      notes: 'n2',
      user_account: { currency: { code: 'USD' } },
      status: 'PENDING',
      statusStr: 'Pending',
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
    });
    const secondPage = await t.call(getMoneyRequestsCall, { page: 2, perPage: 2 }, { token: requester.token });
    expect(secondPage.data.data.map((r) => r.id)).toEqual([ids[0]]);

    const received = await t.call(getUserRequestMoneyCall, {}, { token: payer.token });
    expect(received.data.paginationData).toEqual({ total: 3, perPage: 10, currentPage: 1 });
    expect(received.data.data.map((r) => r.id)).toEqual([ids[2], ids[1], ids[0]]);
    expect(received.data.data[1]).toEqual({
      id: ids[1],
      user_account: { currency: { code: 'AED' }, user: { email: requester.email, first_name: 'Nadia', last_name: 'Fares' } },
      notes: 'n1',
      amount: 2_000,
      status: 'PENDING',
      statusStr: 'Pending',
      created_at: expect.any(String),
    });
    // Neither side sees the other's tab: the requester received nothing, the payer asked nothing.
    const requesterReceived = await t.call(getUserRequestMoneyCall, {}, { token: requester.token });
    expect(requesterReceived.data.paginationData.total).toBe(0);
    const payerMine = await t.call(getMoneyRequestsCall, {}, { token: payer.token });
    expect(payerMine.data.data).toEqual([]);
    await expectLedgerInvariants(t);
  });

  it('lets the payer reject and the requester cancel, only while pending, and tells the other side', async () => {
    // Proves reject and cancel, who may do which (404 otherwise), and that closed requests stay closed.
    const requester = await createTestPerson(t, { firstName: 'Sami', lastName: 'Rizk' });
    const payer = await createTestPerson(t, { firstName: 'Lara', lastName: 'Haddad' });
    const stranger = await createTestPerson(t);
    const toReject = (await ask(requester, { emailOrPhone: payer.email })).data.id;
    const toCancel = (await ask(requester, { emailOrPhone: payer.email })).data.id;

    await expectRefused(
      () => t.call(rejectRequestMoneyCall, { requestId: toReject }, { token: requester.token }),
      404,
      'REQUEST_NOT_FOUND',
    );
    await expectRefused(() => t.call(rejectRequestMoneyCall, { requestId: toReject }, { token: stranger.token }), 404, 'REQUEST_NOT_FOUND');
    const rejected = await t.call(rejectRequestMoneyCall, { requestId: toReject }, { token: payer.token });
    expect(rejected.status).toBe(200);
    expect(rejected.data).toEqual({ id: toReject, status: 'REJECTED', statusStr: 'Rejected' });
    await expectRefused(() => t.call(rejectRequestMoneyCall, { requestId: toReject }, { token: payer.token }), 422, 'REJECT_NOT_PENDING');
    await expectRefused(
      () => t.call(cancelRequestMoneyCall, { requestId: toReject }, { token: requester.token }),
      422,
      'CANCEL_NOT_PENDING',
    );

    await expectRefused(() => t.call(cancelRequestMoneyCall, { requestId: toCancel }, { token: payer.token }), 404, 'REQUEST_NOT_FOUND');
    await expectRefused(() => t.call(cancelRequestMoneyCall, { requestId: toCancel }, { token: stranger.token }), 404, 'REQUEST_NOT_FOUND');
    await expectRefused(() => t.call(cancelRequestMoneyCall, { requestId: 987_654 }, { token: requester.token }), 404, 'REQUEST_NOT_FOUND');
    const canceled = await t.call(cancelRequestMoneyCall, { requestId: toCancel }, { token: requester.token });
    expect(canceled.data).toEqual({ id: toCancel, status: 'CANCELED', statusStr: 'Canceled' });
    await expectRefused(
      () => t.call(cancelRequestMoneyCall, { requestId: toCancel }, { token: requester.token }),
      422,
      'CANCEL_NOT_PENDING',
    );
    await expectRefused(() => t.call(rejectRequestMoneyCall, { requestId: toCancel }, { token: payer.token }), 422, 'REJECT_NOT_PENDING');

    const toRequester = await t.deps.db
      .selectFrom('notifications')
      .select(['type', 'message'])
      .where('user_id', '=', requester.id)
      .execute();
    expect(toRequester).toEqual([{ type: 'money-request-rejected', message: 'Lara Haddad rejected your request of AED 25.00.' }]);
    const toPayer = await t.deps.db
      .selectFrom('notifications')
      .select(['type', 'message'])
      .where('user_id', '=', payer.id)
      .orderBy('id')
      .execute();
    expect(toPayer.at(-1)).toEqual({ type: 'money-request-canceled', message: 'Sami Rizk canceled the request of AED 25.00.' });
    const mine = await t.call(getMoneyRequestsCall, {}, { token: requester.token });
    expect(mine.data.data.map((r) => r.statusStr)).toEqual(['Canceled', 'Rejected']);
    await expectLedgerInvariants(t);
  });

  it('pays a request with send money: a Request payment into the asked wallet, and the request is Accepted', async () => {
    // Proves type 4, the request's transaction id, balances, and that a paid request can no longer be canceled or paid.
    const requester = await createTestPerson(t, { firstName: 'Omar', lastName: 'Said' });
    const payer = await createTestPerson(t, { firstName: 'Rita', lastName: 'Nour' });
    await fundWallet(t, payer.wallets.AED!, 10_000n, 'AED');
    const requestId = (await ask(requester, { emailOrPhone: payer.email, notes: 'Tickets' })).data.id;
    const paid = await pay(payer, requester, requestId);
    expect(paid.status).toBe(200);

    const transaction = await t.deps.db
      .selectFrom('transactions')
      .selectAll()
      .where('uuid', '=', paid.data.transactionId)
      .executeTakeFirstOrThrow();
    expect(transaction).toMatchObject({
      transaction_type_id: 4,
      status: 1,
      amount: 2_500n,
      fee: 25n,
      vat: 1n,
      total_amount: 2_526n,
      receiver_account_id: requester.wallets.AED,
      money_request_id: BigInt(requestId),
      notes: 'Tickets',
    });
    expect(await requestRow(requestId)).toMatchObject({ status: 'ACCEPTED', transaction_id: transaction.id });
    expect(await balanceOf(t, payer.wallets.AED!)).toBe(10_000n - 2_526n);
    expect(await balanceOf(t, requester.wallets.AED!)).toBe(2_500n);
    const notice = await t.deps.db
      .selectFrom('notifications')
      .select(['type', 'message'])
      .where('user_id', '=', requester.id)
      .executeTakeFirstOrThrow();
    expect(notice).toEqual({ type: 'money-request-paid', message: 'Rita Nour paid your request: you received AED 25.00.' });
    const received = await t.call(getUserRequestMoneyCall, {}, { token: payer.token });
    expect(received.data.data[0]).toMatchObject({ id: requestId, status: 'ACCEPTED', statusStr: 'Accepted' });

    await expectRefused(() => t.call(cancelRequestMoneyCall, { requestId }, { token: requester.token }), 422, 'CANCEL_NOT_PENDING');
    await expectRefused(() => t.call(rejectRequestMoneyCall, { requestId }, { token: payer.token }), 422, 'REJECT_NOT_PENDING');
    await expectRefused(
      () =>
        t.call(
          initiateSendMoneyCall,
          { emailOrPhone: requester.email, amount: 2_500, payerAccountId: Number(payer.wallets.AED), request_id: requestId },
          { token: payer.token },
        ),
      422,
      'REQUEST_NOT_PENDING',
    );
    await expectLedgerInvariants(t);
  });

  it('refuses to pay a request with another amount, currency or recipient, or someone else’s request', async () => {
    // Proves the request checks of initiate-send-money, with nothing written.
    const requester = await createTestPerson(t);
    const payer = await createTestPerson(t, { currencies: ['AED', 'USD'] });
    const other = await createTestPerson(t);
    await fundWallet(t, payer.wallets.AED!, 10_000n, 'AED');
    await fundWallet(t, payer.wallets.USD!, 10_000n, 'USD');
    const requestId = (await ask(requester, { emailOrPhone: payer.email })).data.id;
    const base = { emailOrPhone: requester.email, amount: 2_500, payerAccountId: Number(payer.wallets.AED), request_id: requestId };
    const initiate =
      (body: Record<string, unknown>, token = payer.token) =>
      () =>
        t.call(initiateSendMoneyCall, { ...base, ...body }, { token });
    await expectRefused(initiate({ amount: 2_400 }), 422, 'REQUEST_AMOUNT_MISMATCH', 'The amount must be the requested AED 25.00.');
    await expectRefused(
      initiate({ payerAccountId: Number(payer.wallets.USD) }),
      422,
      'REQUEST_CURRENCY_MISMATCH',
      'This request is in AED: pay it from your AED wallet.',
    );
    await expectRefused(initiate({ emailOrPhone: other.email }), 422, 'REQUEST_OTHER_RECIPIENT');
    await expectRefused(initiate({ request_id: 987_654 }), 404, 'REQUEST_NOT_FOUND');
    await fundWallet(t, other.wallets.AED!, 10_000n, 'AED');
    await expectRefused(
      initiate({ emailOrPhone: requester.email, payerAccountId: Number(other.wallets.AED) }, other.token),
      404,
      'REQUEST_NOT_FOUND',
    );
    await expectLedgerInvariants(t);
  });

  it('refuses to pay a request canceled between initiate and confirm, and moves nothing', async () => {
    // Proves the confirm re-checks the request under its lock: cancel wins, the payment rolls back.
    const { requester, payer, requestId, transactionHash } = await quotedPendingRequest();
    expect((await t.call(cancelRequestMoneyCall, { requestId }, { token: requester.token })).status).toBe(200);
    await expectRefused(
      () => t.call(confirmSendMoneyCall, { transactionHash, request_id: requestId }, { token: payer.token }),
      422,
      'REQUEST_NOT_PENDING',
    );
    expect(await balanceOf(t, payer.wallets.AED!)).toBe(10_000n);
    expect(await requestRow(requestId)).toMatchObject({ status: 'CANCELED', transaction_id: null });
    await expectLedgerInvariants(t);
  });

  it('lets only one of a payment and a cancel win when they race', async () => {
    // Proves the conditional updates: the request ends ACCEPTED with money moved, or CANCELED with none.
    const { requester, payer, requestId, transactionHash } = await quotedPendingRequest();
    const [confirmed, canceled] = await Promise.all([
      t.call(confirmSendMoneyCall, { transactionHash }, { token: payer.token }),
      t.call(cancelRequestMoneyCall, { requestId }, { token: requester.token }),
    ]);
    expect([confirmed.status, canceled.status].sort()).toEqual([200, 422]);
    const row = await requestRow(requestId);
    if (confirmed.status === 200) {
      expect(row.status).toBe('ACCEPTED');
      expect(await balanceOf(t, requester.wallets.AED!)).toBe(2_500n);
    } else {
      expect(row.status).toBe('CANCELED');
      expect(await balanceOf(t, payer.wallets.AED!)).toBe(10_000n);
    }
    await expectLedgerInvariants(t);
  });
});
