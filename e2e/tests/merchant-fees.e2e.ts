// The console's card fee schedule in a real browser: the administrator opens Card fees from the
// Merchants list, reads the demo merchant's schedule (VISA and MASTERCARD in AED and USD), edits
// the VISA AED percentage in the modal (a wrong value shows the rule's message on the field),
// sees the table change, and sets it back. axe finds no serious violation and the screen fits
// a phone (390x844) without sideways overflow.
import { describe, expect, it } from 'vitest';
import { DESKTOP, PHONE, seriousViolations } from '../support/axe.ts';
import { screenshot } from '../support/browser.ts';
import { consoleAdminPage, expectFitsWidth } from '../support/console.ts';
import { MERCHANT } from '../support/sign-in.ts';

const POLL = { timeout: 15_000 };

describe('the card fee schedule in the console', () => {
  const admin = consoleAdminPage();

  const feeRow = (fee: string) => admin.page.locator(`[data-fee="${fee}"]`);

  it("opens the demo merchant's schedule from Merchants and edits a fee", async () => {
    const page = admin.page;
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
    const page = admin.page;
    await page.setViewportSize(PHONE);
    await feeRow('VISA-AED').waitFor(POLL);
    expect(await page.locator('[data-fee]').count()).toBe(4);
    await feeRow('VISA-AED').getByRole('button', { name: 'Edit Visa AED' }).waitFor();
    await expectFitsWidth(page);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'console-merchant-fees-phone');
    await page.setViewportSize(DESKTOP);
  });
});
