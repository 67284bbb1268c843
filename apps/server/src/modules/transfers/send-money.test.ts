// Send money through the real calls: verify the recipient, initiate (a priced quote), confirm
// (money moves once). Every scenario ends with the ledger invariants; every refusal shows that
// nothing was written.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { USER_STATUS, type TCallRequest } from '@paywallet/contract';
import { createTestApp, DEMO_CONSUMER, DEMO_MERCHANT, signIn, type TestApp } from '../../test/harness.ts';
import { balanceOf, countMoneyRows, createTestPerson, expectLedgerInvariants, fundWallet, type TestPerson } from '../../test/money.ts';
import { confirmSendMoneyCall, getWalletListCall, initiateSendMoneyCall, verifyEmailPhoneCall } from '@paywallet/contract';
import type { TErrorName } from '@paywallet/contract';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

async function initiate(
  payer: TestPerson,
  body: Partial<TCallRequest<typeof initiateSendMoneyCall>> & Pick<TCallRequest<typeof initiateSendMoneyCall>, 'emailOrPhone' | 'amount'>,
) {
  return t.call(initiateSendMoneyCall, { payerAccountId: Number(payer.wallets.AED), ...body }, { token: payer.token });
}

async function confirm(payer: TestPerson, hash: string, extra: Record<string, unknown> = {}) {
  return t.call(confirmSendMoneyCall, { transactionHash: hash, ...extra }, { token: payer.token });
}

/** Expects a refusal with this status and message, and that the call wrote nothing. */
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

describe('verify-email-phone', () => {
  let token: string;
  beforeAll(async () => {
    token = await signIn(t, DEMO_CONSUMER);
  });

  it('finds a user by e-mail in any case and by phone with or without +', async () => {
    // Proves the lookup forms the send-money entry screen accepts and the recipient card's
    // fields, told back no more than was typed (DECISIONS 26): found by e-mail, the phone is
    // masked; found by phone, the e-mail is masked (first character, bullets, the domain).
    const byEmail = {
      user: { first_name: 'Maya', last_name: 'Haddad', email: DEMO_MERCHANT.email, phone_number: '+•••67', avatar: null },
      msg: 'Recipient verified',
    };
    const byPhone = {
      user: { first_name: 'Maya', last_name: 'Haddad', email: 'm•••@demo.paywallet.local', phone_number: '+971501234567', avatar: null },
      msg: 'Recipient verified',
    };
    for (const [emailOrPhone, expected] of [
      ['  Merchant@Demo.PayWallet.local ', byEmail],
      ['+971501234567', byPhone],
      ['971501234567', byPhone],
      ['+971 50 123-4567', byPhone],
    ] as const) {
      const result = await t.call(verifyEmailPhoneCall, { emailOrPhone }, { token });
      expect(result.status, emailOrPhone).toBe(200);
      expect(result.data).toEqual(expected);
      expect(result.message).toBe('Recipient verified');
    }
    await expectLedgerInvariants(t);
  });

  it('tells a sender when nobody has that e-mail or phone, and refuses themselves', async () => {
    // Proves the 404 for unknown people (a local 0-prefixed form is not guessed) and the 422 for oneself.
    for (const emailOrPhone of ['nobody@example.com', '+971500000000', '0501234567', 'not a thing']) {
      const result = await t.call(verifyEmailPhoneCall, { emailOrPhone }, { token });
      expect({ status: result.status, message: result.message }, emailOrPhone).toEqual({
        status: 404,
        message: 'No user found with this email or phone.',
      });
    }
    for (const emailOrPhone of [DEMO_CONSUMER.email, '+971509876543']) {
      const result = await t.call(verifyEmailPhoneCall, { emailOrPhone }, { token });
      expect({ status: result.status, message: result.message }).toEqual({ status: 422, message: 'You cannot send money to yourself.' });
    }
    const empty = await t.call(verifyEmailPhoneCall, { emailOrPhone: ' ' }, { token });
    expect({ status: empty.status, message: empty.message }).toEqual({ status: 400, message: 'The email or phone field is required' });
    const anonymous = await t.call(verifyEmailPhoneCall, { emailOrPhone: DEMO_MERCHANT.email });
    expect(anonymous.status).toBe(401);
  });

  it('refuses a suspended account as a recipient', async () => {
    // Proves an account that may not take part in payments is named as such, not as unknown.
    const suspended = await createTestPerson(t);
    await t.deps.db.updateTable('users').set({ status: 3 }).where('id', '=', suspended.id).execute();
    const result = await t.call(verifyEmailPhoneCall, { emailOrPhone: suspended.email }, { token });
    expect({ status: result.status, message: result.message }).toEqual({
      status: 422,
      message: 'This account cannot take part in payments at the moment.',
    });
  });
});

describe('initiate-send-money', () => {
  it('prices a transfer with the charges paid by the payer', async () => {
    // Proves the seeded WALLET privilege (1% + 0, VAT 5%): 10000 -> fee 100, VAT 5, total 10105.
    const payer = await createTestPerson(t);
    const payee = await createTestPerson(t);
    await fundWallet(t, payer.wallets.AED!, 20_000n, 'AED');
    const before = await countMoneyRows(t);
    const quote = await initiate(payer, { emailOrPhone: payee.email, amount: 10_000 });
    expect(quote.status).toBe(200);
    expect(quote.data).toMatchObject({ amount: 10_000, fee: 100, vat: 5, totalAmount: 10_105, receiveAmount: 10_000, currency: 'AED' });
    expect(quote.data.hash.length).toBeGreaterThan(30);
    const lifeMs = new Date(quote.data.expiresAt).getTime() - Date.now();
    expect(lifeMs).toBeGreaterThan(9 * 60_000);
    expect(lifeMs).toBeLessThanOrEqual(10 * 60_000);
    // A quote and nothing else: no money has moved.
    expect(await countMoneyRows(t)).toEqual({ ...before, quotes: before.quotes + 1 });
    await expectLedgerInvariants(t);
  });

  it('prices a transfer with the charges deducted from the amount', async () => {
    // Proves the payer pays exactly the amount and the payee receives 10000 - 100 - 5.
    const payer = await createTestPerson(t);
    const payee = await createTestPerson(t);
    await fundWallet(t, payer.wallets.AED!, 10_000n, 'AED');
    const quote = await initiate(payer, { emailOrPhone: payee.phone, amount: 10_000, deductChargesFromTransactionAmount: 1 });
    expect(quote.data).toMatchObject({ amount: 10_000, fee: 100, vat: 5, totalAmount: 10_000, receiveAmount: 9_895 });
    await expectLedgerInvariants(t);
  });

  it('refuses every invalid transfer with its own message and writes nothing', async () => {
    // Proves wallet ownership, recipient, limit, balance and input checks, each with nothing written.
    const payer = await createTestPerson(t, { currencies: ['AED', 'GBP', 'SAR'] });
    const payee = await createTestPerson(t);
    const stranger = await createTestPerson(t);
    await fundWallet(t, payer.wallets.AED!, 100_000n, 'AED');
    const send = (body: Record<string, unknown>) => () => initiate(payer, { emailOrPhone: payee.email, amount: 1_000, ...body });
    await expectRefused(send({ payerAccountId: Number(stranger.wallets.AED) }), 404, 'WALLET_NOT_FOUND');
    await expectRefused(send({ payerAccountId: 999_999 }), 404, 'WALLET_NOT_FOUND');
    await expectRefused(send({ emailOrPhone: 'ghost@example.com' }), 404, 'RECIPIENT_NOT_FOUND');
    await expectRefused(send({ emailOrPhone: payer.email }), 422, 'SEND_TO_SELF');
    await expectRefused(send({ emailOrPhone: 'admin@demo.paywallet.local' }), 404, 'RECIPIENT_NOT_FOUND');
    await expectRefused(send({ emailOrPhone: 'not a phone' }), 404, 'RECIPIENT_NOT_FOUND');
    // The wallet is judged before the payee (both are read by one statement).
    await expectRefused(send({ payerAccountId: Number(stranger.wallets.AED), emailOrPhone: 'ghost@example.com' }), 404, 'WALLET_NOT_FOUND');
    await t.deps.db.updateTable('users').set({ status: USER_STATUS.SUSPENDED }).where('id', '=', stranger.id).execute();
    await expectRefused(send({ emailOrPhone: stranger.phone }), 422, 'RECIPIENT_INACTIVE');
    await expectRefused(send({ amount: 99 }), 422, 'AMOUNT_BELOW_MINIMUM', 'The minimum amount is AED 1.00');
    await expectRefused(send({ amount: 5_000_001 }), 422, 'AMOUNT_ABOVE_MAXIMUM', 'The maximum amount is AED 50,000.00');
    await expectRefused(send({ amount: 99_500 }), 422, 'INSUFFICIENT_FUNDS');
    // A non-numeric amount is named as such (the decAmount rule), a missing one as required.
    await expectRefused(send({ amount: 'abc' }), 400, 'VALIDATION_FAILED', 'Only numeric characters are allowed');
    await expectRefused(send({ amount: '' }), 400, 'VALIDATION_FAILED', 'The amount field is required');
    await expectRefused(send({ amount: 12.5 }), 400, 'VALIDATION_FAILED', 'The amount may have at most 2 decimal places');
    await expectRefused(send({ amount: 0 }), 400, 'VALIDATION_FAILED', 'The amount must be greater than 0');
    await expectRefused(send({ payerAccountId: Number(payer.wallets.GBP) }), 422, 'INSUFFICIENT_FUNDS');

    // Charges above the amount: GBP gets a fixed fee of 5.00 for this test.
    await setTransferCharges('GBP', { vp_fixed_minor: 500n });
    await fundWallet(t, payer.wallets.GBP!, 10_000n, 'GBP');
    await expectRefused(
      send({ payerAccountId: Number(payer.wallets.GBP), amount: 400, deductChargesFromTransactionAmount: 1 }),
      422,
      'CHARGES_EXCEED_AMOUNT',
    );
    const onTop = await initiate(payer, { emailOrPhone: payee.email, payerAccountId: Number(payer.wallets.GBP), amount: 400 });
    expect(onTop.data).toMatchObject({ fee: 504, vat: 25, totalAmount: 929, receiveAmount: 400, currency: 'GBP' });

    // A currency whose transfer method is switched off.
    await t.deps.db
      .updateTable('currency_payment_methods')
      .set({ active: false })
      .where('currency_id', '=', (eb) => eb.selectFrom('currencies').select('id').where('code', '=', 'SAR'))
      .execute();
    await fundWallet(t, payer.wallets.SAR!, 10_000n, 'SAR');
    await expectRefused(
      send({ payerAccountId: Number(payer.wallets.SAR) }),
      422,
      'TRANSFER_NOT_AVAILABLE',
      'Sending money in SAR is not available.',
    );

    // The merchant's rolling-reserve wallet neither sends nor receives payments.
    const reserve = await t.deps.db
      .insertInto('wallets')
      .values({ user_id: payer.id, currency_id: await currencyId('AED'), account_number: `RR${payer.id}`, is_default: 2 })
      .returning('id')
      .executeTakeFirstOrThrow();
    await expectRefused(send({ payerAccountId: Number(reserve.id) }), 422, 'RESERVE_WALLET_REFUSED');
    await expectLedgerInvariants(t);
  });

  it('counts what the payer entered today against the daily limit of AED 100,000.00, at initiate and at confirm', async () => {
    // Proves the daily limit counts the entered amount of earlier transfers in both charge modes, and is checked again at confirm.
    const payer = await createTestPerson(t);
    const payee = await createTestPerson(t);
    await fundWallet(t, payer.wallets.AED!, 20_000_000n, 'AED');
    for (const deduct of [0, 1]) {
      const quote = await initiate(payer, { emailOrPhone: payee.email, amount: 4_000_000, deductChargesFromTransactionAmount: deduct });
      expect((await confirm(payer, quote.data.hash)).status).toBe(200);
    }
    await expectRefused(
      () => initiate(payer, { emailOrPhone: payee.email, amount: 2_000_001 }),
      422,
      'DAILY_LIMIT_EXCEEDED',
      'This exceeds your daily limit of AED 100,000.00. You can still use AED 20,000.00 today.',
    );
    const exact = await initiate(payer, { emailOrPhone: payee.email, amount: 2_000_000, deductChargesFromTransactionAmount: 1 });
    expect(exact.status).toBe(200);
    // Two quotes priced against the same usage cannot both be confirmed past the limit.
    const first = await initiate(payer, { emailOrPhone: payee.email, amount: 1_500_000 });
    const second = await initiate(payer, { emailOrPhone: payee.email, amount: 1_500_000 });
    expect((await confirm(payer, first.data.hash)).status).toBe(200);
    await expectRefused(
      () => confirm(payer, second.data.hash),
      422,
      'DAILY_LIMIT_EXCEEDED',
      'This exceeds your daily limit of AED 100,000.00. You can still use AED 5,000.00 today.',
    );
    await expectLedgerInvariants(t);
  });
});

async function currencyId(code: string): Promise<number> {
  const row = await t.deps.db.selectFrom('currencies').select('id').where('code', '=', code).executeTakeFirstOrThrow();
  return row.id;
}

async function setTransferCharges(code: string, values: { vp_fixed_minor: bigint }) {
  const link = await t.deps.db
    .selectFrom('currency_payment_methods')
    .innerJoin('payment_methods', 'payment_methods.id', 'currency_payment_methods.payment_method_id')
    .select('currency_payment_methods.id')
    .where('payment_methods.code', '=', 'WALLET')
    .where('currency_payment_methods.currency_id', '=', await currencyId(code))
    .executeTakeFirstOrThrow();
  await t.deps.db.updateTable('privileges').set(values).where('currency_payment_method_id', '=', link.id).execute();
}

describe('confirm-send-money', () => {
  it('moves the money once, with charge rows, titles, a consumed quote and both parties told', async () => {
    // Proves payer -(A+F+V), payee +A, fees +F, VAT +V, written as one transaction of type 3.
    const payer = await createTestPerson(t, { firstName: 'Rana', lastName: 'Saleh' });
    const payee = await createTestPerson(t, { firstName: 'Karim', lastName: 'Aziz' });
    await fundWallet(t, payer.wallets.AED!, 20_000n, 'AED');
    const quote = await initiate(payer, { emailOrPhone: payee.email, amount: 10_000 });
    const confirmed = await confirm(payer, quote.data.hash);
    expect(confirmed.status).toBe(200);
    expect(confirmed.message).toBe('Your transaction has been completed successfully');
    const { transactionId } = confirmed.data;
    expect(await balanceOf(t, payer.wallets.AED!)).toBe(20_000n - 10_105n);
    expect(await balanceOf(t, payee.wallets.AED!)).toBe(10_000n);

    const row = await t.deps.db.selectFrom('transactions').selectAll().where('uuid', '=', transactionId).executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      transaction_type_id: 3,
      status: 1,
      amount: 10_000n,
      fee: 100n,
      vat: 5n,
      total_amount: 10_105n,
      sender_user_id: payer.id,
      sender_account_id: payer.wallets.AED,
      sender_account_title: 'Rana Saleh',
      receiver_user_id: payee.id,
      receiver_account_id: payee.wallets.AED,
      receiver_account_title: 'Karim Aziz',
      money_request_id: null,
    });
    expect(row.sender_account_number).toMatch(/^PW\d{12}$/);
    const charges = await t.deps.db
      .selectFrom('transaction_charges')
      .select(['name', 'type', 'charges'])
      .where('transaction_id', '=', row.id)
      .orderBy('id')
      .execute();
    expect(charges).toEqual([
      { name: 'Fee', type: 'fee', charges: 100n },
      { name: 'VAT', type: 'vat', charges: 5n },
    ]);
    const entries = await t.deps.db
      .selectFrom('ledger_entries')
      .select(['wallet_id', 'system_account', 'amount'])
      .where('transaction_id', '=', row.id)
      .orderBy('id')
      .execute();
    expect(entries).toEqual([
      { wallet_id: payer.wallets.AED, system_account: null, amount: -10_105n },
      { wallet_id: payee.wallets.AED, system_account: null, amount: 10_000n },
      { wallet_id: null, system_account: 'fees', amount: 100n },
      { wallet_id: null, system_account: 'vat', amount: 5n },
    ]);
    const quoteRow = await t.deps.db
      .selectFrom('quotes')
      .select(['consumed_at', 'transaction_id'])
      .where('user_id', '=', payer.id)
      .executeTakeFirstOrThrow();
    expect(quoteRow.transaction_id).toBe(row.id);
    expect(quoteRow.consumed_at).not.toBeNull();
    const notices = await t.deps.db
      .selectFrom('notifications')
      .select(['user_id', 'type', 'message'])
      .where('user_id', 'in', [payer.id, payee.id])
      .orderBy('id')
      .execute();
    expect(notices).toEqual([
      { user_id: payer.id, type: 'money-sent', message: 'You sent AED 100.00 to Karim Aziz.' },
      { user_id: payee.id, type: 'money-received', message: 'You received AED 100.00 from Rana Saleh.' },
    ]);
    await expectLedgerInvariants(t);
  });

  it('takes the charges out of the amount when asked', async () => {
    // Proves payer -A, payee +(A-F-V) with the same fee and VAT rows.
    const payer = await createTestPerson(t);
    const payee = await createTestPerson(t);
    await fundWallet(t, payer.wallets.AED!, 10_000n, 'AED');
    const quote = await initiate(payer, { emailOrPhone: payee.email, amount: 10_000, deductChargesFromTransactionAmount: 1 });
    expect((await confirm(payer, quote.data.hash)).status).toBe(200);
    expect(await balanceOf(t, payer.wallets.AED!)).toBe(0n);
    expect(await balanceOf(t, payee.wallets.AED!)).toBe(9_895n);
    await expectLedgerInvariants(t);
  });

  it('opens a wallet for a recipient who has none in the currency, the default if it is their first', async () => {
    // Proves the payee gets an ordinary USD wallet next to their AED default, and a default one when they had none.
    const payer = await createTestPerson(t, { currencies: ['AED', 'USD'] });
    const payee = await createTestPerson(t, { currencies: ['AED'] });
    const walletless = await createTestPerson(t, { currencies: [] });
    await fundWallet(t, payer.wallets.USD!, 50_000n, 'USD');
    for (const recipient of [payee, walletless]) {
      const quote = await initiate(payer, { emailOrPhone: recipient.email, amount: 10_000, payerAccountId: Number(payer.wallets.USD) });
      expect(quote.data.currency).toBe('USD');
      expect((await confirm(payer, quote.data.hash)).status).toBe(200);
    }
    const usdWallets = await t.deps.db
      .selectFrom('wallets')
      .select(['user_id', 'is_default', 'available_balance'])
      .where('user_id', 'in', [payee.id, walletless.id])
      .where('currency_id', '=', await currencyId('USD'))
      .orderBy('user_id')
      .execute();
    expect(usdWallets).toEqual([
      { user_id: payee.id, is_default: 0, available_balance: 10_000n },
      { user_id: walletless.id, is_default: 1, available_balance: 10_000n },
    ]);
    const payeeWallets = await t.call(getWalletListCall, {}, { token: payee.token });
    expect(payeeWallets.data.map((w) => [w.currency.code, w.is_default])).toEqual([
      ['AED', 1],
      ['USD', 0],
    ]);
    await expectLedgerInvariants(t);
  });

  it('answers a second confirm of the same hash with the same transaction and moves nothing', async () => {
    // Proves DECISIONS 4: the confirm is idempotent.
    const payer = await createTestPerson(t);
    const payee = await createTestPerson(t);
    await fundWallet(t, payer.wallets.AED!, 50_000n, 'AED');
    const quote = await initiate(payer, { emailOrPhone: payee.email, amount: 10_000 });
    const first = await confirm(payer, quote.data.hash);
    const before = await countMoneyRows(t);
    const second = await confirm(payer, quote.data.hash);
    expect(second.status).toBe(200);
    expect(second.data.transactionId).toBe(first.data.transactionId);
    expect(await countMoneyRows(t)).toEqual(before);
    expect(await balanceOf(t, payer.wallets.AED!)).toBe(50_000n - 10_105n);
    expect(await balanceOf(t, payee.wallets.AED!)).toBe(10_000n);
    await expectLedgerInvariants(t);
  });

  it('refuses an expired, a foreign, an unknown or a mismatched hash and writes nothing', async () => {
    // Proves only the payer's own unexpired quote can be confirmed.
    const payer = await createTestPerson(t);
    const payee = await createTestPerson(t);
    const other = await createTestPerson(t);
    await fundWallet(t, payer.wallets.AED!, 50_000n, 'AED');
    const expired = await initiate(payer, { emailOrPhone: payee.email, amount: 1_000 });
    await t.deps.db
      .updateTable('quotes')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('user_id', '=', payer.id)
      .execute();
    await expectRefused(() => confirm(payer, expired.data.hash), 422, 'QUOTE_INVALID');

    const fresh = await initiate(payer, { emailOrPhone: payee.email, amount: 1_000 });
    await expectRefused(() => confirm(other, fresh.data.hash), 422, 'QUOTE_INVALID');
    await expectRefused(() => confirm(payer, 'not-a-hash-we-ever-gave'), 422, 'QUOTE_INVALID');
    // A request named on confirm must exist and be asked of this payer (request-id-on-confirm.test.ts).
    await expectRefused(() => confirm(payer, fresh.data.hash, { request_id: 12345 }), 404, 'REQUEST_NOT_FOUND');
    await expectRefused(() => confirm(payer, ''), 400, 'VALIDATION_FAILED', 'The transaction hash field is required');
    // The payer's own fresh quote still goes through afterwards.
    expect((await confirm(payer, fresh.data.hash)).status).toBe(200);
    // 1% of 1000 is 10; VAT 5% of 10 is 0.5, rounded half up to 1.
    expect(await balanceOf(t, payer.wallets.AED!)).toBe(50_000n - 1_011n);
    await expectLedgerInvariants(t);
  });

  it('moves the money once when the same hash is confirmed ten times at once', async () => {
    // Proves the quote lock: ten parallel confirms, one transaction, every answer the same.
    const payer = await createTestPerson(t);
    const payee = await createTestPerson(t);
    await fundWallet(t, payer.wallets.AED!, 50_000n, 'AED');
    const quote = await initiate(payer, { emailOrPhone: payee.email, amount: 10_000 });
    const results = await Promise.all(Array.from({ length: 10 }, () => confirm(payer, quote.data.hash)));
    expect(results.map((r) => r.status)).toEqual(Array(10).fill(200));
    expect(new Set(results.map((r) => r.data.transactionId)).size).toBe(1);
    const transactions = await t.deps.db.selectFrom('transactions').select('id').where('sender_user_id', '=', payer.id).execute();
    expect(transactions).toHaveLength(1);
    expect(await balanceOf(t, payer.wallets.AED!)).toBe(50_000n - 10_105n);
    expect(await balanceOf(t, payee.wallets.AED!)).toBe(10_000n);
    await expectLedgerInvariants(t);
  });

  it('refuses a confirm the balance no longer covers, writes nothing and keeps the quote usable', async () => {
    // Proves the posting's own balance check: the wallet is drained between initiate and confirm.
    const payer = await createTestPerson(t);
    const payee = await createTestPerson(t);
    await fundWallet(t, payer.wallets.AED!, 10_105n, 'AED');
    const first = await initiate(payer, { emailOrPhone: payee.email, amount: 10_000 });
    const drain = await initiate(payer, { emailOrPhone: payee.email, amount: 10_105, deductChargesFromTransactionAmount: 1 });
    expect((await confirm(payer, drain.data.hash)).status).toBe(200);
    expect(await balanceOf(t, payer.wallets.AED!)).toBe(0n);
    await expectRefused(() => confirm(payer, first.data.hash), 422, 'INSUFFICIENT_FUNDS');
    const unconsumed = await t.deps.db
      .selectFrom('quotes')
      .select('consumed_at')
      .where('user_id', '=', payer.id)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    expect(unconsumed.consumed_at).toBeNull();
    await expectLedgerInvariants(t);
    // Once the money is there again, the same quote is confirmed.
    await fundWallet(t, payer.wallets.AED!, 10_105n, 'AED');
    expect((await confirm(payer, first.data.hash)).status).toBe(200);
    expect(await balanceOf(t, payer.wallets.AED!)).toBe(0n);
    await expectLedgerInvariants(t);
  });
});
