// The console's Ledger health in a real browser: the administrator opens it from the console
// menu, reads a green "Healthy" with the last checks, runs "Check now" (the button shows its
// progress, then a full check by the administrator tops the last checks and the totals per
// currency appear, AED balanced). axe finds no serious violation and the screen fits a phone
// (390x844) without sideways overflow. The ledger's invariants hold at the end.
import { afterAll, describe, expect, it } from 'vitest';
import { DESKTOP, PHONE, seriousViolations } from '../support/axe.ts';
import { expectLedgerHolds, screenshot } from '../support/browser.ts';
import { consoleAdminPage, overflowsSideways } from '../support/console.ts';

const POLL = { timeout: 20_000 };

describe('the ledger health page in the console', () => {
  const admin = consoleAdminPage();
  afterAll(async () => {
    await expectLedgerHolds();
  });

  it('opens from the menu, reads healthy, and runs a full check now', async () => {
    const page = admin.page;
    await page.getByRole('navigation', { name: 'Console menu' }).getByRole('link', { name: 'Ledger health' }).click();
    await page.waitForURL('**/console/ledger-health', POLL);
    await page.getByRole('heading', { level: 1, name: 'Ledger health' }).waitFor();
    await page.locator('[data-ledger-state="healthy"]').waitFor(POLL);
    expect(await page.getByRole('heading', { level: 2, name: 'Healthy' }).isVisible()).toBe(true);

    const fullChecks = page.locator('tr[data-check-kind="full"]');
    const before = await fullChecks.count();
    const button = page.getByRole('button', { name: 'Check now' });
    await button.click();
    // The answer decides when the progress ends: wait for the new full check, then for the button to be free.
    await page.waitForFunction(`document.querySelectorAll('tr[data-check-kind="full"]').length > ${Math.min(before, 19)}`, undefined, POLL);
    await page.waitForFunction('!document.querySelector(\'[aria-label="Checking the ledger"]\')', undefined, POLL);
    expect(await page.locator('tbody tr').first().getAttribute('data-check-kind')).toBe('full');
    expect(await page.locator('tbody tr').first().textContent()).toContain('Full (by ');
    expect(await page.locator('tbody tr').first().textContent()).toContain('None');
    expect(await button.isEnabled()).toBe(true);

    const aed = page.locator('[data-currency="AED"]');
    await aed.waitFor(POLL);
    expect(await aed.textContent()).toContain('Balanced');
    await page.locator('[data-ledger-state="healthy"]').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'console-ledger-health');
  });

  it('fits a phone without sideways overflow and passes axe', async () => {
    const page = admin.page;
    await page.setViewportSize(PHONE);
    await page.locator('[data-currency="AED"]').waitFor(POLL);
    await page.getByRole('button', { name: 'Check now' }).waitFor();
    expect(await overflowsSideways(page)).toBe(false);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'console-ledger-health-phone');
    await page.setViewportSize(DESKTOP);
  });
});
