// Refunds in a real browser: the demo merchant is paid 20.00 AED through the merchant API, asks
// for a partial refund of 5.00 on the Add refund request screen (the transactions table's Refund
// action opens the Create Refund modal, which makes the same call), sees it
// Pending; the administrator approves it in the console; the job pays it back and the merchant
// sees it Processed with its status history (Pending, Initiated, Processed). axe finds no serious
// violation, the screens fit a phone, and the ledger's invariants hold.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { DEMO_ADMIN } from '../support/accounts.ts';
import { seriousViolations } from '../support/axe.ts';
import { baseUrl, expectLedgerHolds, launch, screenshot } from '../support/browser.ts';
import { expectFitsWidth } from '../support/console.ts';
import { merchantApiAuth, payByCard, TEST_CARDS } from '../support/merchant-api.ts';
import { MERCHANT, signInThroughApi } from '../support/sign-in.ts';

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };
const POLL = { timeout: 20_000 };

describe('a refund from the back office, approved in the console', () => {
  let browser: Browser;
  let merchant: Page;
  let admin: Page;
  let paymentUuid: string;

  beforeAll(async () => {
    browser = await launch();
    merchant = await (await browser.newContext({ viewport: DESKTOP, baseURL: baseUrl() })).newPage();
    merchant.setDefaultTimeout(20_000);
    const token = await signInThroughApi(merchant, MERCHANT);
    const payment = { amount: 2000, clientReference: 'e2e-refund', holderName: 'E2E Buyer' };
    paymentUuid = await payByCard(await merchantApiAuth(token), TEST_CARDS.approved, payment);
    admin = await (await browser.newContext({ viewport: DESKTOP, baseURL: baseUrl() })).newPage();
    admin.setDefaultTimeout(20_000);
    await signInThroughApi(admin, DEMO_ADMIN, { landing: { path: '/', text: 'Review the stores' } });
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('asks for a partial refund: the amount rule, then Pending in the list', async () => {
    await merchant.goto('/app/refund/create');
    await merchant.getByRole('heading', { level: 1, name: 'Add Refund Request' }).waitFor();
    await merchant.getByLabel('Transaction Id').fill(paymentUuid);
    await merchant.getByLabel('Amount').fill('5a');
    await merchant.getByText('Only numeric characters are allowed').waitFor();
    await merchant.getByLabel('Amount').fill('5');
    await merchant.getByLabel('Description').fill('Returned one item of the order');
    expect(await seriousViolations(merchant)).toEqual([]);
    await screenshot(merchant, 'refund-create');
    await merchant.getByRole('button', { name: 'Create' }).click();
    await merchant.waitForURL('**/app/refund', POLL);
    const row = merchant.locator('tr', { hasText: paymentUuid.slice(0, 8) }).first();
    await row.waitFor(POLL);
    expect(await row.textContent()).toContain('Pending');
    // The description is cut to 12 characters in the list.
    expect(await row.textContent()).toContain('Returned one…');
    expect(await seriousViolations(merchant)).toEqual([]);
    await screenshot(merchant, 'refund-list-pending');
  });

  it('is approved in the console, paid by the job, and shows Processed with its history', async () => {
    await admin.goto('/console/refunds');
    const queued = admin.locator('tr', { hasText: paymentUuid.slice(0, 8) }).first();
    await queued.waitFor(POLL);
    expect(await seriousViolations(admin)).toEqual([]);
    await screenshot(admin, 'console-refunds');
    await queued.getByRole('button', { name: 'Process' }).click();
    const dialog = admin.getByRole('dialog', { name: 'Process refund' });
    await dialog.waitFor();
    expect(await dialog.getByLabel('Decision').inputValue()).toBe('Approve');
    await dialog.getByLabel('Comment').fill('Item received back');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'hidden' });

    // The job runs within a few seconds of the approval: reload until the row reads Processed.
    const row = merchant.locator('tr', { hasText: paymentUuid.slice(0, 8) }).first();
    for (let tries = 0; tries < 20; tries += 1) {
      await merchant.reload();
      await row.waitFor(POLL);
      if ((await row.textContent())?.includes('Processed')) break;
      await merchant.waitForTimeout(1_000);
    }
    expect(await row.textContent()).toContain('Processed');
    await row.getByRole('button', { name: 'Details' }).click();
    const history = merchant.getByRole('dialog', { name: 'Refund Status History' });
    await history.waitFor();
    const text = (await history.textContent()) ?? '';
    expect(text.indexOf('Pending')).toBeLessThan(text.indexOf('Initiated'));
    expect(text.indexOf('Initiated')).toBeLessThan(text.indexOf('Processed'));
    expect(text).toContain('Item received back');
    expect(await seriousViolations(merchant)).toEqual([]);
    await screenshot(merchant, 'refund-history');
    await history.getByRole('button', { name: 'Close' }).click();
    await expectLedgerHolds();
  });

  it('fits a phone without sideways overflow', async () => {
    await merchant.setViewportSize(PHONE);
    await merchant.goto('/app/refund');
    await merchant
      .locator('tr, [data-refund-id]', { hasText: paymentUuid.slice(0, 8) })
      .first()
      .waitFor(POLL);
    await expectFitsWidth(merchant);
    expect(await seriousViolations(merchant)).toEqual([]);
    await screenshot(merchant, 'refund-list-phone');
  });
});
