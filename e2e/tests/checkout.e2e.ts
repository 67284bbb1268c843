// The hosted checkout in a real browser against the platform as `npm start` runs it. The demo
// merchant creates payment links through the API (their redirect URL is a local HTTP server on
// 127.0.0.1 standing in for the merchant's site); a customer in a FRESH browser context (no
// session, nothing stored) opens each link's payment_url and pays: 4242 straight to the result,
// 4000 0000 0000 3220 through the 3-D Secure page, and lands back on the merchant's site with
// `status` and `transactionId`. A single-use link then says it is paid and refuses a second
// payment. The merchant sees both payments in get-paymentlink-transactions, and the on-hold
// balance grew by amount - fee - VAT for each. The checkout is photographed and checked by axe
// at 1280 and 390 px wide. Ends with the ledger check.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import {
  addNewPaymentLinkCall,
  getAllowedCurrenciesCall,
  getCheckoutCall,
  getPaymentMethodsCall,
  getPaymentlinkTransactionsCall,
  getStoresCall,
  payCheckoutCall,
} from '@paywallet/contract';
import { DESKTOP, photographAndCheck } from '../support/axe.ts';
import { baseUrl, expectLedgerHolds, launch, ledgerCheck, screenshot } from '../support/browser.ts';
import { accepted, apiCall, MERCHANT, signInThroughApi } from '../support/sign-in.ts';

const POLL = { timeout: 20_000 };
const AMOUNT_MINOR = 12_500;
const FUTURE_YY = String((new Date().getUTCFullYear() + 3) % 100).padStart(2, '0');

/** The merchant's own site: a page that says thanks, and the query each visit arrived with. */
function merchantSite(): Promise<{ url: string; visits: URL[]; close: () => Promise<void> }> {
  const visits: URL[] = [];
  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    visits.push(url);
    response.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
    response.end(
      `<!doctype html><html lang="en"><title>Shop</title><main><h1>Thanks from the shop</h1><p id="status">${url.searchParams.get('status') ?? ''}</p></main></html>`,
    );
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolve({ url: `http://127.0.0.1:${port}`, visits, close: () => new Promise((done) => server.close(() => done())) });
    });
  });
}

describe('the hosted checkout', () => {
  let browser: Browser;
  let merchantToken: string;
  let shop: Awaited<ReturnType<typeof merchantSite>>;
  let customer: BrowserContext;
  let link: { create: (type: 0 | 1, order: string) => Promise<{ id: number; token: string; paymentUrl: string }> };
  const paid: Array<{ linkId: number; transactionId: string }> = [];
  let onHoldBefore = 0;

  const onHold = async () => {
    const check = await ledgerCheck(MERCHANT.email);
    return check.wallets.find((wallet) => wallet.code.trim() === 'AED')?.balance_on_hold ?? 0;
  };

  beforeAll(async () => {
    browser = await launch();
    shop = await merchantSite();
    const merchantPage = await (await browser.newContext({ baseURL: baseUrl() })).newPage();
    merchantToken = await signInThroughApi(merchantPage, MERCHANT);
    await merchantPage.context().close();
    const currencies = await accepted('get-allowed-currencies', apiCall(getAllowedCurrenciesCall, { type: 'PAYMENT_LINK' }, merchantToken));
    const aed = currencies.find((currency) => currency.code === 'AED')!;
    const stores = await accepted('get-stores', apiCall(getStoresCall, { type: 1 }, merchantToken));
    const channel = stores.stores
      .filter((store) => store.status === 1)
      .flatMap((store) => store.terminals.flatMap((terminal) => terminal.channels))
      .find((option) => option.type === 'online')!;
    const schemes = await accepted('get-payment-methods', apiCall(getPaymentMethodsCall, { type: 'PAYMENT_LINK' }, merchantToken));
    const schemaIds = schemes.filter((scheme) => ['VISA', 'MASTERCARD'].includes(scheme.code)).map((scheme) => scheme.id);
    link = {
      async create(type, order) {
        const row = await accepted(
          'add-new-payment-link',
          apiCall(
            addNewPaymentLinkCall,
            {
              currencyId: aed.id,
              channelId: channel.id,
              schemaIds,
              amount: AMOUNT_MINOR,
              type,
              expiresIndays: 1,
              expiresInhours: 0,
              expiresInminutes: 0,
              redirectUrl: `${shop.url}/thanks?order=${order}`,
              receiptNo: `E2E-${order}`,
              email: 'buyer@example.com',
              phone: '+971501234567',
              description: `Order ${order}: two bags of beans`,
            },
            merchantToken,
          ),
        );
        return { id: row.id, token: row.token, paymentUrl: row.payment_url };
      },
    };
    onHoldBefore = await onHold();
    // The customer: a fresh context, no session, nothing stored.
    customer = await browser.newContext({ viewport: DESKTOP, baseURL: baseUrl() });
  });
  afterAll(async () => {
    await customer?.close();
    await browser?.close();
    await shop?.close();
  });

  async function fillAndPay(page: Page, card: string, photograph?: string): Promise<void> {
    await page.getByLabel('Name', { exact: true }).fill('Layla Haddad');
    await page.getByLabel('Country').fill('United Arab Emirates');
    await page.getByLabel('City').fill('Dubai');
    await page.getByLabel('Card holder name').fill('Layla Haddad');
    await page.getByLabel('Card number').fill(card);
    await expect.poll(() => page.getByLabel('Card number').inputValue()).toBe(card.replace(/(\d{4})(?=\d)/g, '$1 '));
    await page.getByLabel('Expiry (MM/YY)').fill(`09${FUTURE_YY}`);
    await page.getByLabel('CVC').fill('123');
    if (photograph) await photographAndCheck(page, photograph);
    await page.getByRole('button', { name: /^Pay AED/ }).click();
  }

  it('pays a multiple-use link with 4242 in a fresh browser and returns the customer to the merchant with status and transactionId', async () => {
    const created = await link.create(1, 'A1');
    expect(created.paymentUrl).toBe(`${baseUrl()}/pay/${created.token}`);
    const page = await customer.newPage();
    await page.goto(created.paymentUrl);
    await page.getByRole('heading', { name: 'Pay AED 125.00' }).waitFor();
    // The merchant, the amount, the description, the prefilled e-mail and phone.
    await expect.poll(() => page.getByText('Order A1: two bags of beans').isVisible()).toBe(true);
    expect(await page.getByLabel('Email').inputValue()).toBe('buyer@example.com');
    expect(await page.getByLabel('Phone').inputValue()).toBe('+971501234567');
    // Pay with nothing filled: the fields say what they need, nothing is sent.
    await page.getByRole('button', { name: /^Pay AED/ }).click();
    await expect.poll(() => page.getByText('The name field is required').isVisible()).toBe(true);
    await photographAndCheck(page, 'checkout-10-errors');
    // A declined card: its reason, and the same page takes another card.
    await fillAndPay(page, '4000000000000002');
    await expect
      .poll(
        () =>
          page
            .getByRole('alert')
            .filter({ hasText: /declined/i })
            .isVisible(),
        POLL,
      )
      .toBe(true);
    await photographAndCheck(page, 'checkout-20-declined');
    await fillAndPay(page, '4242424242424242', 'checkout-30-filled');
    await page.getByRole('heading', { name: 'Payment successful' }).waitFor(POLL);
    const transactionId = (await page.getByTestId('transaction-id').textContent())!.trim();
    expect(transactionId).toMatch(/^[0-9a-f-]{36}$/);
    // The automatic return can be stopped; the button goes back to the merchant's site.
    await page.getByRole('button', { name: 'Stay on this page' }).click();
    await photographAndCheck(page, 'checkout-40-paid');
    await page.getByRole('link', { name: 'Return to merchant' }).click();
    await page.waitForURL(`${shop.url}/thanks**`, POLL);
    const landed = new URL(page.url());
    expect(Object.fromEntries(landed.searchParams)).toEqual({ order: 'A1', status: 'succeeded', transactionId });
    await page.getByRole('heading', { name: 'Thanks from the shop' }).waitFor();
    paid.push({ linkId: created.id, transactionId });
    await page.close();
  });

  it('pays a single-use link with the 3-D Secure card through the challenge page, then refuses a second payment', async () => {
    const created = await link.create(0, 'B2');
    const page = await customer.newPage();
    await page.goto(created.paymentUrl);
    await page.getByRole('heading', { name: 'Pay AED 125.00' }).waitFor();
    await fillAndPay(page, '4000000000003220');
    // The card issuer's check (the sandbox's page), then back on the checkout.
    await page.waitForURL('**/gateway/3ds/**', POLL);
    await screenshot(page, 'checkout-50-3ds');
    await page.getByRole('button', { name: 'Approve' }).click();
    await page.waitForURL(`**/pay/${created.token}?attempt=**`, POLL);
    await page.getByRole('heading', { name: 'Payment successful' }).waitFor(POLL);
    const transactionId = (await page.getByTestId('transaction-id').textContent())!.trim();
    // Back to the merchant's site by itself, a few seconds later.
    await page.waitForURL(`${shop.url}/thanks**`, POLL);
    expect(Object.fromEntries(new URL(page.url()).searchParams)).toEqual({ order: 'B2', status: 'succeeded', transactionId });
    paid.push({ linkId: created.id, transactionId });

    // Opened again: it says it is paid and shows no card form.
    await page.goto(created.paymentUrl);
    await page.getByRole('heading', { name: 'Already paid' }).waitFor();
    expect(await page.getByLabel('Card number').count()).toBe(0);
    await photographAndCheck(page, 'checkout-60-already-paid');
    // And the call itself refuses a second payment, whatever the page.
    const attempt = new URL(page.url()).searchParams.get('attempt');
    expect(attempt).toBeNull();
    const opened = await apiCall(getCheckoutCall, { token: created.token });
    expect(opened.data).toMatchObject({ state: 'paid', attemptUuid: null });
    await page.close();
  });

  it('a single-use link takes no second payment through the API either', async () => {
    const created = await link.create(0, 'C3');
    const first = await apiCall(getCheckoutCall, { token: created.token });
    const second = await apiCall(getCheckoutCall, { token: created.token });
    const card = { holderName: 'Sami Odeh', number: '4242424242424242', expMonth: '09', expYear: FUTURE_YY, cvc: '123' };
    const customerFields = { name: 'Sami Odeh' };
    const ok = await apiCall(payCheckoutCall, {
      token: created.token,
      attemptUuid: first.data.attemptUuid!,
      customer: customerFields,
      card,
    });
    expect(ok.data.status).toBe('succeeded');
    const refused = await apiCall(payCheckoutCall, {
      token: created.token,
      attemptUuid: second.data.attemptUuid!,
      customer: customerFields,
      card,
    });
    expect(refused).toMatchObject({ status: 409, reason: 'LINK_ALREADY_PAID' });
    paid.push({ linkId: created.id, transactionId: ok.data.transactionId });
  });

  it('shows the merchant every payment in get-paymentlink-transactions, and the on-hold balance grew by amount - fee - VAT', async () => {
    let expectedGrowth = 0;
    for (const { linkId, transactionId } of paid) {
      const view = await accepted(
        'get-paymentlink-transactions',
        apiCall(getPaymentlinkTransactionsCall, { paymentLinkId: linkId }, merchantToken),
      );
      const row = view.transactions.find((transaction) => transaction.uuid === transactionId);
      expect(row, transactionId).toBeDefined();
      expect(row).toMatchObject({ amount: AMOUNT_MINOR, status: 1 });
      expect(row!.fee).toBeGreaterThan(0);
      expectedGrowth += row!.amount - row!.fee - row!.vat;
    }
    expect((await onHold()) - onHoldBefore).toBe(expectedGrowth);
    await expectLedgerHolds();
  });

  it('says an unknown link does not exist', async () => {
    const page = await customer.newPage();
    await page.goto('/pay/NoSuchLinkNoSuchLinkNoSuchLink00');
    await expect.poll(() => page.getByRole('alert').textContent(), POLL).toContain('This payment link does not exist.');
    await photographAndCheck(page, 'checkout-70-not-found');
    await page.close();
  });
});
