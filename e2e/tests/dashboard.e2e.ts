// The merchant's dashboard overview in a real browser against the platform as `npm start` runs
// it: after the demo consumer paid the demo merchant, each statistic tile's number is the total
// of the transaction list its link opens; View Hold leads to the Hold Balance screen (whose
// Back returns) and View Ledger to the account ledger; the revenue chart's year selector shows
// the year's success total; a merchant that has just signed up sees zeros, 'No Data' and the
// Pending badge. Each screen is photographed at desktop and phone width and checked by axe.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { DESKTOP, photographAndCheck } from '../support/axe.ts';
import { createAccountThroughApi } from '../support/accounts.ts';
import { baseUrl, expectLedgerHolds, launch } from '../support/browser.ts';
import { consumerPaysMerchant } from '../support/money.ts';
import { CONSUMER, MERCHANT, signInThroughApi } from '../support/sign-in.ts';

/** The dashboard's cards are checked without the phone-width overflow check of whole pages (charts size themselves). */
const CHECKS = { outline: false };

async function signedInPage(
  browser: Browser,
  who: { email: string; password: string; passcode: string },
): Promise<{ page: Page; token: string }> {
  const context = await browser.newContext({ viewport: DESKTOP, baseURL: baseUrl() });
  const page = await context.newPage();
  page.setDefaultTimeout(20_000);
  const token = await signInThroughApi(page, who);
  return { page, token };
}

const tile = (page: Page, label: string) => page.locator(`[data-tile="${label}"]`);

async function tileCount(page: Page, label: string): Promise<number> {
  const text = await tile(page, label).locator('[data-tile-count]').textContent();
  return Number(text);
}

async function openDashboard(page: Page): Promise<void> {
  await page.goto('/app');
  await tile(page, 'Successful Transactions').waitFor();
}

describe('the merchant dashboard overview', () => {
  let browser: Browser;
  let merchant: Page;

  beforeAll(async () => {
    browser = await launch();
    const consumer = await signedInPage(browser, CONSUMER);
    await consumerPaysMerchant(consumer.token, [1_250, 2_500]);
    ({ page: merchant } = await signedInPage(browser, MERCHANT));
  });
  afterAll(async () => {
    await expectLedgerHolds();
    await browser?.close();
  });

  it('shows on each tile the total of the list its link opens', async () => {
    // Proves tile = list in the browser: the tile's number, then the list's "of N" after the click.
    await openDashboard(merchant);
    for (const label of ['Successful Transactions']) {
      const count = await tileCount(merchant, label);
      expect(count).toBeGreaterThanOrEqual(2);
      await tile(merchant, label).click();
      await merchant.waitForURL(/\/app\/my-transactions\?userAccountId=\d+/);
      await expect
        .poll(
          () =>
            merchant
              .getByText(new RegExp(`of ${count}$`))
              .first()
              .isVisible(),
          { timeout: 15_000 },
        )
        .toBe(true);
      await openDashboard(merchant);
    }
    await photographAndCheck(merchant, 'dashboard-overview', CHECKS);
  });

  it('leads View Hold to the held balance (Back returns) and View Ledger to the account ledger', async () => {
    // Proves the two balance cards' buttons and the Hold Balance screen with its rows and Back.
    await openDashboard(merchant);
    await merchant.getByRole('link', { name: 'View Hold' }).click();
    await merchant.waitForURL(/\/app\/hold-balance\?userAccountId=\d+/);
    await merchant.getByRole('heading', { name: 'Hold Balance' }).waitFor();
    await expect
      .poll(
        () =>
          merchant
            .getByRole('table')
            .isVisible()
            .catch(() => false),
        { timeout: 15_000 },
      )
      .toBe(true);
    await photographAndCheck(merchant, 'hold-balance', CHECKS);
    await merchant.getByRole('button', { name: 'Back' }).click();
    await merchant.waitForURL(/\/app$/);
    await tile(merchant, 'Successful Transactions').waitFor();
    await merchant.getByRole('link', { name: 'View Ledger' }).click();
    await merchant.waitForURL(/\/app\/account-ledger\?userAccountId=\d+/);
  });

  it("shows the chosen year's success total under the year selector", async () => {
    // Proves the chart's year selector: this year is chosen, and money received this year shows.
    await openDashboard(merchant);
    const year = String(new Date().getUTCFullYear());
    await expect.poll(() => merchant.getByRole('combobox', { name: 'Year' }).inputValue()).toBe(year);
    await merchant.getByRole('combobox', { name: 'Year' }).click();
    await merchant.getByRole('option', { name: year }).click();
    const success = await merchant.getByTestId('revenue-success').textContent();
    expect(success).toMatch(/[1-9]/);
    await expect
      .poll(() =>
        merchant
          .getByRole('button', { name: 'View all Transactions' })
          .or(merchant.getByRole('link', { name: 'View all Transactions' }))
          .count(),
      )
      .toBe(1);
  });

  it("shows a new merchant zeros, 'No Data' and the Pending badge", async () => {
    // Proves the empty account: every tile 0, the chart and the lists say No Data.
    const account = await createAccountThroughApi('dashboard-empty');
    const { page } = await signedInPage(browser, account);
    await openDashboard(page);
    expect(await tileCount(page, 'Successful Transactions')).toBe(0);
    await expect.poll(() => page.getByText('No Data').count()).toBeGreaterThanOrEqual(3);
    await expect.poll(() => page.getByTestId('account-status').textContent()).toBe('Pending');
    await photographAndCheck(page, 'dashboard-overview-empty', CHECKS);
  });
});
