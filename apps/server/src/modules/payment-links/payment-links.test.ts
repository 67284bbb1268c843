// The payment-link calls (spec 3 sections 2.1, 3-5, 7): the form's options (allowed currencies,
// the schemes of a currency and channel, every scheme), creating a link with the spec's
// validation messages, the list with its filters and pages, the status toggle (refused once
// expired), a link's transactions with totals (real payments through chargeCard) and its
// attempts with an attempt's log. Every call refuses another merchant's ids and a staff member
// without the feature, and a refusal writes nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addNewPaymentLinkCall,
  getAllowedCurrenciesCall,
  getAllowedPaymentMethodsCall,
  getPaymentLinkInfoCall,
  getPaymentlinkAttemptsCall,
  getPaymentlinkTransactionsCall,
  getPaymentMethodsCall,
  updatePaymentLinkCall,
  type TAddNewPaymentLinkRequest,
} from '@paywallet/contract';
import { countRows, createTestApp, fieldErrors, type TestApp } from '../../test/harness.ts';
import { giveMerchantFees } from '../../test/merchant-fees.ts';
import { createTestMerchant, type TestMerchant } from '../../test/merchant.ts';
import { createTestPerson, expectLedgerInvariants, type TestPerson } from '../../test/money.ts';
import { logAttemptStep, openAttempt } from '../merchant-payments/attempts.service.ts';
import { chargeCard, checkPaymentCard } from '../merchant-payments/merchant-payments.service.ts';
import { insertPaymentLink } from './payment-links.service.ts';

let t: TestApp;
let shop: TestMerchant;
let rival: TestMerchant;
let consumer: TestPerson;
let ids: { AED: number; USD: number; EUR: number; VISA: number; MASTERCARD: number; AMEX: number };

const WRITES = ['payment_links', 'payment_link_schemes', 'audit_log'] as const;

const online = (merchant: TestMerchant, store = 0) => merchant.stores[store]!.terminals[0]!.channels.find((c) => c.type === 'online')!;
const pos = (merchant: TestMerchant) => merchant.stores[0]!.terminals[0]!.channels.find((c) => c.type === 'pos')!;

function payload(extra: Partial<TAddNewPaymentLinkRequest> = {}): TAddNewPaymentLinkRequest {
  return {
    currencyId: ids.AED,
    channelId: Number(online(shop).id),
    schemaIds: [ids.VISA, ids.MASTERCARD],
    amount: 12_550,
    type: 1,
    expiresIndays: 1,
    expiresInhours: 2,
    expiresInminutes: 3,
    redirectUrl: 'https://shop.example.com/done',
    callbackUrl: 'https://shop.example.com/hook',
    receiptNo: 'R-100',
    email: 'Buyer@Example.com',
    phone: '+971501234567',
    description: 'Two bags of beans',
    ...extra,
  };
}

async function create(who: { token: string }, extra: Partial<TAddNewPaymentLinkRequest> = {}) {
  const answer = await t.call(addNewPaymentLinkCall, payload(extra), { token: who.token });
  expect(answer.status, answer.message).toBe(200);
  return answer.data;
}

beforeAll(async () => {
  t = await createTestApp({ publicUrl: 'https://pay.example.com' }, { demo: false });
  shop = await createTestMerchant(t, {
    currencies: ['AED', 'USD'],
    stores: [
      { terminals: [{ channels: [{ type: 'online' }, { type: 'pos' }] }] },
      { name: 'Draft', status: 4, terminals: [{ channels: [{ type: 'online' }] }] },
    ],
    staff: [{ features: ['payment-link'] }, { features: ['transactions', 'deposit-money'] }],
  });
  rival = await createTestMerchant(t);
  consumer = await createTestPerson(t, { currencies: ['AED'] });
  await giveMerchantFees(t, shop.id);
  await giveMerchantFees(t, rival.id);
  const currencies = await t.deps.db.selectFrom('currencies').select(['id', 'code']).execute();
  const methods = await t.deps.db.selectFrom('payment_methods').select(['id', 'code']).where('type', '=', 'CARD_SCHEME').execute();
  const currency = (code: string) => currencies.find((c) => c.code.trim() === code)!.id;
  const method = (code: string) => methods.find((m) => m.code === code)!.id;
  ids = {
    AED: currency('AED'),
    USD: currency('USD'),
    EUR: currency('EUR'),
    VISA: method('VISA'),
    MASTERCARD: method('MASTERCARD'),
    AMEX: method('AMEX'),
  };
});
afterAll(async () => {
  await expectLedgerInvariants(t);
  await t.close();
});

describe('get-allowed-currencies, get-allowed-payment-methods, get-payment-methods', () => {
  it('answers the currencies of the merchant’s fee schedule', async () => {
    const answer = await t.call(getAllowedCurrenciesCall, { type: 'PAYMENT_LINK' }, { token: shop.token });
    expect(answer.status).toBe(200);
    expect(answer.data.map((c) => c.code).sort()).toEqual(['AED', 'USD']);
    const bare = await createTestMerchant(t);
    expect((await t.call(getAllowedCurrenciesCall, { type: 'PAYMENT_LINK' }, { token: bare.token })).data).toEqual([]);
    const bad = await t.post(getAllowedCurrenciesCall.path, { type: 'DEPOSIT' }, { token: shop.token });
    expect({ status: bad.status, errors: fieldErrors(bad) }).toEqual({ status: 400, errors: { type: 'The selected type is invalid' } });
  });

  it('answers the schemes with a fee for the currency on the merchant’s online channel of an Active store', async () => {
    const body = { type: 'PAYMENT_LINK' as const, currencyId: ids.AED, channelId: Number(online(shop).id) };
    const answer = await t.call(getAllowedPaymentMethodsCall, body, { token: shop.token });
    expect(answer.status).toBe(200);
    expect(answer.data).toEqual([
      { id: ids.VISA, name: 'Visa', code: 'VISA', currency_payment_method: [] },
      { id: ids.MASTERCARD, name: 'Mastercard', code: 'MASTERCARD', currency_payment_method: [] },
    ]);
    for (const [change, reason, status] of [
      [{ channelId: Number(online(rival).id) }, 'CHANNEL_NOT_FOUND', 404],
      [{ channelId: Number(pos(shop).id) }, 'CHANNEL_TYPE_MISMATCH', 422],
      [{ channelId: Number(online(shop, 1).id) }, 'STORE_NOT_ACTIVE', 422],
      [{ currencyId: ids.EUR }, 'PAYMENT_LINK_CURRENCY_NOT_ALLOWED', 422],
    ] as const) {
      const refused = await t.call(getAllowedPaymentMethodsCall, { ...body, ...change }, { token: shop.token });
      expect({ status: refused.status, reason: refused.reason }).toEqual({ status, reason });
    }
    const noChannel = await t.post(getAllowedPaymentMethodsCall.path, { type: 'PAYMENT_LINK', currencyId: ids.AED }, { token: shop.token });
    expect(fieldErrors(noChannel)).toEqual({ channelId: 'The channel field is required' });
  });

  it('keeps the deposit methods on the same path, each type behind its own feature', async () => {
    const deposit = await t.call(getAllowedPaymentMethodsCall, { type: 'DEPOSIT', currencyId: ids.AED }, { token: consumer.token });
    expect(deposit.status).toBe(200);
    expect(deposit.data.map((m) => m.code)).toContain('CARD');
    const linkAsConsumer = await t.call(
      getAllowedPaymentMethodsCall,
      { type: 'PAYMENT_LINK', currencyId: ids.AED, channelId: Number(online(shop).id) },
      { token: consumer.token },
    );
    expect({ status: linkAsConsumer.status, reason: linkAsConsumer.reason }).toEqual({ status: 403, reason: 'AUDIENCE_NOT_ALLOWED' });
    const [linkStaff, otherStaff] = shop.staff;
    const body = { type: 'PAYMENT_LINK' as const, currencyId: ids.AED, channelId: Number(online(shop).id) };
    expect((await t.call(getAllowedPaymentMethodsCall, body, { token: linkStaff!.token })).status).toBe(200);
    expect((await t.call(getAllowedPaymentMethodsCall, body, { token: otherStaff!.token })).reason).toBe('FEATURE_NOT_GRANTED');
    expect((await t.call(getAllowedPaymentMethodsCall, { type: 'DEPOSIT', currencyId: ids.AED }, { token: linkStaff!.token })).reason).toBe(
      'FEATURE_NOT_GRANTED',
    );
    expect(
      (await t.call(getAllowedPaymentMethodsCall, { type: 'DEPOSIT', currencyId: ids.AED }, { token: otherStaff!.token })).status,
    ).toBe(200);
  });

  it('lists every card scheme of the platform', async () => {
    const answer = await t.call(getPaymentMethodsCall, { type: 'PAYMENT_LINK' }, { token: shop.token });
    expect(answer.data.map((m) => m.code)).toEqual(['VISA', 'MASTERCARD', 'AMEX']);
  });
});

describe('add-new-payment-link', () => {
  it('creates an Active link with its token, payment_url, lifetime in seconds and schemes, audited', async () => {
    const before = await countRows(t, ['audit_log']);
    const link = await create(shop);
    expect(link).toEqual({
      id: expect.any(Number),
      token: expect.stringMatching(/^[A-Za-z0-9_-]{32}$/),
      transactions_count: 0,
      channel: { id: Number(online(shop).id), name: online(shop).name, code: expect.any(String) },
      store: { name: 'Store 1' },
      amount: 12_550,
      type: 1,
      currency: { code: 'AED' },
      schemas: [
        { id: ids.VISA, name: 'Visa' },
        { id: ids.MASTERCARD, name: 'Mastercard' },
      ],
      status: 1,
      status_str: 'Active',
      paid: false,
      exipres_in: 86_400 + 2 * 3_600 + 3 * 60,
      expires_at: expect.any(String),
      expired: false,
      created_at: expect.any(String),
      callback_url: 'https://shop.example.com/hook',
      redirect_url: 'https://shop.example.com/done',
      payment_url: `https://pay.example.com/pay/${link.token}`,
      receipt_no: 'R-100',
      email: 'buyer@example.com',
      phone: '+971501234567',
      description: 'Two bags of beans',
      added_by: Number(shop.id),
      added_by_user: { email: shop.email, first_name: 'Merchant', last_name: expect.any(String) },
      user_id: Number(shop.id),
    });
    expect(new Date(link.expires_at!).getTime() - new Date(link.created_at).getTime()).toBe(93_780_000);
    expect((await countRows(t, ['audit_log'])).audit_log).toBe(before.audit_log + 1);
    const row = await t.deps.db
      .selectFrom('audit_log')
      .select(['action', 'subject_type', 'subject_id'])
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ action: 'payment-link.add', subject_type: 'payment_link', subject_id: String(link.id) });
  });

  it('reads an empty lifetime as no expiry and empty optional fields as absent', async () => {
    const link = await create(shop, {
      expiresIndays: undefined,
      expiresInhours: 0,
      expiresInminutes: undefined,
      redirectUrl: '',
      callbackUrl: undefined,
      receiptNo: '',
      email: '',
      phone: '',
      description: undefined,
      type: 0,
    });
    expect(link).toMatchObject({
      exipres_in: null,
      expires_at: null,
      type: 0,
      redirect_url: null,
      callback_url: null,
      email: null,
      phone: null,
      description: null,
    });
  });

  it('refuses bad input with the spec’s messages and writes nothing', async () => {
    const before = await countRows(t, WRITES);
    const cases: Array<[Record<string, unknown>, Record<string, string>]> = [
      [{ schemaIds: [] }, { schemaIds: 'The Schema field is required' }],
      [{ schemaIds: undefined }, { schemaIds: 'The Schema field is required' }],
      [{ type: undefined }, { type: 'The type field is required' }],
      [{ type: 3 }, { type: 'The selected type is invalid' }],
      [
        { currencyId: undefined, channelId: undefined },
        { currencyId: 'The currency field is required', channelId: 'The channel field is required' },
      ],
      [{ amount: undefined }, { amount: 'The amount field is required' }],
      [{ amount: '12a' }, { amount: 'Only numeric characters are allowed' }],
      [{ redirectUrl: 'not a url' }, { redirectUrl: 'The URL format is invalid' }],
      [{ email: 'nobody' }, { email: 'The email must be a valid email address' }],
      [{ phone: '12ab' }, { phone: 'Only numeric characters are allowed' }],
      [{ expiresInhours: 24 }, { expiresInhours: 'The expires in hours must be between 0 and 23' }],
    ];
    for (const [change, errors] of cases) {
      const answer = await t.post(addNewPaymentLinkCall.path, { ...payload(), ...change }, { token: shop.token });
      expect(answer.status).toBe(400);
      expect(fieldErrors(answer)).toEqual(errors);
    }
    const refusals: Array<[Partial<TAddNewPaymentLinkRequest>, string, string]> = [
      [{ schemaIds: [ids.VISA, ids.AMEX] }, 'PAYMENT_LINK_SCHEME_NOT_ALLOWED', 'schemaIds'],
      [{ channelId: Number(online(rival).id) }, 'CHANNEL_NOT_FOUND', 'channelId'],
      [{ channelId: Number(pos(shop).id) }, 'CHANNEL_TYPE_MISMATCH', 'channelId'],
      [{ channelId: Number(online(shop, 1).id) }, 'STORE_NOT_ACTIVE', 'channelId'],
      [{ currencyId: ids.EUR }, 'PAYMENT_LINK_CURRENCY_NOT_ALLOWED', 'currencyId'],
    ];
    for (const [change, reason, field] of refusals) {
      const answer = await t.call(addNewPaymentLinkCall, payload(change), { token: shop.token });
      expect(answer.reason).toBe(reason);
      expect(Object.keys(fieldErrors(answer))).toEqual([field]);
    }
    expect(await countRows(t, WRITES)).toEqual(before);
  });

  it('lets staff granted the feature create links for the merchant, added by themselves', async () => {
    const link = await create(shop.staff[0]!);
    expect(link.user_id).toBe(Number(shop.id));
    expect(link.added_by).toBe(Number(shop.staff[0]!.id));
    expect(link.added_by_user.email).toBe(shop.staff[0]!.email);
  });
});

describe('get-payment-link-info', () => {
  let mine: { id: number; token: string }[];
  beforeAll(async () => {
    // A merchant of its own, so the list's contents are exactly these links.
    const own = await createTestMerchant(t);
    await giveMerchantFees(t, own.id);
    const aedId = ids.AED;
    const base = {
      merchantUserId: own.id,
      channelId: online(own).id,
      currencyId: aedId,
      amount: 1_000n,
      type: 1 as const,
      status: 1,
      exipresIn: null,
      redirectUrl: null,
      callbackUrl: null,
      receiptNo: null,
      email: null,
      phone: null,
      addedBy: own.id,
      schemeIds: [ids.VISA],
    };
    mine = [];
    for (const [day, description] of [
      ['2026-03-01T00:00:00Z', 'March 1st 100% beans'],
      ['2026-03-02T23:59:59Z', 'March 2nd'],
      ['2026-03-03T12:00:00Z', 'March 3rd'],
    ] as const) {
      const link = await insertPaymentLink(t.deps.db, { ...base, description, createdAt: new Date(day) });
      mine.push({ id: Number(link.id), token: link.token });
    }
    shopOwn = own;
  });
  let shopOwn: TestMerchant;

  const list = async (body: Record<string, unknown>) => {
    const answer = await t.call(getPaymentLinkInfoCall, body, { token: shopOwn.token });
    expect(answer.status, answer.message).toBe(200);
    return answer.data;
  };

  it('lists the merchant’s links newest first, paged, and none of another merchant’s', async () => {
    const all = await list({});
    expect(all.data.map((row) => row.id)).toEqual([mine[2]!.id, mine[1]!.id, mine[0]!.id]);
    expect(all.paginationData).toEqual({ total: 3, perPage: 10, currentPage: 1 });
    const second = await list({ page: 2, perPage: 2 });
    expect(second.data.map((row) => row.id)).toEqual([mine[0]!.id]);
    expect(second.paginationData).toEqual({ total: 3, perPage: 2, currentPage: 2 });
    const rivals = await t.call(getPaymentLinkInfoCall, {}, { token: rival.token });
    expect(rivals.data.data.map((row) => row.id)).not.toContain(mine[0]!.id);
  });

  it('filters by GMT day range, search and token; another merchant’s token finds nothing', async () => {
    expect((await list({ fromDate: '2026-03-01', toDate: '2026-03-02' })).data.map((row) => row.id)).toEqual([mine[1]!.id, mine[0]!.id]);
    expect((await list({ fromDate: '2026-03-03' })).data.map((row) => row.id)).toEqual([mine[2]!.id]);
    expect((await list({ search: '100%' })).data.map((row) => row.id)).toEqual([mine[0]!.id]);
    expect((await list({ search: 'march' })).paginationData.total).toBe(3);
    expect((await list({ paymentLinkToken: mine[1]!.token })).data.map((row) => row.id)).toEqual([mine[1]!.id]);
    const foreign = await create(rival, { channelId: Number(online(rival).id) });
    expect((await list({ paymentLinkToken: foreign.token })).data).toEqual([]);
    const reversed = await t.call(getPaymentLinkInfoCall, { fromDate: '2026-03-05', toDate: '2026-03-01' }, { token: shopOwn.token });
    expect(fieldErrors(reversed)).toEqual({ toDate: 'The to date must be a date after or equal to from date' });
  });
});

describe('update-payment-link', () => {
  it('switches Active and Inactive and answers status_str, audited', async () => {
    const link = await create(shop);
    const off = await t.call(updatePaymentLinkCall, { paymentLinkId: link.id, status: 2 }, { token: shop.token });
    expect(off.data).toEqual({ id: link.id, status: 2, status_str: 'Inactive' });
    const on = await t.call(updatePaymentLinkCall, { paymentLinkId: link.id, status: 1 }, { token: shop.token });
    expect(on.data).toEqual({ id: link.id, status: 1, status_str: 'Active' });
    const audit = await t.deps.db
      .selectFrom('audit_log')
      .select(['action', 'subject_id'])
      .where('action', '=', 'payment-link.update')
      .execute();
    expect(audit.filter((row) => row.subject_id === String(link.id))).toHaveLength(2);
  });

  it('refuses an expired link, another merchant’s link and a status other than 1 or 2, changing nothing', async () => {
    const expired = await insertPaymentLink(t.deps.db, {
      merchantUserId: shop.id,
      channelId: online(shop).id,
      currencyId: ids.AED,
      amount: 500n,
      type: 0,
      status: 1,
      exipresIn: 60,
      redirectUrl: null,
      callbackUrl: null,
      receiptNo: null,
      email: null,
      phone: null,
      description: null,
      addedBy: shop.id,
      schemeIds: [ids.VISA],
      createdAt: new Date(Date.now() - 61_000),
    });
    const foreign = await create(rival, { channelId: Number(online(rival).id) });
    const before = await countRows(t, WRITES);
    const refusedExpired = await t.call(updatePaymentLinkCall, { paymentLinkId: Number(expired.id), status: 2 }, { token: shop.token });
    expect({ status: refusedExpired.status, reason: refusedExpired.reason }).toEqual({ status: 409, reason: 'PAYMENT_LINK_EXPIRED' });
    const refusedForeign = await t.call(updatePaymentLinkCall, { paymentLinkId: foreign.id, status: 2 }, { token: shop.token });
    expect({ status: refusedForeign.status, reason: refusedForeign.reason }).toEqual({ status: 404, reason: 'PAYMENT_LINK_NOT_FOUND' });
    const badStatus = await t.post(updatePaymentLinkCall.path, { paymentLinkId: foreign.id, status: 3 }, { token: rival.token });
    expect(fieldErrors(badStatus)).toEqual({ status: 'The selected status is invalid' });
    expect(await countRows(t, WRITES)).toEqual(before);
    const rows = await t.deps.db
      .selectFrom('payment_links')
      .select(['id', 'status'])
      .where('id', 'in', [expired.id, BigInt(foreign.id)])
      .execute();
    expect(rows.every((row) => row.status === 1)).toBe(true);
  });
});

/** A card payment through the link as the checkout makes it: an attempt, its log, then chargeCard. */
async function payThrough(link: { id: number; token: string; amount: number }, number: string, name: string) {
  const attempt = await openAttempt(t.deps.db, {
    merchantUserId: shop.id,
    paymentLinkId: BigInt(link.id),
    paymentToken: link.token,
    ip: '203.0.113.7',
    message: 'Payment page opened',
    data: { page: 'checkout' },
  });
  await logAttemptStep(t.deps.db, { attemptId: attempt.attemptId, message: 'Details submitted', ip: '203.0.113.7', data: { name } });
  const payment = await chargeCard(t.deps, {
    merchantUserId: shop.id,
    channelId: online(shop).id,
    kind: 'link',
    currency: 'AED',
    amountMinor: BigInt(link.amount),
    card: checkPaymentCard({ holderName: name, number, expMonth: 12, expYear: new Date().getFullYear() + 2, cvc: '123' }),
    customer: { name, email: `${name.split(' ')[0]!.toLowerCase()}@example.com` },
    capture: 'automatic',
    attemptId: attempt.attemptId,
    ip: '203.0.113.7',
    allowedSchemeIds: [ids.VISA, ids.MASTERCARD],
    paymentLinkId: BigInt(link.id),
  });
  return { attempt, payment };
}

describe('get-paymentlink-transactions and get-paymentlink-attempts', () => {
  it('lists the payments through a link with totals of the successful ones, and its attempts with their logs', async () => {
    const link = await create(shop, { amount: 10_000 });
    const pay = (number: string, name: string) => payThrough(link, number, name);
    const paid = await pay('4242424242424242', 'Lina Khoury');
    const declined = await pay('4000000000000002', 'Ziad Aziz');
    expect(paid.payment.status).toBe('succeeded');
    expect(declined.payment.status).toBe('failed');

    const answer = await t.call(getPaymentlinkTransactionsCall, { paymentLinkId: link.id }, { token: shop.token });
    expect(answer.status, answer.message).toBe(200);
    const view = answer.data;
    expect(view).toMatchObject({
      id: link.id,
      token: link.token,
      exipres_in: link.exipres_in,
      status_str: 'Active',
      payment_url: link.payment_url,
      type: 1,
      amount: 10_000,
      currency: { code: 'AED' },
      transactions_count: 2,
    });
    expect(view.transactions.map((row) => [row.uuid, row.status_str, row.customer.name])).toEqual([
      [declined.payment.uuid, expect.any(String), 'Ziad Aziz'],
      [paid.payment.uuid, expect.any(String), 'Lina Khoury'],
    ]);
    // A failure reason is spelt as the transaction's (DECISIONS 34), and only a failed payment has one.
    expect(view.transactions[0]).toMatchObject({ status: 2, failureReason: { reason: 'The card was declined.' } });
    const success = view.transactions[1]!;
    expect(success).toMatchObject({
      failureReason: null,
      amount: 10_000,
      fee: Number(paid.payment.feeMinor),
      vat: Number(paid.payment.vatMinor),
      customer: { email: 'lina@example.com' },
    });
    expect(view.totals).toEqual({ amount: 10_000, vat: success.vat, fee: success.fee, subtotal: success.total_amount });

    const list = await t.call(getPaymentLinkInfoCall, { paymentLinkToken: link.token }, { token: shop.token });
    expect(list.data.data[0]!.transactions_count).toBe(2);

    const attempts = await t.call(getPaymentlinkAttemptsCall, { paymentLinkId: link.id }, { token: shop.token });
    expect(attempts.data.log).toBeNull();
    expect(attempts.data.attempts.map((a) => a.uuid)).toEqual([declined.attempt.uuid, paid.attempt.uuid]);
    expect(attempts.data.attempts[0]).toEqual({
      id: expect.any(Number),
      uuid: declined.attempt.uuid,
      ip: '203.0.113.7',
      created_at: expect.any(String),
    });

    const detail = await t.call(
      getPaymentlinkAttemptsCall,
      { paymentLinkId: link.id, attemptId: paid.attempt.uuid },
      { token: shop.token },
    );
    const log = detail.data.log!;
    expect(log).toMatchObject({
      uuid: paid.attempt.uuid,
      message: 'Payment page opened',
      ip: '203.0.113.7',
      payment_token: link.token,
      data: { page: 'checkout' },
    });
    expect(log.logs[0]).toMatchObject({ message: 'Details submitted', data: { name: 'Lina Khoury' } });
    expect(log.logs.length).toBeGreaterThan(1);
  });

  it('marks a single-use link paid after its one successful payment, not before, not after a decline, never a multiple-use link', async () => {
    const paidOf = async (link: { id: number; token: string }) => {
      const list = await t.call(getPaymentLinkInfoCall, { paymentLinkToken: link.token }, { token: shop.token });
      const view = await t.call(getPaymentlinkTransactionsCall, { paymentLinkId: link.id }, { token: shop.token });
      expect(view.status, view.message).toBe(200);
      // The list and the view say the same thing.
      expect(list.data.data[0]!.paid).toBe(view.data.paid);
      return view.data.paid;
    };
    const single = await create(shop, { amount: 2_500, type: 0 });
    expect(single.paid).toBe(false);
    expect(await paidOf(single)).toBe(false);
    const declined = await payThrough(single, '4000000000000002', 'Ziad Aziz');
    expect(declined.payment.status).toBe('failed');
    expect(await paidOf(single)).toBe(false);
    const succeeded = await payThrough(single, '4242424242424242', 'Lina Khoury');
    expect(succeeded.payment.status).toBe('succeeded');
    expect(await paidOf(single)).toBe(true);
    // The status is left as it was: "Paid" is derived, the spec's statuses are 1 and 2 only.
    const list = await t.call(getPaymentLinkInfoCall, { paymentLinkToken: single.token }, { token: shop.token });
    expect(list.data.data[0]).toMatchObject({ paid: true, status: 1, status_str: 'Active' });

    const onlyDeclined = await create(shop, { amount: 2_500, type: 0 });
    await payThrough(onlyDeclined, '4000000000000002', 'Ziad Aziz');
    expect(await paidOf(onlyDeclined)).toBe(false);

    const multiple = await create(shop, { amount: 2_500, type: 1 });
    await payThrough(multiple, '4242424242424242', 'Lina Khoury');
    await payThrough(multiple, '4242424242424242', 'Omar Said');
    expect(await paidOf(multiple)).toBe(false);
    await expectLedgerInvariants(t);
  });

  it('refuses another merchant’s link, and an attempt of another link', async () => {
    const foreign = await create(rival, { channelId: Number(online(rival).id) });
    const mine = await create(shop);
    const other = await create(shop);
    const otherAttempt = await openAttempt(t.deps.db, {
      merchantUserId: shop.id,
      paymentLinkId: BigInt(other.id),
      paymentToken: other.token,
      ip: '203.0.113.8',
      message: 'Payment page opened',
    });
    for (const answer of [
      await t.call(getPaymentlinkTransactionsCall, { paymentLinkId: foreign.id }, { token: shop.token }),
      await t.call(getPaymentlinkAttemptsCall, { paymentLinkId: foreign.id }, { token: shop.token }),
    ]) {
      expect({ status: answer.status, reason: answer.reason, data: answer.data }).toEqual({
        status: 404,
        reason: 'PAYMENT_LINK_NOT_FOUND',
        data: null,
      });
    }
    const wrongLink = await t.call(
      getPaymentlinkAttemptsCall,
      { paymentLinkId: mine.id, attemptId: otherAttempt.uuid },
      { token: shop.token },
    );
    expect({ status: wrongLink.status, reason: wrongLink.reason }).toEqual({ status: 404, reason: 'ATTEMPT_NOT_FOUND' });
    const viaRival = await t.call(
      getPaymentlinkAttemptsCall,
      { paymentLinkId: other.id, attemptId: otherAttempt.uuid },
      { token: rival.token },
    );
    expect(viaRival.reason).toBe('PAYMENT_LINK_NOT_FOUND');
  });
});

describe('the payment-link feature', () => {
  it('refuses every call to staff without it, and to consumers', async () => {
    const link = await create(shop);
    const staff = shop.staff[1]!;
    const calls = [
      () => t.call(getAllowedCurrenciesCall, { type: 'PAYMENT_LINK' }, { token: staff.token }),
      () => t.call(getPaymentMethodsCall, { type: 'PAYMENT_LINK' }, { token: staff.token }),
      () => t.call(addNewPaymentLinkCall, payload(), { token: staff.token }),
      () => t.call(getPaymentLinkInfoCall, {}, { token: staff.token }),
      () => t.call(updatePaymentLinkCall, { paymentLinkId: link.id, status: 2 }, { token: staff.token }),
      () => t.call(getPaymentlinkTransactionsCall, { paymentLinkId: link.id }, { token: staff.token }),
      () => t.call(getPaymentlinkAttemptsCall, { paymentLinkId: link.id }, { token: staff.token }),
    ];
    const before = await countRows(t, WRITES);
    for (const make of calls) {
      const answer = await make();
      expect({ status: answer.status, reason: answer.reason }).toEqual({ status: 403, reason: 'FEATURE_NOT_GRANTED' });
    }
    const asConsumer = await t.call(getPaymentLinkInfoCall, {}, { token: consumer.token });
    expect(asConsumer.reason).toBe('AUDIENCE_NOT_ALLOWED');
    expect(await countRows(t, WRITES)).toEqual(before);
  });
});
