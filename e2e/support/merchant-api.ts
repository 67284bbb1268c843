// Card payments to the demo merchant through its server API (/api/merchant/v1), for browser tests
// that need real payments on the merchant's side: the client id and secret come from App Settings
// as the merchant reads them, a payment goes through the sandbox acquirer (docs/merchant-api.md),
// and the store, terminal and channel a payment landed in are found through the web calls.
import { getMerchantAppSettingsCall, getStoresCall, getTransactionsCall } from '@paywallet/contract';
import { baseUrl } from './browser.ts';
import { accepted, apiCall } from './sign-in.ts';

/** The sandbox's test cards (README): approved at once, and declined. */
export const TEST_CARDS = { approved: '4242424242424242', declined: '4000000000000002' } as const;

export interface CardPayment {
  amount: number;
  /** The merchant's own reference: tells one test's payments apart in the lists. */
  clientReference: string;
  holderName: string;
  /** Who paid, as the merchant tells it (the Customers list); absent: the payment names nobody. */
  customer?: { name: string; email?: string };
}

export interface MerchantScope {
  store: string;
  terminal: string;
  channel: string;
}

/** The HTTP Basic header of the merchant's API credentials (token: the merchant's web session). */
export async function merchantApiAuth(token: string): Promise<string> {
  const settings = await accepted('get-merchant-app-settings', apiCall(getMerchantAppSettingsCall, {}, token));
  const credentials = settings[0]!;
  return `Basic ${Buffer.from(`${credentials.client_id}:${credentials.client_secret!}`).toString('base64')}`;
}

/** Pays with a test card in AED and answers the payment's transaction id, a declined payment's too. */
export async function payByCard(auth: string, card: string, payment: CardPayment): Promise<string> {
  const response = await fetch(`${baseUrl()}/api/merchant/v1/payments`, {
    method: 'POST',
    headers: { authorization: auth, 'content-type': 'application/json', 'idempotency-key': crypto.randomUUID() },
    body: JSON.stringify({
      amount: payment.amount,
      currency: 'AED',
      clientReference: payment.clientReference,
      card: { holderName: payment.holderName, number: card, expMonth: 12, expYear: new Date().getUTCFullYear() + 2, cvc: '123' },
      ...(payment.customer ? { customer: payment.customer } : {}),
    }),
  });
  // A payment answers its transaction; a decline (402) carries the failed payment in its body.
  const text = await response.text();
  const transactionId = /"transactionId":"([0-9a-f-]{36})"/.exec(text)?.[1];
  if (!transactionId) throw new Error(`no transaction: ${response.status} ${text}`);
  return transactionId;
}

/** The store, terminal and channel whose list holds the transaction (found through the API). */
export async function scopeOfTransaction(token: string, uuid: string): Promise<MerchantScope> {
  const { stores } = await accepted('get-stores', apiCall(getStoresCall, { type: 0 }, token));
  for (const store of stores)
    for (const terminal of store.terminals)
      for (const channel of terminal.channels) {
        const answer = await accepted(
          'get-transactions',
          apiCall(getTransactionsCall, { channelId: channel.id, transactionId: uuid }, token),
        );
        if ('data' in answer && answer.data.length === 1) return { store: store.name, terminal: terminal.name, channel: channel.name };
      }
  throw new Error('the payment is in no channel of the merchant');
}
