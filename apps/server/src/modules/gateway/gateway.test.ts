// The gateway: card checks and masking (pure), the sandbox acquirer's test cards, and the 3-D
// Secure challenge end to end: initiate-deposit with the challenge card, the page, Approve,
// Decline, abandonment and the job that expires it. Money scenarios end with the invariants.
import util from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkBalanceAndLimitsCall, initiateDepositCall } from '@paywallet/contract';
import { sql } from 'kysely';

import { createTestApp, countRows, type TestApp } from '../../test/harness.ts';
import { balanceOf, countMoneyRows, createTestPerson, expectLedgerInvariants, type TestPerson } from '../../test/money.ts';
import { JobRunner } from '../../jobs/runner.ts';
import { APPROVAL_CODE_PATTERN, SANDBOX_CARDS, SandboxAcquirer } from './acquirer.ts';
import { PaymentCard, cardBrand, luhnValid, maskCardNumber, type CardInput } from './card.ts';
import { CHALLENGE_LIFE_S, expireStaleCardPayments } from './card-payments.service.ts';
import { challengeHandlers, type ChallengeOutcomeHandler } from './challenge-handlers.ts';

const FUTURE_YEAR = String((new Date().getUTCFullYear() + 3) % 100).padStart(2, '0');
const cardInput = (number: string, extra: Partial<CardInput> = {}): CardInput => ({
  holderName: 'Omar Nasser',
  number,
  expMonth: '09',
  expYear: FUTURE_YEAR,
  cvc: '123',
  ...extra,
});

describe('card checks and masking', () => {
  it('accepts Luhn-valid numbers only', () => {
    // Proves the mod-10 check on the sandbox cards and on single-digit changes of them.
    for (const number of [...Object.values(SANDBOX_CARDS), '5555555555554444', '378282246310005', '2223003122003222']) {
      expect(luhnValid(number), number).toBe(true);
    }
    for (const number of ['4242424242424241', '4000000000003221', '1234567812345678', '', '42424242x4242424']) {
      expect(luhnValid(number), number).toBe(false);
    }
  });

  it('names the brand from the BIN and masks to first six and last four', () => {
    // Proves the BIN ranges (Visa 4; Mastercard 51-55 and 2221-2720; Amex 34/37; else card).
    expect(
      [
        '4242424242424242',
        '5105105105105100',
        '5555555555554444',
        '2221000000000009',
        '2720990000000007',
        '378282246310005',
        '340000000000009',
      ].map(cardBrand),
    ).toEqual(['visa', 'mastercard', 'mastercard', 'mastercard', 'mastercard', 'amex', 'amex']);
    expect(['2220990000000000', '2721000000000000', '5000000000000000', '6011111111111117', '3530111333300000'].map(cardBrand)).toEqual([
      'card',
      'card',
      'card',
      'card',
      'card',
    ]);
    expect(maskCardNumber('4242424242424242')).toBe('424242******4242');
    expect(maskCardNumber('378282246310005')).toBe('378282******0005');
  });

  it('refuses an expired card, taking the expiry month as valid to its last day', () => {
    // Proves the expiry boundary in UTC, and the CVC and number checks.
    const now = new Date(Date.UTC(2030, 5, 30, 23, 59)); // 30 June 2030
    expect(PaymentCard.check(cardInput('4242424242424242', { expMonth: '06', expYear: '30' }), now).ok).toBe(true);
    expect(PaymentCard.check(cardInput('4242424242424242', { expMonth: '05', expYear: '30' }), now)).toEqual({
      ok: false,
      code: 'CARD_EXPIRED',
    });
    expect(PaymentCard.check(cardInput('4242424242424242', { expMonth: '12', expYear: '29' }), now)).toEqual({
      ok: false,
      code: 'CARD_EXPIRED',
    });
    expect(PaymentCard.check(cardInput('4242424242424242', { expMonth: '13', expYear: '31' }), now)).toEqual({
      ok: false,
      code: 'CARD_EXPIRED',
    });
    const valid = { expMonth: '01', expYear: '31' };
    expect(PaymentCard.check(cardInput('4242424242424241', valid), now)).toEqual({ ok: false, code: 'CARD_NUMBER_INVALID' });
    expect(PaymentCard.check(cardInput('4242424242424242', { ...valid, cvc: '12' }), now)).toEqual({ ok: false, code: 'CVC_INVALID' });
    expect(PaymentCard.check(cardInput('4242424242424242', { ...valid, cvc: '12345' }), now)).toEqual({ ok: false, code: 'CVC_INVALID' });
    expect(PaymentCard.check(cardInput('4242424242424242', { ...valid, cvc: '1234' }), now).ok).toBe(true);
  });

  it('never shows the full number or the CVC when a card is serialised, printed or logged', () => {
    // Proves the wrapper type: JSON, string and util.inspect (what a logger uses) are masked.
    const checked = PaymentCard.check(cardInput('4242424242424242', { cvc: '987' }));
    expect(checked.ok).toBe(true);
    if (!checked.ok) return;
    const shown = [
      JSON.stringify(checked.card),
      String(checked.card),
      util.inspect(checked.card),
      util.inspect({ card: checked.card }),
      JSON.stringify({ card: checked.card }),
    ];
    for (const text of shown) {
      expect(text).toContain('424242******4242');
      expect(text).not.toContain('4242424242424242');
      expect(text).not.toContain('987');
    }
    expect(Object.keys(checked.card)).not.toContain('cvc');
  });
});

describe('challenge handlers', () => {
  const handler: ChallengeOutcomeHandler = {
    approve: async () => ({ redirectUrl: null }),
    close: async () => ({ redirectUrl: null }),
  };

  it('hands each type to one handler, and never a deposit, which the gateway answers itself', () => {
    // Proves the table app.ts builds cannot take over deposits or answer one type twice.
    expect([...challengeHandlers([[[8, 9, 10], handler]]).keys()]).toEqual([8, 9, 10]);
    expect(() => challengeHandlers([[[1], handler]])).toThrow(/deposits are answered by the gateway itself/);
    expect(() =>
      challengeHandlers([
        [[8], handler],
        [[8], handler],
      ]),
    ).toThrow(/one challenge handler for transactions of type 8/);
  });
});

describe('sandbox acquirer', () => {
  it('answers each test card as documented, and approves any other valid card', async () => {
    // Proves ARCHITECTURE.md section 5's test cards.
    const acquirer = new SandboxAcquirer();
    const outcome = async (number: string) => {
      const checked = PaymentCard.check(cardInput(number));
      if (!checked.ok) throw new Error(`test card ${number} is invalid`);
      return acquirer.authorize(checked.card, 10_368n, 'AED', 'deposit-1');
    };
    expect(await outcome(SANDBOX_CARDS.approved)).toEqual({
      outcome: 'approved',
      gatewayReference: expect.stringMatching(/^sbx_/),
      approvalCode: expect.stringMatching(/^[A-Z0-9]{6}$/),
    });
    expect(await outcome(SANDBOX_CARDS.challenge)).toEqual({ outcome: 'challenge', gatewayReference: expect.stringMatching(/^sbx_/) });
    expect(await outcome(SANDBOX_CARDS.declined)).toEqual({ outcome: 'declined', reason: 'declined' });
    expect(await outcome(SANDBOX_CARDS.insufficientFunds)).toEqual({ outcome: 'declined', reason: 'insufficient_funds' });
    expect((await outcome('5555555555554444')).outcome).toBe('approved');
  });

  it('issues a fresh six-character approval code for each approved authorisation, after a challenge too', async () => {
    // Proves the code is the acquirer's answer to each authorisation, not a constant: letters
    // and digits, six of them (APPROVAL_CODE_PATTERN), and another one the next time.
    const acquirer = new SandboxAcquirer();
    const codes = new Set<string>();
    for (let i = 0; i < 5; i++) codes.add((await acquirer.completeChallenge(`sbx_${i}`)).approvalCode);
    expect([...codes].every((code) => APPROVAL_CODE_PATTERN.test(code))).toBe(true);
    expect(codes.size).toBeGreaterThan(1);
  });
});

describe('3-D Secure challenge', () => {
  let t: TestApp;
  let cardMethodId: number;

  beforeAll(async () => {
    t = await createTestApp();
    cardMethodId = (await t.deps.db.selectFrom('payment_methods').select('id').where('code', '=', 'CARD').executeTakeFirstOrThrow()).id;
  });
  afterAll(async () => t.close());

  interface Challenge {
    who: TestPerson;
    path: string;
    token: string;
    transactionUuid: string;
  }

  /** A deposit of 100.00 AED (card charged 103.68) with the challenge card, left pending. */
  async function challengedDeposit(who?: TestPerson): Promise<Challenge> {
    const person = who ?? (await createTestPerson(t, { currencies: ['AED'] }));
    const quote = await t.call(
      checkBalanceAndLimitsCall,
      { amount: 10_000, userAccountId: Number(person.wallets.AED), paymentMethodId: cardMethodId, type: 'DEPOSIT' },
      { token: person.token },
    );
    expect(quote.status, quote.message).toBe(200);
    const body = {
      cardHolderName: 'Omar Nasser',
      cardNumber: SANDBOX_CARDS.challenge,
      expMonth: '09',
      expYear: FUTURE_YEAR,
      cvc: '123',
      hash: quote.data.hash,
    };
    const result = await t.call(initiateDepositCall, body, { token: person.token });
    expect(result.status, result.message).toBe(200);
    expect(result.data).toMatchObject({ bypass3DS: 0, status: 'pending' });
    expect(result.message).toBe('Please complete the 3-D Secure check in the new tab.');
    const { paymentUrl } = result.data;
    if (paymentUrl === null) throw new Error('A challenged deposit answers the URL of its 3-D Secure page');
    const url = new URL(paymentUrl);
    expect(url.origin).toBe(new URL(t.deps.config.publicUrl).origin);
    const token = decodeURIComponent(url.pathname.replace('/gateway/3ds/', ''));
    return { who: person, path: url.pathname, token, transactionUuid: result.data.transactionId };
  }

  const page = (path: string) => t.app.inject({ method: 'GET', url: path });
  /** Posts a form the way a browser does: urlencoded, no fields. */
  const answer = (path: string, action: 'approve' | 'decline') =>
    t.app.inject({
      method: 'POST',
      url: `${path}/${action}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });

  async function transactionOf(uuid: string) {
    return t.deps.db.selectFrom('transactions').selectAll().where('uuid', '=', uuid).executeTakeFirstOrThrow();
  }
  async function cardPaymentOf(transactionId: bigint) {
    return t.deps.db.selectFrom('card_payments').selectAll().where('transaction_id', '=', transactionId).executeTakeFirstOrThrow();
  }
  async function entriesOf(transactionId: bigint): Promise<Record<string, bigint>> {
    const rows = await t.deps.db
      .selectFrom('ledger_entries')
      .select(['system_account', 'amount'])
      .where('transaction_id', '=', transactionId)
      .execute();
    return Object.fromEntries(rows.map((row) => [row.system_account ?? 'wallet', row.amount]));
  }

  it('credits nothing until Approve, shows the amount on the page, and credits exactly once', async () => {
    // Proves the pending design: a status-0 row with no entries, a hashed challenge token, the
    // page, Approve posting gateway -(A+F+V), wallet +A, fees +F, vat +V, and that a second
    // Approve, a reload and a repeated initiate of the same hash credit nothing more.
    const challenge = await challengedDeposit();
    const pending = await transactionOf(challenge.transactionUuid);
    expect(pending).toMatchObject({
      status: 0,
      amount: 10_000n,
      fee: 350n,
      vat: 18n,
      total_amount: 10_368n,
      card_number: '400000******3220',
      card_brand: 'visa',
      // Not authorised yet: the acquirer answers the approval code only once the cardholder passes.
      approval_code: null,
    });
    expect(await entriesOf(pending.id)).toEqual({});
    expect(await balanceOf(t, challenge.who.wallets.AED!)).toBe(0n);
    const cardPayment = await cardPaymentOf(pending.id);
    expect(cardPayment.state).toBe('challenge');
    expect(cardPayment.challenge_token).not.toBe(challenge.token);
    const lifeS = (new Date(cardPayment.expires_at).getTime() - new Date(cardPayment.created_at).getTime()) / 1000;
    // created_at is the database's clock at the transaction's start, expires_at the server's a
    // moment later: on a loaded machine the two are up to a second or two apart.
    expect(lifeS).toBeGreaterThanOrEqual(CHALLENGE_LIFE_S - 1);
    expect(lifeS).toBeLessThan(CHALLENGE_LIFE_S + 3);
    await expectLedgerInvariants(t);

    const shown = await page(challenge.path);
    expect(shown.statusCode).toBe(200);
    expect(shown.headers['content-type']).toContain('text/html');
    expect(shown.headers['cache-control']).toBe('no-store');
    expect(shown.body).toContain('PayWallet Sandbox 3-D Secure');
    expect(shown.body).toContain('AED 103.68');
    expect(shown.body).toContain('400000******3220');
    expect(shown.body).toContain(`action="${challenge.path}/approve"`);
    expect(shown.body).toContain(`action="${challenge.path}/decline"`);
    expect(shown.body).not.toContain('4000000000003220');

    const approved = await answer(challenge.path, 'approve');
    expect(approved.statusCode).toBe(303);
    expect(approved.headers.location).toBe(challenge.path);
    expect(await balanceOf(t, challenge.who.wallets.AED!)).toBe(10_000n);
    const done = await transactionOf(challenge.transactionUuid);
    expect(done.status).toBe(1);
    expect(done.approval_code).toMatch(/^[A-Z0-9]{6}$/);
    expect(await entriesOf(done.id)).toEqual({ gateway: -10_368n, wallet: 10_000n, fees: 350n, vat: 18n });
    const charges = await t.deps.db
      .selectFrom('transaction_charges')
      .select(['type', 'charges'])
      .where('transaction_id', '=', done.id)
      .orderBy('id')
      .execute();
    expect(charges).toEqual([
      { type: 'fee', charges: 350n },
      { type: 'vat', charges: 18n },
    ]);
    expect((await cardPaymentOf(done.id)).state).toBe('approved');
    const notice = await t.deps.db
      .selectFrom('notifications')
      .select(['type', 'message'])
      .where('user_id', '=', challenge.who.id)
      .executeTakeFirstOrThrow();
    expect(notice).toEqual({ type: 'deposit-succeeded', message: 'Your deposit of AED 100.00 was added to your wallet.' });

    const result = await page(challenge.path);
    expect(result.body).toContain('Payment approved — you can close this tab');
    expect(result.body).toContain('href="/app"');
    expect(result.body).not.toContain('<form');

    const before = await countMoneyRows(t);
    expect((await answer(challenge.path, 'approve')).statusCode).toBe(303);
    expect((await answer(challenge.path, 'decline')).statusCode).toBe(303);
    expect((await page(challenge.path)).body).toContain('Payment approved');
    expect(await countMoneyRows(t)).toEqual(before);
    expect(await balanceOf(t, challenge.who.wallets.AED!)).toBe(10_000n);
    // The repeated answers did not authorise again: the first approval code stands.
    expect(await transactionOf(challenge.transactionUuid)).toMatchObject({ status: 1, approval_code: done.approval_code });
    await expectLedgerInvariants(t);
  });

  it('answers a repeated initiate of a challenged hash with the same page, opening no second challenge', async () => {
    // Proves the quote's idempotency for the pending outcome.
    const who = await createTestPerson(t, { currencies: ['AED'] });
    const quote = await t.call(
      checkBalanceAndLimitsCall,
      { amount: 10_000, userAccountId: Number(who.wallets.AED), paymentMethodId: cardMethodId, type: 'DEPOSIT' },
      { token: who.token },
    );
    const body = {
      cardHolderName: 'Omar Nasser',
      cardNumber: SANDBOX_CARDS.challenge,
      expMonth: '09',
      expYear: FUTURE_YEAR,
      cvc: '123',
      hash: quote.data.hash,
    };
    const first = await t.call(initiateDepositCall, body, { token: who.token });
    const before = { ...(await countMoneyRows(t)), ...(await countRows(t, ['card_payments'])) };
    const again = await t.call(initiateDepositCall, body, { token: who.token });
    expect(again.data).toEqual(first.data);
    expect({ ...(await countMoneyRows(t)), ...(await countRows(t, ['card_payments'])) }).toEqual(before);
    await expectLedgerInvariants(t);
  });

  it('fails the deposit on Decline and credits nothing, then refuses a later Approve', async () => {
    // Proves Decline: status 2 with a reason, state declined, no entries, a notice; Approve after it moves nothing.
    const challenge = await challengedDeposit();
    const declined = await answer(challenge.path, 'decline');
    expect(declined.statusCode).toBe(303);
    const row = await transactionOf(challenge.transactionUuid);
    expect(row).toMatchObject({ status: 2, failure_reason: 'The 3-D Secure check was declined.', approval_code: null });
    expect((await cardPaymentOf(row.id)).state).toBe('declined');
    expect(await entriesOf(row.id)).toEqual({});
    expect((await page(challenge.path)).body).toContain('Payment declined');
    const notice = await t.deps.db
      .selectFrom('notifications')
      .select('type')
      .where('user_id', '=', challenge.who.id)
      .executeTakeFirstOrThrow();
    expect(notice.type).toBe('deposit-failed');

    expect((await answer(challenge.path, 'approve')).statusCode).toBe(303);
    expect(await balanceOf(t, challenge.who.wallets.AED!)).toBe(0n);
    expect(await transactionOf(challenge.transactionUuid)).toMatchObject({ status: 2, approval_code: null });
    await expectLedgerInvariants(t);
  });

  it('expires a challenge abandoned for 15 minutes and refuses a later Approve', async () => {
    // Proves expireStaleCardPayments: a fresh challenge is left alone; past 15 minutes it
    // becomes status 3 (expired), nothing is posted, and Approve afterwards credits nothing.
    const challenge = await challengedDeposit();
    expect(await expireStaleCardPayments(t.deps)).toBe(0);
    const later = new Date(Date.now() + (CHALLENGE_LIFE_S + 60) * 1000);
    expect(await expireStaleCardPayments(t.deps, later)).toBeGreaterThanOrEqual(1);
    const row = await transactionOf(challenge.transactionUuid);
    expect(row).toMatchObject({
      status: 3,
      failure_reason: 'The 3-D Secure check was not completed within 15 minutes.',
      approval_code: null,
    });
    expect((await cardPaymentOf(row.id)).state).toBe('expired');

    const before = await countMoneyRows(t);
    expect((await answer(challenge.path, 'approve')).statusCode).toBe(303);
    expect((await page(challenge.path)).body).toContain('Payment expired');
    expect(await balanceOf(t, challenge.who.wallets.AED!)).toBe(0n);
    expect(await countMoneyRows(t)).toEqual(before);
    expect(await expireStaleCardPayments(t.deps, later)).toBe(0);
    await expectLedgerInvariants(t);
  });

  it('expires a stale challenge lazily when its page is opened', async () => {
    // Proves the page does not offer Approve past the deadline even before the job has run.
    const challenge = await challengedDeposit();
    await sql`UPDATE card_payments SET expires_at = now() - interval '1 second'
               WHERE transaction_id = (SELECT id FROM transactions WHERE uuid = ${challenge.transactionUuid})`.execute(t.deps.db);
    const shown = await page(challenge.path);
    expect(shown.statusCode).toBe(200);
    expect(shown.body).toContain('Payment expired');
    expect(shown.body).not.toContain('<form');
    expect((await transactionOf(challenge.transactionUuid)).status).toBe(3);
    expect(await balanceOf(t, challenge.who.wallets.AED!)).toBe(0n);
    await expectLedgerInvariants(t);
  });

  it('answers an unknown or malformed token with a not-found page that changes nothing', async () => {
    // Proves the routes refuse tokens they do not know, for GET and POST alike.
    const before = { ...(await countMoneyRows(t)), ...(await countRows(t, ['card_payments'])) };
    for (const path of [
      '/gateway/3ds/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA',
      '/gateway/3ds/short',
      '/gateway/3ds/not%20a%20token%3Cscript%3Ealert(1)%3C%2Fscript%3E',
    ]) {
      const shown = await page(path);
      expect(shown.statusCode, path).toBe(404);
      expect(shown.body).toContain('Payment not found');
      expect(shown.body).not.toContain('<script');
      expect((await answer(path, 'approve')).statusCode).toBe(404);
    }
    expect({ ...(await countMoneyRows(t)), ...(await countRows(t, ['card_payments'])) }).toEqual(before);
  });

  it('expires a stale challenge through the job queue: the schedule enqueues, the runner runs it', async () => {
    // Proves the path main.ts starts: the runner's schedule enqueues the minute's expiry job,
    // the runner claims and runs it, the stale challenge becomes status 3 with nothing posted,
    // and the job is recorded done. A fresh challenge beside it is left alone.
    const stale = await challengedDeposit();
    const fresh = await challengedDeposit();
    await sql`UPDATE card_payments SET expires_at = now() - interval '1 second'
               WHERE transaction_id = (SELECT id FROM transactions WHERE uuid = ${stale.transactionUuid})`.execute(t.deps.db);
    const before = await countMoneyRows(t);

    const runner = new JobRunner(t.deps, { runnerId: 'gateway-test-runner', pollIntervalMs: 20 }).start();
    for (let waitedMs = 0; (await transactionOf(stale.transactionUuid)).status !== 3 && waitedMs < 10_000; waitedMs += 20) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    await runner.stop();

    expect((await transactionOf(stale.transactionUuid)).status).toBe(3);
    expect((await transactionOf(fresh.transactionUuid)).status).toBe(0);
    const job = await t.deps.db
      .selectFrom('jobs')
      .select(['state', 'attempts', 'locked_by', 'dedupe_key'])
      .where('kind', '=', 'expire-stale-card-payments')
      .executeTakeFirstOrThrow();
    expect(job).toMatchObject({ state: 'done', attempts: 1, locked_by: null });
    expect(job.dedupe_key).toMatch(/^schedule:expire-stale-card-payments:/);
    expect(await balanceOf(t, stale.who.wallets.AED!)).toBe(0n);
    // Nothing posted; the only new row is the owner's deposit-failed notification.
    expect(await countMoneyRows(t)).toEqual({ ...before, notifications: before.notifications + 1 });
    await expectLedgerInvariants(t);
  });
});
