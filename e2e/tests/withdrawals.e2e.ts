// Withdrawals in a real browser: the demo merchant adds a bank transfer method for its AED
// wallet (the IBAN refused by its checksum first, then accepted and shown masked), asks for a
// withdrawal of 12.34 AED (held at once: available falls by it), the administrator marks it Paid
// in the console with the bank's reference, and the merchant's View Details shows the reference
// in the request's detail rows. The console's queue is searched by the merchant's business name
// or e-mail. The requests tab grows by Load more. A method with a Pending request cannot be
// removed (the server's refusal in a toast); once the request is decided, Remove (after a
// confirm) disables it: the past requests still show it, a new request is not offered it; a
// method no request used is deleted. axe finds no serious violation at desktop and phone width,
// the screens fit a phone, and the ledger's invariants hold.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import {
  addNewWithdrawalCall,
  addWithdrawalMethodCall,
  adminProcessWithdrawalCall,
  getAllWithdrawalMethodsCall,
  getUserWithdrawalMethodsCall,
  getWalletListCall,
} from '@paywallet/contract';
import { DESKTOP, expectAccessible, PHONE } from '../support/axe.ts';
import { availableMinor, expectLedgerHolds, screenshot } from '../support/browser.ts';
import { expectFitsWidth, merchantAndAdminPages } from '../support/console.ts';
import { accepted, apiCall, MERCHANT } from '../support/sign-in.ts';

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

async function choose(page: Page, label: string, option: string | RegExp): Promise<void> {
  await page.getByRole('combobox', { name: new RegExp(`^${label}`) }).click();
  await page.getByRole('option', typeof option === 'string' ? { name: option, exact: true } : { name: option }).click();
  await page.getByRole('listbox').waitFor({ state: 'hidden' });
}

describe('a withdrawal: a bank method, a request, paid in the console', () => {
  const desk = merchantAndAdminPages();
  let merchant: Page;
  let admin: Page;
  let merchantToken: string;
  let adminToken: string;

  beforeAll(() => {
    ({ merchant, admin, merchantToken, adminToken } = desk);
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

  it('searches the console queue by the merchant’s business name or e-mail', async () => {
    await admin.goto('/console/withdrawals?withdrawals.status=all');
    await admin.locator('tr', { hasText: REFERENCE }).first().waitFor(POLL);
    const search = admin.getByRole('searchbox', { name: 'Merchant' });
    await search.fill('coffee roasters');
    await admin.waitForURL((url) => url.searchParams.get('withdrawals.search') === 'coffee roasters', POLL);
    await admin.locator('tr', { hasText: REFERENCE }).first().waitFor(POLL);
    await expectAccessible(admin, 'console withdrawals searched');
    await screenshot(admin, 'console-withdrawals-search');
    await search.fill('no-such-merchant.example');
    await admin.waitForURL((url) => url.searchParams.get('withdrawals.search') === 'no-such-merchant.example', POLL);
    await admin.getByText('No data available').waitFor(POLL);
    await search.fill(MERCHANT.email.slice(0, 12));
    await admin.locator('tr', { hasText: REFERENCE }).first().waitFor(POLL);
    await admin.setViewportSize(PHONE);
    await admin.locator('[data-withdrawal-id]', { hasText: REFERENCE }).first().waitFor(POLL);
    await expectFitsWidth(admin);
    await expectAccessible(admin, 'console withdrawals searched (phone)');
    await screenshot(admin, 'console-withdrawals-search-phone');
    await admin.setViewportSize(DESKTOP);
  });

  it('grows the requests tab by Load more, ten at a time', async () => {
    // Eleven more requests of 0.01 AED (rejected at once: the money goes back to available).
    const methods = await accepted('methods', apiCall(getUserWithdrawalMethodsCall, { flag: 'active' }, merchantToken));
    const method = methods.find((row) => row.details['Account Name'] === ACCOUNT_NAME)!;
    const wallets = await accepted('wallets', apiCall(getWalletListCall, {}, merchantToken));
    const aed = wallets.find((wallet) => wallet.currency.code === 'AED' && wallet.is_default !== 2)!;
    for (let index = 0; index < 11; index += 1) {
      const request = await accepted(
        'withdraw',
        apiCall(addNewWithdrawalCall, { amount: 1, userAccountId: aed.id, withdrawalMethodId: method.id }, merchantToken),
      );
      await accepted(
        'reject',
        apiCall(adminProcessWithdrawalCall, { withdrawalId: request.id, status: 'rejected', comment: 'E2E load more' }, adminToken),
      );
    }
    await merchant.goto('/app/with-drawal?tab=2');
    const rows = merchant.getByRole('table', { name: 'Withdrawal requests' }).locator('tbody tr[data-withdrawal-id]');
    await expect.poll(() => rows.count(), POLL).toBe(10);
    const loadMore = merchant.getByRole('button', { name: 'Load more' });
    await loadMore.waitFor(POLL);
    expect(merchant.url()).not.toContain('page=');
    await screenshot(merchant, 'withdrawal-requests-load-more');
    await loadMore.click();
    await expect.poll(() => rows.count(), POLL).toBeGreaterThan(10);
    expect(new Set(await rows.evaluateAll((items) => items.map((item) => item.getAttribute('data-withdrawal-id')))).size).toBe(
      await rows.count(),
    );
    await expectAccessible(merchant, 'withdrawal requests after Load more');
    await expectLedgerHolds();
  });

  it('removes methods: refused while a request is Pending, then disabled (past requests keep it), an unused one deleted', async () => {
    const methods = await accepted('methods', apiCall(getUserWithdrawalMethodsCall, { flag: 'active' }, merchantToken));
    const used = methods.find((row) => row.details['Account Name'] === ACCOUNT_NAME)!;
    const wallets = await accepted('wallets', apiCall(getWalletListCall, {}, merchantToken));
    const aed = wallets.find((wallet) => wallet.currency.code === 'AED' && wallet.is_default !== 2)!;
    const catalogue = await accepted('catalogue', apiCall(getAllWithdrawalMethodsCall, { currencyId: aed.currency.id }, merchantToken));
    const unusedName = `Never used E2E ${Date.now().toString(36)}`;
    await accepted(
      'add unused method',
      apiCall(
        addWithdrawalMethodCall,
        {
          paymentMethodId: catalogue[0]!.id,
          userAccountId: aed.id,
          details: { 'Account Name': unusedName, IBAN: 'GB82WEST12345698765432', 'SWIFT/BIC': 'NWBKGB2L' },
        },
        merchantToken,
      ),
    );
    const pending = await accepted(
      'withdraw',
      apiCall(addNewWithdrawalCall, { amount: 1, userAccountId: aed.id, withdrawalMethodId: used.id }, merchantToken),
    );

    await merchant.goto('/app/with-drawal');
    const usedRow = merchant.locator('tr', { hasText: ACCOUNT_NAME }).first();
    await usedRow.waitFor(POLL);
    await usedRow.getByRole('button', { name: 'Remove' }).click();
    const confirm = merchant.getByRole('dialog', { name: 'Remove Withdrawal Method' });
    await confirm.waitFor();
    expect(await confirm.textContent()).toContain('past requests keep showing it');
    await expectAccessible(merchant, 'remove withdrawal method confirm', { outline: false });
    await screenshot(merchant, 'withdrawal-method-remove-confirm');
    await confirm.getByRole('button', { name: 'Yes' }).click();
    await merchant.getByText('This withdrawal method has a pending withdrawal request').first().waitFor(POLL);
    await confirm.waitFor({ state: 'hidden' });
    await usedRow.waitFor();

    await accepted(
      'reject',
      apiCall(adminProcessWithdrawalCall, { withdrawalId: pending.id, status: 'rejected', comment: 'E2E remove' }, adminToken),
    );
    await usedRow.getByRole('button', { name: 'Remove' }).click();
    await confirm.getByRole('button', { name: 'Yes' }).click();
    await merchant.getByText('The withdrawal method was disabled').first().waitFor(POLL);
    await usedRow.waitFor({ state: 'detached', ...POLL });
    const unusedRow = merchant.locator('tr', { hasText: unusedName }).first();
    await unusedRow.getByRole('button', { name: 'Remove' }).click();
    await confirm.getByRole('button', { name: 'Yes' }).click();
    await merchant.getByText('The withdrawal method was deleted.').first().waitFor(POLL);
    await unusedRow.waitFor({ state: 'detached', ...POLL });
    await expectAccessible(merchant, 'withdrawal methods after removal');
    await screenshot(merchant, 'withdrawal-methods-after-remove');

    // The past requests still show the disabled method; a new request is not offered it.
    // Twelve newer requests came since (Load more above and the Pending one): it is on the second page.
    await merchant.goto('/app/with-drawal?tab=2');
    await merchant.getByRole('button', { name: 'Load more' }).click(POLL);
    const paidRow = merchant.locator('tr', { hasText: REFERENCE }).first();
    await paidRow.waitFor(POLL);
    expect(await paidRow.textContent()).toContain('Bank Transfer');
    await merchant.goto('/app/add-with-drawal-request');
    await merchant.getByRole('heading', { level: 1, name: 'New Withdrawal Request' }).waitFor();
    await choose(merchant, 'Wallet', 'AED');
    // Its only method for the wallet was the disabled one: the select offers none.
    const methodSelect = merchant.getByRole('combobox', { name: /^Method/ });
    await expect.poll(() => methodSelect.getAttribute('placeholder'), POLL).toBe('No method for this wallet');
    expect(await methodSelect.isDisabled()).toBe(true);
    await expectLedgerHolds();
  });

  it('fits a phone without sideways overflow, axe clean', async () => {
    await merchant.setViewportSize(PHONE);
    await merchant.goto('/app/with-drawal?tab=2');
    await merchant.getByRole('button', { name: 'Load more' }).click(POLL);
    await merchant.locator('[data-withdrawal-id]', { hasText: REFERENCE }).first().waitFor(POLL);
    await expectFitsWidth(merchant);
    await expectAccessible(merchant, 'withdrawal requests (phone)');
    await screenshot(merchant, 'withdrawal-requests-phone');
    await merchant.goto('/app/with-drawal');
    // Every method was removed above: the empty state.
    await merchant.getByText('No data available').first().waitFor(POLL);
    await expectFitsWidth(merchant);
    await expectAccessible(merchant, 'withdrawal methods (phone)');
    await screenshot(merchant, 'withdrawal-methods-phone');
    await merchant.goto('/app/add-with-drawal-methods');
    await merchant.getByRole('heading', { level: 1, name: 'Add Withdrawal Method' }).waitFor();
    await expectFitsWidth(merchant);
    await expectAccessible(merchant, 'add withdrawal method (phone)');
    await merchant.getByRole('button', { name: 'Back' }).click();
    await merchant.waitForURL(/\/app\/with-drawal(\?|$)/);
  });
});
