// Customers, the merchant profile and live notifications in a real browser against the platform
// as `npm start` runs it: the customers list with its filters and the cards modal (a customer
// without cards says 'No Details Available'); the profile with a store expanded to its
// terminals and channels, and a picture uploaded; with the app open, the demo consumer sends the
// merchant money through the API and the merchant's app raises a toast and the bell's count
// without a reload; Read all notifications clears the count; the all-notification page lists
// them. axe finds no serious or critical violation on each screen, at desktop and phone width.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { outlineProblems, seriousViolations } from '../support/axe.ts';
import { availableMinor, baseUrl, expectLedgerHolds, launch, screenshot } from '../support/browser.ts';
import { CONSUMER, MERCHANT, signInThroughApi } from '../support/sign-in.ts';
import { consumerPaysMerchant } from '../support/money.ts';

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };
/** A 1x1 PNG. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');

async function checkScreen(page: Page, name: string): Promise<void> {
  for (const [size, viewport] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const) {
    await page.setViewportSize(viewport);
    await page.waitForTimeout(300);
    await screenshot(page, `people-${name}-${size}`);
    expect(await seriousViolations(page), `${name} (${size})`).toEqual([]);
    expect(await outlineProblems(page), `${name} (${size})`).toEqual([]);
  }
  await page.setViewportSize(DESKTOP);
}

/** Waits until the table shows rows, each of them naming `text` (the filtered answer, not the previous one). */
async function expectOnlyRowsWith(page: Page, text: string): Promise<void> {
  await expect
    .poll(
      async () => {
        const rows = await page.locator('tr[data-customer-id]').allTextContents();
        return rows.length > 0 && rows.every((row) => row.includes(text));
      },
      { timeout: 15_000 },
    )
    .toBe(true);
}

describe('customers, profile and notifications', () => {
  let browser: Browser;
  let page: Page;
  let consumerToken: string;

  beforeAll(async () => {
    browser = await launch();
    const context = await browser.newContext({ viewport: DESKTOP, baseURL: baseUrl() });
    page = await context.newPage();
    page.setDefaultTimeout(20_000);
    await signInThroughApi(page, MERCHANT);
    // The consumer's session for the payment, made in a page of its own context.
    const consumerPage = await (await browser.newContext({ baseURL: baseUrl() })).newPage();
    consumerToken = await signInThroughApi(consumerPage, CONSUMER);
    await consumerPage.context().close();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('lists the customers, filters them and shows a customer’s cards', async () => {
    await page.goto('/app/merchant-customers');
    await expect.poll(() => page.locator('tr[data-customer-id]').count(), { timeout: 15_000 }).toBe(10);
    await checkScreen(page, 'customers');
    await page.getByLabel('Search', { exact: true }).fill('aisha');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.waitForURL(/search=aisha/);
    await expectOnlyRowsWith(page, 'Aisha');
    // The first Aisha (the first demo customer) has cards, masked.
    await page.locator('tr[data-customer-id]').last().getByRole('button', { name: 'Details' }).click();
    const modal = page.getByRole('dialog');
    await expect.poll(() => modal.getByText(/^\d{6}\*{6}\d{4}$/).count()).toBeGreaterThan(0);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'people-customer-cards');
    await page.keyboard.press('Escape');
    // A customer without cards: 'No Details Available'. The sixth demo customer (Hassan) has none.
    // Typed at once after Clear, as a quick user would: the router renders the cleared URL a moment
    // later, in a transition, and that render must not wipe what was typed meanwhile.
    await page.getByRole('button', { name: 'Clear' }).click();
    await page.getByLabel('Search', { exact: true }).fill('hassan');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.waitForURL(/search=hassan/);
    await expectOnlyRowsWith(page, 'Hassan');
    const rows = page.locator('tr[data-customer-id]');
    let sawEmpty = false;
    for (let index = 0; index < (await rows.count()); index++) {
      await rows.nth(index).getByRole('button', { name: 'Details' }).click();
      await page.getByRole('dialog').waitFor();
      if ((await page.getByRole('dialog').getByText('No Details Available').count()) > 0) sawEmpty = true;
      await page.keyboard.press('Escape');
      await page.getByRole('dialog').waitFor({ state: 'detached' });
    }
    expect(sawEmpty).toBe(true);
  });

  it('shows the merchant profile with a store expanded, and uploads a picture', async () => {
    await page.goto('/app/profile');
    await page.getByText(MERCHANT.email).first().waitFor();
    // The Active store, which has terminals (the store awaiting approval has none yet).
    const activeStore = page.locator('tr[data-store-id]', { hasText: 'Al Quoz' });
    await activeStore.waitFor();
    await activeStore.getByRole('button', { name: /Show terminals and channels/ }).click();
    await page
      .getByText(/^Terminal: /)
      .first()
      .waitFor();
    await checkScreen(page, 'profile');
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'pw-avatar-')), 'me.png');
    fs.writeFileSync(file, PNG);
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Upload Picture' }).click();
    await (await chooser).setFiles(file);
    await expect
      .poll(() => page.getByRole('img', { name: /Profile picture of/ }).getAttribute('src'), { timeout: 15_000 })
      .toMatch(/^data:image\/png;base64,/);
  });

  it('raises a toast and the bell count when a notification arrives, shows the new balance, and reads all', async () => {
    await page.goto('/app');
    const bell = page.getByRole('button', { name: /^Notifications/ });
    await bell.waitFor();
    // Start from nothing unread.
    await bell.click();
    const readAll = page.getByRole('button', { name: 'Read all notifications' });
    if (await readAll.isEnabled()) await readAll.click();
    await expect.poll(() => bell.getAttribute('aria-label')).toBe('Notifications');
    await page.keyboard.press('Escape');
    // Give the live stream a moment to open, then pay the merchant from outside the page.
    await page.waitForTimeout(1_500);
    // The consumer sends the merchant 1.50 AED: the merchant gets a 'money-received' notification.
    const before = await availableMinor(MERCHANT.email, 'AED');
    // The merchant's home is the dashboard overview: its Available Balance card is the default (AED) wallet's.
    const aedCard = page.getByRole('region', { name: 'Available Balance' });
    await aedCard.waitFor();
    await consumerPaysMerchant(consumerToken, [150]);
    await page
      .getByText(/You received AED 1\.50/)
      .first()
      .waitFor({ timeout: 15_000 });
    await expect.poll(() => bell.getAttribute('aria-label'), { timeout: 15_000 }).toBe('Notifications, 1 unread');
    // The card's balance reads again with the notification: 1.50 more, with no reload.
    const after = ((before + 150) / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    await expect.poll(() => aedCard.textContent(), { timeout: 15_000 }).toContain(`${after} AED`);
    await screenshot(page, 'people-toast');
    const dropdown = page.getByRole('dialog', { name: 'Notifications' });
    const openBell = async () => {
      if (!(await dropdown.isVisible())) await bell.click();
      await dropdown.waitFor();
    };
    await openBell();
    await dropdown
      .getByText(/You received AED 1\.50/)
      .first()
      .waitFor();
    // axe reads colours as painted: first the toast fades (it sits over the dropdown's corner),
    // then the dropdown's own transition ends.
    await expect.poll(() => page.locator('.mantine-Notification-root').count(), { timeout: 10_000 }).toBe(0);
    await page.waitForTimeout(400);
    expect(await seriousViolations(page)).toEqual([]);
    await openBell();
    await dropdown.getByRole('button', { name: 'Read all notifications' }).click();
    await expect.poll(() => bell.getAttribute('aria-label')).toBe('Notifications');
    await openBell();
    await dropdown.getByRole('button', { name: 'View all' }).click();
    await page.waitForURL('**/app/all-notification');
    await page
      .getByRole('cell', { name: /You received AED 1\.50/ })
      .first()
      .waitFor();
    await checkScreen(page, 'all-notification');
    await page.getByRole('button', { name: 'Back To Dashboard' }).click();
    await page.waitForURL((url) => url.pathname === '/app');
    await expectLedgerHolds();
  });
});
