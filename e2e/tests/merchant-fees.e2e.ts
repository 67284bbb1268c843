// The console's card fee schedule in a real browser: the administrator opens Card fees from the
// Merchants list, reads the demo merchant's schedule (VISA and MASTERCARD in AED and USD), edits
// the VISA AED percentage in the modal (a wrong value shows the rule's message on the field),
// sees the table change, and sets it back. axe finds no serious violation and the screen fits
// a phone (390x844) without sideways overflow.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { DEMO_ADMIN } from '../support/accounts.ts';
import { seriousViolations } from '../support/axe.ts';
import { baseUrl, launch, screenshot } from '../support/browser.ts';
import { MERCHANT, signInThroughApi } from '../support/sign-in.ts';

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };
const POLL = { timeout: 15_000 };

async function overflowsSideways(page: Page): Promise<boolean> {
  return (await page.evaluate('document.documentElement.scrollWidth > window.innerWidth + 1')) as boolean;
}

describe('the card fee schedule in the console', () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    browser = await launch();
    context = await browser.newContext({ baseURL: baseUrl(), viewport: DESKTOP });
    page = await context.newPage();
    page.setDefaultTimeout(20_000);
    await signInThroughApi(page, DEMO_ADMIN, { landing: { path: '/', text: 'Review the stores' } });
  });
  afterAll(async () => {
    await context?.close();
    await browser?.close();
  });

  const feeRow = (fee: string) => page.locator(`[data-fee="${fee}"]`);

  it("opens the demo merchant's schedule from Merchants and edits a fee", async () => {
    await page.goto('/console/merchants');
    const merchantRow = page.locator('tr', { hasText: MERCHANT.email });
    await merchantRow.waitFor(POLL);
    await merchantRow.getByRole('button', { name: 'Card fees' }).click();
    await page.waitForURL('**/console/merchant-fees?id=*', POLL);
    await page.getByRole('heading', { level: 1, name: 'Card fees' }).waitFor();
    await feeRow('VISA-AED').waitFor(POLL);
    expect(await page.locator('tr[data-fee]').evaluateAll((rows) => rows.map((row) => row.getAttribute('data-fee')))).toEqual([
      'VISA-AED',
      'MASTERCARD-AED',
      'VISA-USD',
      'MASTERCARD-USD',
    ]);
    expect(await feeRow('VISA-AED').textContent()).toContain('2.5%');
    expect(await feeRow('VISA-AED').textContent()).toContain('1.00');
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'console-merchant-fees');

    await feeRow('VISA-AED').getByRole('button', { name: 'Edit Visa AED' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit fee' });
    await dialog.waitFor();
    await dialog.getByLabel('Percentage (%)').fill('101');
    await dialog.getByText('The percentage cannot exceed 100').waitFor();
    await dialog.getByLabel('Percentage (%)').fill('2.4');
    expect(await seriousViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.waitForFunction("document.querySelector('tr[data-fee=\"VISA-AED\"]').textContent.includes('2.4%')", undefined, POLL);

    // Set it back, so the demo's prices stay as seeded for the other browser tests.
    await feeRow('VISA-AED').getByRole('button', { name: 'Edit Visa AED' }).click();
    await dialog.waitFor();
    await dialog.getByLabel('Percentage (%)').fill('2.5');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.waitForFunction("document.querySelector('tr[data-fee=\"VISA-AED\"]').textContent.includes('2.5%')", undefined, POLL);
  });

  it('fits a phone without sideways overflow and passes axe', async () => {
    await page.setViewportSize(PHONE);
    await feeRow('VISA-AED').waitFor(POLL);
    expect(await page.locator('[data-fee]').count()).toBe(4);
    await feeRow('VISA-AED').getByRole('button', { name: 'Edit Visa AED' }).waitFor();
    expect(await overflowsSideways(page)).toBe(false);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'console-merchant-fees-phone');
    await page.setViewportSize(DESKTOP);
  });
});
