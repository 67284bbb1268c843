// Deposit by card through the real calls: the allowed methods, the balance-and-limits check (a
// priced quote) and initiate-deposit with the sandbox's test cards. Every scenario ends with
// the ledger invariants; every refusal shows what was (or was not) written.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';

import { createTestApp, countRows, DEMO_CONSUMER, DEMO_MERCHANT, type TestApp } from '../../test/harness.ts';
import { seedDemoData } from '../../seed/seed.ts';
import { balanceOf, countMoneyRows, createTestPerson, expectLedgerInvariants, type TestPerson } from '../../test/money.ts';
import { SANDBOX_CARDS } from '../gateway/acquirer.ts';
import { DECLINES_PER_QUOTE_MAX } from './deposits.service.ts';
import { checkBalanceAndLimitsCall, getAllowedPaymentMethodsCall, initiateDepositCall } from '@paywallet/contract';
import type { TErrorName } from '@paywallet/contract';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

/** A CVC no other value in the database could be confused with; scanned for at the end. */
const CVC = '7319';
const FUTURE_YEAR = String((new Date().getUTCFullYear() + 3) % 100).padStart(2, '0');
const card = (cardNumber: string, extra: Record<string, string> = {}) => ({
  cardHolderName: 'Omar Nasser',
  cardNumber,
  expMonth: '09',
  expYear: FUTURE_YEAR,
  cvc: CVC,
  ...extra,
});

let cardMethodId: number;
const currencyIds: Record<string, number> = {};

beforeAll(async () => {
  const method = await t.deps.db.selectFrom('payment_methods').select('id').where('code', '=', 'CARD').executeTakeFirstOrThrow();
  cardMethodId = method.id;
  for (const row of await t.deps.db.selectFrom('currencies').select(['id', 'code']).execute()) currencyIds[row.code.trim()] = row.id;
});

async function person(): Promise<TestPerson> {
  return createTestPerson(t, { currencies: ['AED', 'USD'] });
}

async function check(who: TestPerson, amount: number, extra: Record<string, unknown> = {}) {
  return t.call(
    checkBalanceAndLimitsCall,
    { amount, userAccountId: Number(who.wallets.AED), paymentMethodId: cardMethodId, type: 'DEPOSIT', ...extra },
    { token: who.token },
  );
}

async function quoteHash(who: TestPerson, amount: number, extra: Record<string, unknown> = {}): Promise<string> {
  const quote = await check(who, amount, extra);
  expect(quote.status, quote.message).toBe(200);
  return quote.data.hash;
}

async function initiate(who: TestPerson, hash: string, cardFields: ReturnType<typeof card>) {
  return t.call(initiateDepositCall, { ...cardFields, hash }, { token: who.token });
}

async function transactionByUuid(uuid: string) {
  return t.deps.db.selectFrom('transactions').selectAll().where('uuid', '=', uuid).executeTakeFirstOrThrow();
}

/** The entries of one transaction as account -> amount ('wallet' for the one wallet entry). */
async function entriesOf(transactionId: bigint): Promise<Record<string, bigint>> {
  const rows = await t.deps.db
    .selectFrom('ledger_entries')
    .select(['wallet_id', 'system_account', 'amount'])
    .where('transaction_id', '=', transactionId)
    .execute();
  return Object.fromEntries(rows.map((row) => [row.system_account ?? 'wallet', row.amount]));
}

/** Expects a refusal with this status and message, and that the call wrote nothing. */
/** A refusal by name (and, where its words carry values, by its message), having written nothing. */
async function expectRefused(
  call: () => Promise<{ status: number; reason?: string; message: string }>,
  status: number,
  reason: TErrorName,
  message?: string,
) {
  const before = { ...(await countMoneyRows(t)), ...(await countRows(t, ['card_payments'])) };
  const result = await call();
  expect({ status: result.status, reason: result.reason }).toEqual({ status, reason });
  if (message !== undefined) expect(result.message).toBe(message);
  expect({ ...(await countMoneyRows(t)), ...(await countRows(t, ['card_payments'])) }).toEqual(before);
}

describe('demo opening balances', () => {
  it('opens the demo wallets with 1,000.00 and 500.00 AED, posted as real deposits, once', async () => {
    // Proves the seed moves money through the ledger (gateway -A, wallet +A, no charges) and
    // that seeding again posts nothing twice.
    const opening = async (email: string) =>
      t.deps.db
        .selectFrom('transactions')
        .innerJoin('wallets', 'wallets.id', 'transactions.receiver_account_id')
        .innerJoin('users', 'users.id', 'wallets.user_id')
        .select([
          'transactions.id',
          'transactions.transaction_type_id',
          'transactions.status',
          'transactions.amount',
          'transactions.fee',
          'wallets.available_balance',
        ])
        .where('users.email', '=', email)
        .where('transactions.notes', '=', 'Opening demo balance')
        .execute();
    const consumer = await opening(DEMO_CONSUMER.email);
    const merchant = await opening(DEMO_MERCHANT.email);
    expect(consumer).toEqual([
      { id: expect.anything(), transaction_type_id: 1, status: 1, amount: 100_000n, fee: 0n, available_balance: 100_000n },
    ]);
    expect(merchant).toEqual([
      { id: expect.anything(), transaction_type_id: 1, status: 1, amount: 50_000n, fee: 0n, available_balance: 50_000n },
    ]);
    expect(await entriesOf(consumer[0]!.id)).toEqual({ gateway: -100_000n, wallet: 100_000n });

    const before = await countMoneyRows(t);
    await seedDemoData(t.deps.db);
    // Even without its once-marker (a crash after the posting), the seed finds the deposits.
    await t.deps.db.deleteFrom('settings').where('key', '=', 'seed:demo-balances:v1').execute();
    await seedDemoData(t.deps.db);
    expect(await countMoneyRows(t)).toEqual(before);
    await expectLedgerInvariants(t);
  });
});

describe('get-allowed-payment-methods', () => {
  it('lists the active DEPOSIT methods of a currency, first first, with the charges on the wire', async () => {
    // Proves the ZPaymentMethod shape: percentages as percent numbers, money in minor units,
    // one currency's methods only, inactive and non-DEPOSIT methods left out.
    const who = await person();
    const bank = await t.deps.db
      .insertInto('payment_methods')
      .values({ name: 'Bank Transfer', code: 'BANK-TEST', type: 'DEPOSIT', sort: 9 })
      .returning('id')
      .executeTakeFirstOrThrow();
    const link = await t.deps.db
      .insertInto('currency_payment_methods')
      .values({ payment_method_id: bank.id, currency_id: currencyIds.AED! })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.deps.db
      .insertInto('privileges')
      .values({ currency_payment_method_id: link.id, vp_percentage_bps: 125, gw_percentage_bps: 0 })
      .execute();
    const retired = await t.deps.db
      .insertInto('payment_methods')
      .values({ name: 'Retired', code: 'RETIRED-TEST', type: 'DEPOSIT', sort: 0, active: false })
      .returning('id')
      .executeTakeFirstOrThrow();
    const retiredLink = await t.deps.db
      .insertInto('currency_payment_methods')
      .values({ payment_method_id: retired.id, currency_id: currencyIds.AED! })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.deps.db.insertInto('privileges').values({ currency_payment_method_id: retiredLink.id }).execute();

    const aed = await t.call(getAllowedPaymentMethodsCall, { type: 'DEPOSIT', currencyId: currencyIds.AED }, { token: who.token });
    expect(aed.status).toBe(200);
    expect(aed.data.map((m) => m.code)).toEqual(['CARD', 'BANK-TEST']);
    expect(aed.data[0]).toEqual({
      id: cardMethodId,
      name: 'Credit / Debit Card',
      code: 'CARD',
      currency_payment_method: [
        {
          id: expect.any(Number),
          currency_id: currencyIds.AED,
          privileges: [
            {
              vp_percentage_charges: 2,
              gw_percentage_charges: 0.5,
              vp_fixed_charges: 100,
              gw_fixed_charges: 0,
              min_amount: 1000,
              max_amount: 1_000_000,
              daily_limit: 5_000_000,
            },
          ],
        },
      ],
    });
    expect(aed.data[1]?.currency_payment_method[0]?.privileges[0]?.vp_percentage_charges).toBe(1.25);

    const usd = await t.call(getAllowedPaymentMethodsCall, { type: 'DEPOSIT', currencyId: currencyIds.USD }, { token: who.token });
    expect(usd.data.map((m) => [m.code, m.currency_payment_method[0]?.currency_id])).toEqual([['CARD', currencyIds.USD]]);

    const bad = await t.post(getAllowedPaymentMethodsCall.path, { type: 'TRANSFER', currencyId: currencyIds.AED }, { token: who.token });
    expect({ status: bad.status, message: bad.message }).toEqual({ status: 400, message: 'The selected type is invalid' });
    const anonymous = await t.call(getAllowedPaymentMethodsCall, { type: 'DEPOSIT', currencyId: currencyIds.AED });
    expect(anonymous.status).toBe(401);
    await expectLedgerInvariants(t);
  });
});

describe('check-balance-and-limits', () => {
  it('prices 100.00 AED by card: fee 2.5% + 1.00 = 3.50, VAT 5% of it rounded half up = 0.18', async () => {
    // Proves the charges are on top (the card pays A+F+V, the wallet gets A) and the rounding
    // of fees.ts: 10000 x 250 bps = 250, + 100 fixed = 350; 5% of 350 = 17.5 -> 18.
    const who = await person();
    const before = await countMoneyRows(t);
    const quote = await check(who, 10_000);
    expect(quote.status).toBe(200);
    expect(quote.data).toEqual({
      hash: expect.any(String),
      amount: 10_000,
      fee: 350,
      vat: 18,
      totalAmount: 10_368,
      receiveAmount: 10_000,
      currency: 'AED',
      expiresAt: expect.any(String),
    });
    const minutes = (new Date(quote.data.expiresAt).getTime() - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(9);
    expect(minutes).toBeLessThanOrEqual(10);
    // Only the quote is written; no money moves on a check.
    expect(await countMoneyRows(t)).toEqual({ ...before, quotes: before.quotes + 1 });
    expect(await balanceOf(t, who.wallets.AED!)).toBe(0n);
    await expectLedgerInvariants(t);
  });

  it('refuses amounts outside the method limits with the limit in the message, writing nothing', async () => {
    // Proves the minimum (10.00) and maximum (10,000.00) of the CARD method, formatted with the currency.
    const who = await person();
    await expectRefused(() => check(who, 999), 422, 'AMOUNT_BELOW_MINIMUM', 'The minimum amount is AED 10.00');
    await expectRefused(() => check(who, 1_000_001), 422, 'AMOUNT_ABOVE_MAXIMUM', 'The maximum amount is AED 10,000.00');
    const atTheEdges = [await check(who, 1000), await check(who, 1_000_000)];
    expect(atTheEdges.map((q) => q.status)).toEqual([200, 200]);
    await expectLedgerInvariants(t);
  });

  it('refuses a foreign wallet, a method the currency does not offer and a bad request, writing nothing', async () => {
    // Proves ownership (404), the method check (422) and the contract's validation (400).
    const who = await person();
    const other = await person();
    await expectRefused(() => check(who, 10_000, { userAccountId: Number(other.wallets.AED) }), 404, 'WALLET_NOT_FOUND');
    await expectRefused(() => check(who, 10_000, { userAccountId: 999_999 }), 404, 'WALLET_NOT_FOUND');
    const bank = await t.deps.db.selectFrom('payment_methods').select('id').where('code', '=', 'BANK-TEST').executeTakeFirstOrThrow();
    const transfer = await t.deps.db.selectFrom('payment_methods').select('id').where('code', '=', 'WALLET').executeTakeFirstOrThrow();
    // BANK-TEST is offered in AED only; WALLET is a TRANSFER method.
    await expectRefused(
      () => check(who, 10_000, { userAccountId: Number(who.wallets.USD), paymentMethodId: bank.id }),
      422,
      'METHOD_NOT_AVAILABLE',
    );
    await expectRefused(() => check(who, 10_000, { paymentMethodId: transfer.id }), 422, 'METHOD_NOT_AVAILABLE');
    await expectRefused(() => check(who, 10_000, { type: 'WITHDRAWAL' }), 400, 'VALIDATION_FAILED', 'The selected type is invalid');
    await expectRefused(() => check(who, 12.5), 400, 'VALIDATION_FAILED', 'The amount may have at most 2 decimal places');
    await expectRefused(() => check(who, 0), 400, 'VALIDATION_FAILED', 'The amount must be greater than 0');
    await expectRefused(() => check(who, 10_000, { userAccountId: undefined }), 400, 'VALIDATION_FAILED', 'The account field is required');
    await expectRefused(
      () =>
        t.call(checkBalanceAndLimitsCall, {
          amount: 10_000,
          userAccountId: Number(who.wallets.AED),
          paymentMethodId: cardMethodId,
          type: 'DEPOSIT',
        }),
      401,
      'UNAUTHENTICATED',
    );
    await expectLedgerInvariants(t);
  });

  it('counts successful and pending deposits of the day against the daily limit of 50,000.00', async () => {
    // Proves usedToday = today's successful + pending deposits: four approved and one waiting
    // for 3-D Secure (5 x 10,000.00) leave nothing, failed ones do not count.
    const who = await person();
    for (let i = 0; i < 4; i++) {
      const done = await initiate(who, await quoteHash(who, 1_000_000), card(SANDBOX_CARDS.approved));
      expect(done.data.status).toBe('success');
    }
    const declined = await initiate(who, await quoteHash(who, 1_000_000), card(SANDBOX_CARDS.declined));
    expect(declined.status).toBe(422);
    const pending = await initiate(who, await quoteHash(who, 1_000_000), card(SANDBOX_CARDS.challenge));
    expect(pending.data.status).toBe('pending');
    await expectRefused(
      () => check(who, 1000),
      422,
      'DAILY_LIMIT_EXCEEDED',
      'This exceeds your daily limit of AED 50,000.00. You can still use AED 0.00 today.',
    );
    // Another currency has its own limit.
    expect((await check(who, 1000, { userAccountId: Number(who.wallets.USD) })).status).toBe(200);
    await expectLedgerInvariants(t);
  });

  it('checks the daily limit again at initiate, so quotes made side by side cannot pass it together', async () => {
    // Proves the re-check under the wallet lock: two quotes each within the limit, only the first goes through.
    const who = await person();
    for (let i = 0; i < 4; i++) await initiate(who, await quoteHash(who, 1_000_000), card(SANDBOX_CARDS.approved));
    const first = await quoteHash(who, 600_000);
    const second = await quoteHash(who, 600_000);
    expect((await initiate(who, first, card(SANDBOX_CARDS.approved))).status).toBe(200);
    const balance = await balanceOf(t, who.wallets.AED!);
    await expectRefused(
      () => initiate(who, second, card(SANDBOX_CARDS.approved)),
      422,
      'DAILY_LIMIT_EXCEEDED',
      'This exceeds your daily limit of AED 50,000.00. You can still use AED 4,000.00 today.',
    );
    expect(await balanceOf(t, who.wallets.AED!)).toBe(balance);
    await expectLedgerInvariants(t);
  });
});

describe('initiate-deposit', () => {
  it('credits the wallet exactly A for a frictionless card and posts gateway -(A+F+V), fees +F, vat +V', async () => {
    // Proves the 4242 card: bypass3DS 1, the business row (masked card, brand, method,
    // gateway reference), the entries, the charge rows, the consumed quote and the notice.
    const who = await person();
    const hash = await quoteHash(who, 10_000);
    const result = await initiate(who, hash, card('4242 4242 4242 4242'));
    expect(result.status, result.message).toBe(200);
    expect(result.message).toBe('Your deposit was successful.');
    expect(result.data).toEqual({ bypass3DS: 1, paymentUrl: null, transactionId: expect.any(String), status: 'success' });
    expect(await balanceOf(t, who.wallets.AED!)).toBe(10_000n);

    const row = await transactionByUuid(result.data.transactionId);
    expect(row).toMatchObject({
      transaction_type_id: 1,
      status: 1,
      amount: 10_000n,
      fee: 350n,
      vat: 18n,
      total_amount: 10_368n,
      receiver_user_id: who.id,
      receiver_account_id: who.wallets.AED,
      payment_method_id: cardMethodId,
      card_holder_name: 'Omar Nasser',
      card_number: '424242******4242',
      card_brand: 'visa',
      failure_reason: null,
    });
    expect(row.gateway_reference_id).toMatch(/^sbx_[0-9a-f]{24}$/);
    // The acquirer approved the authorisation: its approval code is kept on the deposit.
    expect(row.approval_code).toMatch(/^[A-Z0-9]{6}$/);
    expect(await entriesOf(row.id)).toEqual({ gateway: -10_368n, wallet: 10_000n, fees: 350n, vat: 18n });
    const charges = await t.deps.db
      .selectFrom('transaction_charges')
      .select(['type', 'charges'])
      .where('transaction_id', '=', row.id)
      .orderBy('id')
      .execute();
    expect(charges).toEqual([
      { type: 'fee', charges: 350n },
      { type: 'vat', charges: 18n },
    ]);
    const quote = await t.deps.db
      .selectFrom('quotes')
      .select(['consumed_at', 'transaction_id'])
      .where('transaction_id', '=', row.id)
      .executeTakeFirstOrThrow();
    expect(quote.consumed_at).not.toBeNull();
    const notice = await t.deps.db
      .selectFrom('notifications')
      .select(['type', 'message'])
      .where('user_id', '=', who.id)
      .executeTakeFirstOrThrow();
    expect(notice).toEqual({ type: 'deposit-succeeded', message: 'Your deposit of AED 100.00 was added to your wallet.' });
    await expectLedgerInvariants(t);
  });

  it('answers the same hash twice with the first result and credits once', async () => {
    // Proves idempotency: a second initiate (even with another card) moves nothing.
    const who = await person();
    const hash = await quoteHash(who, 25_000);
    const first = await initiate(who, hash, card(SANDBOX_CARDS.approved));
    const before = await countMoneyRows(t);
    const again = await initiate(who, hash, card(SANDBOX_CARDS.approved));
    const otherCard = await initiate(who, hash, card(SANDBOX_CARDS.declined));
    expect(again).toMatchObject({ status: 200, data: first.data });
    expect(otherCard).toMatchObject({ status: 200, data: first.data });
    expect(await countMoneyRows(t)).toEqual(before);
    expect(await balanceOf(t, who.wallets.AED!)).toBe(25_000n);
    await expectLedgerInvariants(t);
  });

  it('refuses a declined card and one without funds with a failed transaction, nothing credited, the quote still open', async () => {
    // Proves 0002 and 9995: 422 with the card's message, a failed row (status 2, reason, no
    // entries), a notice; the quote is not consumed, so the same hash then takes a good card.
    for (const [number, message] of [
      [SANDBOX_CARDS.declined, 'Your card was declined.'],
      [SANDBOX_CARDS.insufficientFunds, 'Your card has insufficient funds.'],
    ] as const) {
      const who = await person();
      const hash = await quoteHash(who, 10_000);
      const refused = await initiate(who, hash, card(number));
      expect({ status: refused.status, message: refused.message }).toEqual({ status: 422, message });
      const transactionId = (refused.data as unknown as { transactionId: string }).transactionId;
      const row = await transactionByUuid(transactionId);
      expect(row).toMatchObject({
        status: 2,
        failure_reason: message,
        amount: 10_000n,
        card_number: `${number.slice(0, 6)}******${number.slice(-4)}`,
        gateway_reference_id: null,
        approval_code: null,
      });
      expect(await entriesOf(row.id)).toEqual({});
      expect(await balanceOf(t, who.wallets.AED!)).toBe(0n);
      const notice = await t.deps.db
        .selectFrom('notifications')
        .select(['type', 'message'])
        .where('user_id', '=', who.id)
        .executeTakeFirstOrThrow();
      expect(notice).toEqual({ type: 'deposit-failed', message: `Your deposit of AED 100.00 did not go through: ${message}` });
      const quote = await t.deps.db
        .selectFrom('quotes')
        .select(['consumed_at', 'transaction_id'])
        .where('user_id', '=', who.id)
        .executeTakeFirstOrThrow();
      expect(quote).toEqual({ consumed_at: null, transaction_id: null });
    }
    await expectLedgerInvariants(t);
  });

  it('takes a good card on the same hash after a declined one: one success, one failed row, credited once', async () => {
    // Proves a declined card can be corrected on the same screen: the decline is recorded, the
    // good card is charged once and consumes the quote, and a repeat of either card moves nothing.
    const who = await person();
    const hash = await quoteHash(who, 10_000);
    const declined = await initiate(who, hash, card(SANDBOX_CARDS.declined));
    expect(declined.reason).toBe('CARD_DECLINED');
    const good = await initiate(who, hash, card(SANDBOX_CARDS.approved));
    expect(good.status).toBe(200);
    expect(good.data).toMatchObject({ bypass3DS: 1, status: 'success' });
    expect(await balanceOf(t, who.wallets.AED!)).toBe(10_000n);

    const rows = await t.deps.db
      .selectFrom('transactions')
      .select(['uuid', 'status'])
      .where('receiver_user_id', '=', who.id)
      .where('transaction_type_id', '=', 1)
      .orderBy('id')
      .execute();
    expect(rows.map((row) => row.status)).toEqual([2, 1]);
    expect(rows[1]!.uuid).toBe(good.data.transactionId);
    const quote = await t.deps.db
      .selectFrom('quotes')
      .select(['consumed_at', 'transaction_id'])
      .where('user_id', '=', who.id)
      .executeTakeFirstOrThrow();
    expect(quote.consumed_at).not.toBeNull();

    const before = await countMoneyRows(t);
    const repeat = await initiate(who, hash, card(SANDBOX_CARDS.approved));
    const declinedAgain = await initiate(who, hash, card(SANDBOX_CARDS.declined));
    expect(repeat).toMatchObject({ status: 200, data: good.data });
    expect(declinedAgain).toMatchObject({ status: 200, data: good.data });
    expect(await countMoneyRows(t)).toEqual(before);
    expect(await balanceOf(t, who.wallets.AED!)).toBe(10_000n);
    await expectLedgerInvariants(t);
  });

  it('charges once when a declined and a good card race on one hash', async () => {
    // Proves the quote's row lock orders the attempts: whichever comes first, the wallet is
    // credited exactly once and the good card's answer is the quote's result.
    const who = await person();
    const hash = await quoteHash(who, 7_500);
    const answers = await Promise.all([
      initiate(who, hash, card(SANDBOX_CARDS.approved)),
      initiate(who, hash, card(SANDBOX_CARDS.declined)),
      initiate(who, hash, card(SANDBOX_CARDS.approved)),
    ]);
    const successes = answers.filter((answer) => answer.status === 200);
    expect(successes.length).toBeGreaterThanOrEqual(2);
    expect(new Set(successes.map((answer) => answer.data.transactionId)).size).toBe(1);
    expect(await balanceOf(t, who.wallets.AED!)).toBe(7_500n);
    await expectLedgerInvariants(t);
  });

  it(`refuses a quote's cards after ${DECLINES_PER_QUOTE_MAX} declines with CARD_ATTEMPTS_EXHAUSTED, writing nothing`, async () => {
    // Proves the bound on declined cards per quote: after the last allowed decline even a good
    // card is refused by name, nothing is written or charged, and a new quote works.
    const who = await person();
    const hash = await quoteHash(who, 10_000);
    for (let attempt = 1; attempt <= DECLINES_PER_QUOTE_MAX; attempt++) {
      const declined = await initiate(who, hash, card(attempt % 2 === 0 ? SANDBOX_CARDS.insufficientFunds : SANDBOX_CARDS.declined));
      expect(declined.status).toBe(422);
    }
    await expectRefused(() => initiate(who, hash, card(SANDBOX_CARDS.approved)), 422, 'CARD_ATTEMPTS_EXHAUSTED');
    expect(await balanceOf(t, who.wallets.AED!)).toBe(0n);
    const fresh = await initiate(who, await quoteHash(who, 10_000), card(SANDBOX_CARDS.approved));
    expect(fresh.status).toBe(200);
    expect(await balanceOf(t, who.wallets.AED!)).toBe(10_000n);
    await expectLedgerInvariants(t);
  });

  it('refuses a Luhn-invalid or expired card before anything is written, and the quote stays usable', async () => {
    // Proves the card checks come first: 422, no rows, and the same hash then works with a good card.
    const who = await person();
    const hash = await quoteHash(who, 10_000);
    await expectRefused(() => initiate(who, hash, card('4242424242424241')), 422, 'CARD_NUMBER_INVALID');
    const lastYear = String((new Date().getUTCFullYear() - 1) % 100).padStart(2, '0');
    await expectRefused(() => initiate(who, hash, card(SANDBOX_CARDS.approved, { expYear: lastYear })), 422, 'CARD_EXPIRED');
    await expectRefused(
      () => initiate(who, hash, card(SANDBOX_CARDS.approved, { expMonth: '13' })),
      400,
      'VALIDATION_FAILED',
      'The exp month must be between 01 and 12',
    );
    await expectRefused(
      () => initiate(who, hash, card(SANDBOX_CARDS.approved, { cvc: '12' })),
      400,
      'VALIDATION_FAILED',
      'The cvc must be between 3 and 4 digits',
    );
    await expectRefused(
      () => initiate(who, hash, card(SANDBOX_CARDS.approved, { expYear: '2030' })),
      400,
      'VALIDATION_FAILED',
      'The exp year must be 2 digits',
    );
    const good = await initiate(who, hash, card(SANDBOX_CARDS.approved));
    expect(good.status).toBe(200);
    expect(await balanceOf(t, who.wallets.AED!)).toBe(10_000n);
    await expectLedgerInvariants(t);
  });

  it("refuses someone else's hash, an unknown one and an expired one", async () => {
    // Proves lockQuote's refusals reach the deposit: 422 and nothing written.
    const who = await person();
    const other = await person();
    const hash = await quoteHash(who, 10_000);
    await expectRefused(() => initiate(other, hash, card(SANDBOX_CARDS.approved)), 422, 'QUOTE_INVALID');
    await expectRefused(() => initiate(who, 'no-such-hash', card(SANDBOX_CARDS.approved)), 422, 'QUOTE_INVALID');
    await sql`UPDATE quotes SET expires_at = now() - interval '1 second' WHERE user_id = ${who.id}`.execute(t.deps.db);
    await expectRefused(() => initiate(who, hash, card(SANDBOX_CARDS.approved)), 422, 'QUOTE_INVALID');
    await expectLedgerInvariants(t);
  });

  it('keeps the full card number and the CVC out of every table it writes', async () => {
    // Proves DECISIONS 19 and ARCHITECTURE 5 over everything the scenarios above wrote, plus
    // a challenge: only the masked number exists; no value and no JSON key holds the CVC.
    const who = await person();
    await initiate(who, await quoteHash(who, 10_000), card(SANDBOX_CARDS.challenge));
    const numbers = Object.values(SANDBOX_CARDS);
    for (const table of ['transactions', 'card_payments', 'quotes', 'notifications', 'transaction_charges', 'ledger_entries'] as const) {
      const rows = await t.deps.db.selectFrom(table).selectAll().execute();
      expect(rows.length, table).toBeGreaterThan(0);
      for (const row of rows) {
        const text = JSON.stringify(row, (_key, value: unknown) => (typeof value === 'bigint' ? value.toString() : value));
        for (const number of numbers) expect(text, table).not.toContain(number);
        // Keys, not the row's text: a random token (a 3-D Secure URL) may spell 'cvc' by chance.
        for (const key of keysOf(row)) expect(key, table).not.toMatch(/cvc|cvv|security_?code/i);
        for (const value of leafValues(row)) expect(value, table).not.toBe(CVC);
      }
    }
    const masked = await t.deps.db.selectFrom('transactions').select('card_number').where('card_number', 'is not', null).execute();
    expect(masked.every((row) => /^\d{6}\*{6}\d{4}$/.test(row.card_number ?? ''))).toBe(true);
    await expectLedgerInvariants(t);
  });
});

/** Every key inside a row, at any depth, JSON columns included. */
function keysOf(value: unknown): string[] {
  if (typeof value === 'string' && (value.startsWith('{') || value.startsWith('['))) {
    try {
      return keysOf(JSON.parse(value));
    } catch {
      return [];
    }
  }
  if (value === null || typeof value !== 'object' || value instanceof Date) return [];
  return Object.entries(value as Record<string, unknown>).flatMap(([key, inner]) => [key, ...keysOf(inner)]);
}

/** Every scalar inside a row, JSON columns included, as a string. */
function leafValues(value: unknown): string[] {
  if (value === null || value === undefined) return [];
  if (value instanceof Date) return [value.toISOString()];
  if (typeof value === 'string') {
    if (value.startsWith('{') || value.startsWith('[')) {
      try {
        return leafValues(JSON.parse(value));
      } catch {
        return [value];
      }
    }
    return [value];
  }
  if (typeof value === 'object') return Object.values(value as Record<string, unknown>).flatMap(leafValues);
  return [String(value)];
}
