// The merchant server API against the platform as `npm start` runs it: the demo merchant's
// credentials (read as the main account through get-merchant-app-settings) charge the
// frictionless test card and open a hosted checkout payment over HTTP Basic; the merchant's
// Api Payment screen lists them, the hosted one with its payment page, and Attempts shows the
// paid one's transaction and a declined one's failure reason. /api/docs renders the reference
// from our own assets. axe finds no serious or critical violation at desktop and phone width.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { getMerchantAppSettingsCall } from '@paywallet/contract';
import { seriousViolations } from '../support/axe.ts';
import { baseUrl, expectLedgerHolds, launch, screenshot } from '../support/browser.ts';
import { accepted, apiCall, MERCHANT, signInThroughApi } from '../support/sign-in.ts';

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

describe('merchant API and the Api Payment screen', () => {
  let browser: Browser;
  let page: Page;
  let auth: string;

  function post(body: Record<string, unknown>): Promise<Response> {
    return fetch(`${baseUrl()}/api/merchant/v1/payments`, {
      method: 'POST',
      headers: { authorization: auth, 'content-type': 'application/json', 'idempotency-key': crypto.randomUUID() },
      body: JSON.stringify(body),
    });
  }

  async function pay(body: Record<string, unknown>): Promise<{ id: string; status: string; nextAction: { redirectUrl: string } | null }> {
    const response = await post(body);
    expect(response.status).toBe(201);
    return (await response.json()) as { id: string; status: string; nextAction: { redirectUrl: string } | null };
  }

  beforeAll(async () => {
    browser = await launch();
    const context = await browser.newContext({ viewport: DESKTOP, baseURL: baseUrl() });
    page = await context.newPage();
    page.setDefaultTimeout(20_000);
    const token = await signInThroughApi(page, MERCHANT);
    const settings = await accepted('get-merchant-app-settings', apiCall(getMerchantAppSettingsCall, {}, token));
    auth = `Basic ${Buffer.from(`${settings[0]!.client_id}:${settings[0]!.client_secret!}`).toString('base64')}`;
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('lists the API payments with their state, page and attempts', async () => {
    const paid = await pay({
      amount: 1234,
      currency: 'AED',
      clientReference: 'e2e-card',
      card: { holderName: 'E2E Buyer', number: '4242424242424242', expMonth: 12, expYear: new Date().getUTCFullYear() + 2, cvc: '123' },
    });
    expect(paid.status).toBe('succeeded');
    // A declined card: 402 with the failed payment, whose transaction keeps the reason.
    const refused = await post({
      amount: 1500,
      currency: 'AED',
      clientReference: 'e2e-declined',
      card: { holderName: 'E2E Buyer', number: '4000000000000002', expMonth: 12, expYear: new Date().getUTCFullYear() + 2, cvc: '123' },
    });
    expect(refused.status).toBe(402);
    const declined = ((await refused.json()) as { payment: { id: string } }).payment;
    const hosted = await pay({ amount: 2500, currency: 'AED', clientReference: 'e2e-hosted' });
    expect(hosted.status).toBe('requires_action');
    expect(hosted.nextAction?.redirectUrl).toMatch(/\/pay\/[A-Za-z0-9_-]+$/);

    await page.goto('/app/api-payment');
    await page.locator(`tr[data-api-payment="${paid.id}"]`).waitFor();
    await page.locator(`tr[data-api-payment="${hosted.id}"]`).waitFor();
    expect(await page.locator(`tr[data-api-payment="${hosted.id}"]`).textContent()).toContain('Initiated');
    for (const [size, viewport] of [
      ['desktop', DESKTOP],
      ['phone', PHONE],
    ] as const) {
      await page.setViewportSize(viewport);
      await page.waitForTimeout(300);
      await screenshot(page, `api-payments-${size}`);
      expect(await seriousViolations(page), `api-payment (${size})`).toEqual([]);
    }
    await page.setViewportSize(DESKTOP);
    await page.locator(`tr[data-api-payment="${paid.id}"]`).getByRole('button', { name: 'Attempts' }).click();
    const modal = page.getByRole('dialog');
    await modal.getByText('Success').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await modal.waitFor({ state: 'hidden' });
    // The declined one's attempt reads Failure with the transaction's failureReason{reason}.
    await page.locator(`tr[data-api-payment="${declined.id}"]`).getByRole('button', { name: 'Attempts' }).click();
    await modal.getByText('Failure').waitFor();
    await modal.getByText('The card was declined.').waitFor();
    await page.keyboard.press('Escape');
    await modal.waitFor({ state: 'hidden' });

    // The search keeps only the payment with that id.
    await page.getByLabel('Search', { exact: true }).fill(hosted.id);
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect.poll(() => page.locator('tr[data-api-payment]').count(), { timeout: 15_000 }).toBe(1);
    await expectLedgerHolds();
  });

  it('renders the API reference at /api/docs from our own assets', async () => {
    const requests: string[] = [];
    page.on('request', (request) => requests.push(request.url()));
    await page.goto('/api/docs');
    await page.getByText('PayWallet merchant API').first().waitFor();
    await page.getByText('/payments/{id}/refunds').first().waitFor();
    expect(requests.every((url) => url.startsWith(baseUrl()) || url.startsWith('data:'))).toBe(true);
    await screenshot(page, 'api-docs');
  });
});
