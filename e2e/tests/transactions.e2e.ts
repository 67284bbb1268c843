// The merchant's Transactions screen after real payments through the merchant API: the merchant
// narrows the list by store, terminal and channel, switches to the Failure tab (loaded when
// first opened) where the declined payment shows, expands a row to its charges, opens the
// paid payment's details (Acquiring, Schema, its approval code, 'N/A' for no failure reason,
// the customer), its attempts, and goes Back to the details and then to the list (DECISIONS 49). Screens are
// photographed at 1280 and 390 px and checked with axe.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { getMerchantAppSettingsCall, getStoresCall, getTransactionsCall } from '@paywallet/contract';
import { DESKTOP, photographAndCheck } from '../support/axe.ts';
import { baseUrl, expectLedgerHolds, launch } from '../support/browser.ts';
import { accepted, apiCall, MERCHANT, signInThroughApi } from '../support/sign-in.ts';

const LIST_CHECKS = { outline: false, overflow: false };

interface Scope {
  store: string;
  terminal: string;
  channel: string;
}

describe('the merchant’s transactions', () => {
  let browser: Browser;
  let page: Page;
  let token: string;
  let auth: string;
  let paid: string;
  let declined: string;
  let scope: Scope;

  async function pay(number: string, email: string): Promise<string> {
    const response = await fetch(`${baseUrl()}/api/merchant/v1/payments`, {
      method: 'POST',
      headers: { authorization: auth, 'content-type': 'application/json', 'idempotency-key': crypto.randomUUID() },
      body: JSON.stringify({
        amount: 4321,
        currency: 'AED',
        clientReference: 'e2e-transactions',
        card: { holderName: 'Tx Buyer', number, expMonth: 12, expYear: new Date().getUTCFullYear() + 2, cvc: '123' },
        customer: { name: 'Tx Buyer', email },
      }),
    });
    // A payment answers its transaction; a decline (402) carries the failed payment in its body.
    const text = await response.text();
    const transactionId = /"transactionId":"([0-9a-f-]{36})"/.exec(text)?.[1];
    if (!transactionId) throw new Error(`no transaction: ${response.status} ${text}`);
    return transactionId;
  }

  /** The store, terminal and channel whose list holds the transaction (found through the API). */
  async function scopeOf(uuid: string): Promise<Scope> {
    const { stores } = await accepted('get-stores', apiCall(getStoresCall, { type: 0 }, token));
    for (const store of stores)
      for (const terminal of store.terminals)
        for (const channel of terminal.channels) {
          const page = await accepted(
            'get-transactions',
            apiCall(getTransactionsCall, { channelId: channel.id, transactionId: uuid }, token),
          );
          if ('data' in page && page.data.length === 1) return { store: store.name, terminal: terminal.name, channel: channel.name };
        }
    throw new Error('the payment is in no channel of the merchant');
  }

  beforeAll(async () => {
    browser = await launch();
    const context = await browser.newContext({ viewport: DESKTOP, baseURL: baseUrl() });
    page = await context.newPage();
    page.setDefaultTimeout(20_000);
    token = await signInThroughApi(page, MERCHANT);
    const settings = await accepted('get-merchant-app-settings', apiCall(getMerchantAppSettingsCall, {}, token));
    auth = `Basic ${Buffer.from(`${settings[0]!.client_id}:${settings[0]!.client_secret!}`).toString('base64')}`;
    paid = await pay('4242424242424242', 'tx-buyer@example.com');
    declined = await pay('4000000000000002', 'tx-buyer@example.com');
    scope = await scopeOf(paid);
  });
  afterAll(async () => {
    await expectLedgerHolds();
    await browser?.close();
  });

  it('filters by store, terminal and channel, and shows the Failure tab when it is opened', async () => {
    await page.goto('/app/my-transactions');
    const store = page.getByRole('combobox', { name: 'Store' });
    await store.fill(scope.store.slice(0, 6));
    await store.press('Enter');
    await page.getByRole('option', { name: scope.store }).click();
    await page.getByRole('combobox', { name: 'Terminal' }).click();
    await page.getByRole('option', { name: scope.terminal }).click();
    await page.getByRole('combobox', { name: 'Channel' }).click();
    await page.getByRole('option', { name: scope.channel }).click();
    await page.getByRole('button', { name: 'Search' }).click();
    await page.waitForURL((url) => url.searchParams.has('channelId'));
    await page.locator(`tr[data-uuid="${paid}"]`).waitFor();
    expect(await page.locator(`tr[data-uuid="${declined}"]`).count()).toBe(0);

    // Rows expand to their charges: the fee and VAT paid to the platform.
    await page.locator(`tr[data-uuid="${paid}"]`).getByRole('button', { name: 'Show charges' }).click();
    const charges = page.getByLabel('Charges transactions');
    await charges.waitFor();
    expect(await charges.innerText()).toContain('Fees');
    await photographAndCheck(page, 'transactions-tab-1', LIST_CHECKS);

    await page.getByRole('tab', { name: 'Failure' }).click();
    await page.waitForURL((url) => url.searchParams.get('tab') === '3');
    const failed = page.locator(`tr[data-uuid="${declined}"]`);
    await failed.waitFor();
    await photographAndCheck(page, 'transactions-tab-failure', LIST_CHECKS);
    await page.getByRole('tab', { name: 'Transaction' }).click();
    await page.locator(`tr[data-uuid="${paid}"]`).waitFor();
  });

  it('opens the details and the attempts, and Back returns the way it came', async () => {
    const list = page.url();
    await page.locator(`tr[data-uuid="${paid}"]`).getByRole('button', { name: 'Details' }).click();
    await page.getByRole('heading', { name: 'Transaction Details' }).waitFor();
    const details = page.getByLabel('Details', { exact: true });
    await details.getByText('Sandbox Acquirer (SANDBOX)').waitFor();
    const text = await details.innerText();
    expect(text).toContain('Failure Reason');
    expect(text).toContain('N/A');
    // The sandbox acquirer's approval code of the paid card payment.
    expect(text).toMatch(/Approval Code\s+[A-Z0-9]{6}\b/);
    expect(await page.getByLabel('Customer', { exact: true }).innerText()).toContain('tx-buyer@example.com');
    await photographAndCheck(page, 'transactions-details', LIST_CHECKS);

    const detailsUrl = page.url();
    await page.getByRole('button', { name: 'View attempts' }).click();
    await page.getByRole('heading', { name: 'Transaction attempts' }).waitFor();
    await page.getByRole('heading', { name: 'Attempt 1' }).waitFor();
    await photographAndCheck(page, 'transactions-attempts', LIST_CHECKS);
    await page.getByRole('button', { name: 'Back' }).click();
    await page.waitForURL(detailsUrl);
    await page.getByRole('button', { name: 'Back' }).click();
    await page.waitForURL(list);
    await page.locator(`tr[data-uuid="${paid}"]`).waitFor();
  });
});
