// Withdrawals in a real browser: the demo merchant adds a bank transfer method for its AED
// wallet (the IBAN refused by its checksum first, then accepted and shown masked), asks for a
// withdrawal of 12.34 AED (held at once: available falls by it), the administrator marks it Paid
// in the console with the bank's reference, and the merchant's View Details shows the reference
// in the request's detail rows. axe finds no serious violation at desktop and phone width, the
// screens fit a phone, and the ledger's invariants hold.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { DEMO_ADMIN } from '../support/accounts.ts';
import { DESKTOP, expectAccessible, PHONE } from '../support/axe.ts';
import { availableMinor, baseUrl, expectLedgerHolds, launch, screenshot } from '../support/browser.ts';
import { MERCHANT, signInThroughApi } from '../support/sign-in.ts';

const POLL = { timeout: 20_000 };
const IBAN = 'AE07 0331 2345 6789 0123 456';
const REFERENCE = `BANK-E2E-${Date.now().toString(36).toUpperCase()}`;
const ACCOUNT_NAME = `Haddad Coffee E2E ${Date.now().toString(36)}`;

/** '1,234.50 AED' in minor units; null when no amount is shown yet. */
function minorIn(text: string): number | null {
  const amount = /(-?[\d,]+\.\d{2})/.exec(text)?.[1];
  return amount === undefined ? null : Math.round(Number(amount.replace(/,/g, '')) * 100);
}

/** A balance card of the merchant's dashboard: 'On Hold Balance' or 'Available Balance'. */
const dashboardCard = (page: Page, name: string) => async () => minorIn(await page.getByRole('region', { name }).innerText());

async function overflowsSideways(page: Page): Promise<boolean> {
  return (await page.evaluate('document.documentElement.scrollWidth > window.innerWidth + 1')) as boolean;
}

async function choose(page: Page, label: string, option: string | RegExp): Promise<void> {
  await page.getByRole('combobox', { name: new RegExp(`^${label}`) }).click();
  await page.getByRole('option', typeof option === 'string' ? { name: option, exact: true } : { name: option }).click();
  await page.getByRole('listbox').waitFor({ state: 'hidden' });
}

describe('a withdrawal: a bank method, a request, paid in the console', () => {
  let browser: Browser;
  let merchant: Page;
  let admin: Page;

  beforeAll(async () => {
    browser = await launch();
    merchant = await (await browser.newContext({ viewport: DESKTOP, baseURL: baseUrl() })).newPage();
    merchant.setDefaultTimeout(20_000);
    await signInThroughApi(merchant, MERCHANT);
    admin = await (await browser.newContext({ viewport: DESKTOP, baseURL: baseUrl() })).newPage();
    admin.setDefaultTimeout(20_000);
    await signInThroughApi(admin, DEMO_ADMIN, { landing: { path: '/', text: 'Review the stores' } });
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('adds a bank transfer method: the fields of the method, the IBAN checked, then listed masked', async () => {
    await merchant.goto('/app/with-drawal');
    await merchant.getByRole('heading', { level: 1, name: 'Withdrawals' }).waitFor();
    await merchant.getByRole('link', { name: 'Add Method' }).click();
    await merchant.waitForURL('**/app/add-with-drawal-methods');
    await merchant.getByRole('heading', { level: 1, name: 'Add Withdrawal Method' }).waitFor();
    // The wallets come a second after the screen opens.
    await expect.poll(() => merchant.getByRole('combobox', { name: /^Currency/ }).isEnabled(), POLL).toBe(true);
    await choose(merchant, 'Currency', 'AED');
    await choose(merchant, 'Method', 'Bank Transfer');
    await merchant.getByRole('textbox', { name: 'Account Name' }).fill(ACCOUNT_NAME);
    await merchant.getByRole('textbox', { name: 'IBAN' }).fill('AE08 0331 2345 6789 0123 456');
    await merchant.getByRole('textbox', { name: 'SWIFT/BIC' }).fill('NBADAEAAXXX');
    await merchant.getByRole('button', { name: 'Add', exact: true }).click();
    await merchant.getByText('The IBAN is not valid: its check digits do not match.').first().waitFor();
    await expectAccessible(merchant, 'add withdrawal method (refused IBAN)');
    await screenshot(merchant, 'withdrawal-method-add');
    await merchant.getByRole('textbox', { name: 'IBAN' }).fill(IBAN);
    await merchant.getByRole('button', { name: 'Add', exact: true }).click();
    await merchant.waitForURL(/\/app\/with-drawal(\?|$)/, POLL);
    const row = merchant.locator('tr', { hasText: ACCOUNT_NAME }).first();
    await row.waitFor(POLL);
    expect(await row.textContent()).toContain('*******************3456');
    await row.getByRole('button', { name: 'View Details' }).click();
    const details = merchant.getByRole('dialog', { name: 'Withdrawal Method Details' });
    await details.waitFor();
    expect(await details.textContent()).toContain('NBADAEAAXXX');
    await expectAccessible(merchant, 'withdrawal method details', { outline: false });
    await merchant.keyboard.press('Escape');
    await details.waitFor({ state: 'hidden' });
  });

  it('asks for a withdrawal: the amount is held at once, and the request is Pending on the requests tab', async () => {
    const before = await availableMinor(MERCHANT.email, 'AED');
    await merchant.goto('/app/with-drawal?tab=2');
    await merchant.getByRole('link', { name: 'Add Request' }).click();
    await merchant.waitForURL('**/app/add-with-drawal-request');
    await merchant.getByRole('heading', { level: 1, name: 'New Withdrawal Request' }).waitFor();
    await choose(merchant, 'Wallet', 'AED');
    await choose(merchant, 'Method', /Bank Transfer · \*{4}3456/);
    await merchant.getByRole('textbox', { name: 'Amount' }).fill('12.34');
    await expectAccessible(merchant, 'new withdrawal request');
    await screenshot(merchant, 'withdrawal-request-add');
    await merchant.getByRole('button', { name: 'Add', exact: true }).click();
    await merchant.waitForURL('**/app/with-drawal?tab=2', POLL);
    const row = merchant.locator('tr', { hasText: '12.34' }).filter({ hasText: 'Pending' }).first();
    await row.waitFor(POLL);
    expect(await availableMinor(MERCHANT.email, 'AED')).toBe(before - 1234);
    await expectAccessible(merchant, 'withdrawal requests');
    await screenshot(merchant, 'withdrawal-requests');
    await expectLedgerHolds();
  });

  it('is marked Paid in the console with the bank reference: the open dashboard’s On Hold falls, the details show it', async () => {
    // The merchant's dashboard stays open while the console pays: the live notice moves its card.
    await merchant.goto('/app');
    await merchant.getByRole('region', { name: 'On Hold Balance' }).waitFor();
    await expect.poll(dashboardCard(merchant, 'On Hold Balance'), POLL).not.toBeNull();
    const onHoldBefore = (await dashboardCard(merchant, 'On Hold Balance')())!;
    await admin.goto('/console/withdrawals');
    const queued = admin.locator('tr', { hasText: '12.34' }).filter({ hasText: 'Pending' }).first();
    await queued.waitFor(POLL);
    await expectAccessible(admin, 'console withdrawals');
    await screenshot(admin, 'console-withdrawals');
    await queued.getByRole('button', { name: 'Paid' }).click();
    const dialog = admin.getByRole('dialog', { name: 'Mark withdrawal paid' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Paid' }).click();
    await dialog.getByText('The reference id field is required').waitFor();
    await dialog.getByRole('textbox', { name: 'Reference Id' }).fill(REFERENCE);
    await dialog.getByRole('textbox', { name: 'Comment' }).fill('Sent by SWIFT');
    await dialog.getByRole('button', { name: 'Paid' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(dashboardCard(merchant, 'On Hold Balance'), { timeout: 15_000, interval: 250 }).toBe(onHoldBefore - 1234);

    await merchant.goto('/app/with-drawal?tab=2');
    const row = merchant.locator('tr', { hasText: REFERENCE }).first();
    await row.waitFor(POLL);
    expect(await row.textContent()).toContain('Paid');
    await row.getByRole('button', { name: 'View Details' }).click();
    const details = merchant.getByRole('dialog', { name: 'Withdrawal Request Details' });
    await details.waitFor();
    const cells = await details.getByRole('table', { name: 'Withdrawal request details' }).getByRole('row').allTextContents();
    expect(cells).toHaveLength(3);
    expect(cells[0]).toContain('S.NO');
    expect(cells[1]).toContain('N/A');
    expect(cells[2]).toContain('Sent by SWIFT');
    expect(cells[2]).toContain(REFERENCE);
    await expectAccessible(merchant, 'withdrawal request details', { outline: false });
    await screenshot(merchant, 'withdrawal-request-details');
    await merchant.keyboard.press('Escape');
    await expectLedgerHolds();
  });

  it('fits a phone without sideways overflow, axe clean', async () => {
    await merchant.setViewportSize(PHONE);
    await merchant.goto('/app/with-drawal?tab=2');
    await merchant.locator('[data-withdrawal-id]', { hasText: REFERENCE }).first().waitFor(POLL);
    expect(await overflowsSideways(merchant)).toBe(false);
    await expectAccessible(merchant, 'withdrawal requests (phone)');
    await screenshot(merchant, 'withdrawal-requests-phone');
    await merchant.goto('/app/add-with-drawal-methods');
    await merchant.getByRole('heading', { level: 1, name: 'Add Withdrawal Method' }).waitFor();
    expect(await overflowsSideways(merchant)).toBe(false);
    await expectAccessible(merchant, 'add withdrawal method (phone)');
    await merchant.getByRole('button', { name: 'Back' }).click();
    await merchant.waitForURL(/\/app\/with-drawal(\?|$)/);
  });
});
