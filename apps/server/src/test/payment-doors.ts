// The three doors a customer pays a merchant through, for server tests that follow a payment
// whatever its door: a payment link through the hosted checkout (get-checkout, then
// pay-checkout), the merchant server API (POST /api/merchant/v1/payments with the merchant's
// Basic credentials, then capture, void and refunds), and a POS device signed in as the main
// account (POST /api/pos/v1/sale, pre-auth). Each answers the payment's transaction uuid and the
// door's own answer; the merchant needs an online and a POS channel and a fee schedule.
import { expect } from 'vitest';
import { getCheckoutCall, payCheckoutCall, type TCheckoutPayment } from '@paywallet/contract';
import { insertPaymentLink } from '../modules/payment-links/payment-links.service.ts';
import type { TestAnswer, TestApp } from './harness.ts';
import { apiCredentialsOf, type TestMerchant } from './merchant.ts';
import { createTestDevice, deviceToken, posApi } from './pos-device.ts';

const FUTURE_YEAR = new Date().getUTCFullYear() + 3;
export const DOOR_AMOUNT_MINOR = 10_000;

/** The merchant API's payment as a test reads it (the fields these tests look at). */
export interface ApiPaymentAnswer {
  status: number;
  body: { id: string; status: string; transactionId: string | null; nextAction: { redirectUrl: string } | null } & Record<string, unknown>;
}

export interface CheckoutPage {
  token: string;
  attemptUuid: string;
}

export interface PaymentDoors {
  /** A new reusable link (callback URL set), opened on the checkout page from `ip`. */
  openLink(ip?: string): Promise<CheckoutPage>;
  /** Pays the opened page: pay-checkout's answer, whatever it is. */
  payLink(page: CheckoutPage, number: string, ip?: string): Promise<TestAnswer<TCheckoutPayment>>;
  /** Opens a new link and pays it (the answer must be a payment). */
  link(number: string, ip?: string): Promise<{ token: string; payment: TCheckoutPayment }>;
  /** POST /payments with a card; `extra` adds to the body (captureMethod: 'manual'). */
  api(number: string, extra?: Record<string, unknown>): Promise<ApiPaymentAnswer>;
  /** Any other merchant API call (capture, void, refunds) with the merchant's credentials. */
  apiCall(path: string, body?: Record<string, unknown>): Promise<ApiPaymentAnswer>;
  /** A sale (or a pre-authorisation) on the merchant's POS device. */
  pos(number: string, operation?: 'sale' | 'pre-auth'): Promise<{ status: number; body: Record<string, unknown> }>;
}

export async function openPaymentDoors(t: TestApp, merchant: TestMerchant): Promise<PaymentDoors> {
  const { clientId, clientSecret } = await apiCredentialsOf(t, merchant);
  const credentials = `${clientId}:${clientSecret}`;
  const device = await createTestDevice(t, merchant, [
    { userId: merchant.id, settings: ['SALE', 'PRE_AUTH', 'CAPTURE', 'REFUND', 'VOID'] },
  ]);
  const bearer = await deviceToken(t, device);
  const online = merchant.stores[0]!.terminals[0]!.channels.find((channel) => channel.type === 'online')!.id;
  const schemes = await t.deps.db.selectFrom('payment_methods').select('id').where('code', 'in', ['VISA', 'MASTERCARD']).execute();
  const aed = await t.deps.db.selectFrom('currencies').select('id').where('code', '=', 'AED').executeTakeFirstOrThrow();

  async function apiCall(path: string, body: Record<string, unknown> = {}): Promise<ApiPaymentAnswer> {
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/merchant/v1${path}`,
      headers: { authorization: `Basic ${Buffer.from(credentials).toString('base64')}`, 'content-type': 'application/json' },
      payload: JSON.stringify(body),
    });
    return { status: response.statusCode, body: response.json() };
  }

  async function openLink(ip = '198.51.100.20'): Promise<CheckoutPage> {
    const { token } = await insertPaymentLink(t.deps.db, {
      merchantUserId: merchant.id,
      channelId: online,
      currencyId: aed.id,
      amount: BigInt(DOOR_AMOUNT_MINOR),
      type: 1,
      status: 1,
      exipresIn: null,
      redirectUrl: 'https://shop.example.com/done',
      callbackUrl: 'https://shop.example.com/callback',
      receiptNo: null,
      email: null,
      phone: null,
      description: 'A test link',
      addedBy: merchant.id,
      schemeIds: schemes.map((scheme) => scheme.id),
    });
    const opened = await t.call(getCheckoutCall, { token }, { ip });
    expect(opened.status, opened.message).toBe(200);
    return { token, attemptUuid: opened.data.attemptUuid! };
  }

  function payLink(page: CheckoutPage, number: string, ip = '198.51.100.20'): Promise<TestAnswer<TCheckoutPayment>> {
    return t.call(
      payCheckoutCall,
      {
        ...page,
        customer: { name: 'Layla Haddad', email: 'layla@example.com' },
        card: { holderName: 'Layla Haddad', number, expMonth: '09', expYear: String(FUTURE_YEAR % 100), cvc: '123' },
      },
      { ip },
    );
  }

  return {
    openLink,
    payLink,
    async link(number, ip = '198.51.100.20') {
      const page = await openLink(ip);
      const paid = await payLink(page, number, ip);
      expect(paid.status, paid.message).toBe(200);
      return { token: page.token, payment: paid.data };
    },
    api: (number, extra = {}) =>
      apiCall('/payments', {
        amount: DOOR_AMOUNT_MINOR,
        currency: 'AED',
        card: { holderName: 'Jane Doe', number, expMonth: 12, expYear: FUTURE_YEAR, cvc: '123' },
        customer: { name: 'Jane Doe', email: 'jane@example.com' },
        ...extra,
      }),
    apiCall,
    pos: (number, operation = 'sale') =>
      posApi(
        t,
        operation,
        {
          amount: DOOR_AMOUNT_MINOR,
          currency: 'AED',
          card: { holderName: 'Lina Haddad', number, expMonth: 12, expYear: FUTURE_YEAR, cvc: '123' },
        },
        { token: bearer },
      ),
  };
}
