// The console's Ledger health in a real browser: the administrator opens it from the console
// menu, reads a green "Healthy" with the last checks, runs "Check now" (the button shows its
// progress, then a full check by the administrator tops the last checks and the totals per
// currency appear, AED balanced). axe finds no serious violation and the screen fits a phone
// (390x844) without sideways overflow. A real breach: the demo consumer's stored AED balance is
// changed behind the ledger's back (an UPDATE of the wallet row without an entry, through the
// dev-only POST /api/dev/wallet-balance, which exists only outside production); Check now finds
// it, the page turns red with the breach naming the wallet, and the console's bell tells the
// administrator (the toast of the live notice, the count, the panel's unread row); the balance is
// put back and the next check reads healthy again. The ledger's invariants hold at the end.
import { afterAll, describe, expect, it } from 'vitest';
import { DESKTOP, PHONE, seriousViolations } from '../support/axe.ts';
import { baseUrl, expectLedgerHolds, screenshot } from '../support/browser.ts';
import { consoleAdminPage, consoleBell, expectFitsWidth, readAllNotifications } from '../support/console.ts';
import { CONSUMER } from '../support/sign-in.ts';

const POLL = { timeout: 20_000 };
/** What the administrators' notice of one new breach begins with. */
const BREACH_NOTICE = 'The ledger check found a breach';

/** Changes the demo consumer's stored AED balance by `by` minor units with no entry: the wallet's id. */
async function shiftConsumerBalance(by: number): Promise<number> {
  const query = new URLSearchParams({ email: CONSUMER.email, currency: 'AED', by: String(by) });
  const response = await fetch(`${baseUrl()}/api/dev/wallet-balance?${query}`, { method: 'POST' });
  expect(response.status).toBe(200);
  return ((await response.json()) as { data: { walletId: number } }).data.walletId;
}

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

    // The newest check so far, by id: the list keeps the last checks only, and the minute's
    // incremental checks keep arriving, so neither a count of rows nor the first row is stable.
    const newestBefore = Math.max(
      0,
      ...(await page.locator('tr[data-check-id]').evaluateAll((rows) => rows.map((row) => Number(row.getAttribute('data-check-id'))))),
    );
    const button = page.getByRole('button', { name: 'Check now' });
    await button.click();
    // The answer decides when the progress ends: wait for the new full check, then for the button to be free.
    const newFull = await page.waitForFunction(
      `[...document.querySelectorAll('tr[data-check-kind="full"]')].map((row) => Number(row.getAttribute('data-check-id'))).find((id) => id > ${newestBefore})`,
      undefined,
      POLL,
    );
    const newFullId = (await newFull.jsonValue()) as number;
    await page.waitForFunction('!document.querySelector(\'[aria-label="Checking the ledger"]\')', undefined, POLL);
    const newRow = page.locator(`tr[data-check-id="${newFullId}"]`);
    expect(await newRow.textContent()).toContain('Full (by ');
    expect(await newRow.textContent()).toContain('None');
    expect(await button.isEnabled()).toBe(true);

    const aed = page.locator('[data-currency="AED"]');
    await aed.waitFor(POLL);
    expect(await aed.textContent()).toContain('Balanced');
    await page.locator('[data-ledger-state="healthy"]').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'console-ledger-health');
  });

  it("finds a balance changed behind the ledger's back: the page lists it, the bell tells; healthy again once put back", async () => {
    const page = admin.page;
    const { bell, panel } = consoleBell(page);
    await readAllNotifications(page);
    // Each check is followed by the state it must bring (breached, then healthy).
    const checkNow = () => page.getByRole('button', { name: 'Check now' }).click();

    const walletId = await shiftConsumerBalance(1);
    const breach = page.locator(`tr[data-breach="wallet:${walletId}:available"]`);
    try {
      await checkNow();
      await page.locator('[data-ledger-state="breached"]').waitFor(POLL);
      expect(await page.getByRole('heading', { level: 2, name: '1 breach' }).isVisible()).toBe(true);
      await breach.waitFor(POLL);
      // The administrator is told: the live notice's toast, the bell's count, an unread row.
      await page.getByRole('alert').filter({ hasText: BREACH_NOTICE }).first().waitFor(POLL);
      await expect.poll(() => bell.getAttribute('aria-label'), POLL).toBe('Notifications, 1 unread');
      await bell.click();
      const row = panel.locator('li', { hasText: BREACH_NOTICE });
      await row.waitFor(POLL);
      expect(await row.getAttribute('data-unread')).toBe('true');
      expect(await seriousViolations(page)).toEqual([]);
      await screenshot(page, 'console-ledger-breach');
      await panel.getByRole('button', { name: 'Read all notifications' }).click();
      await expect.poll(() => bell.getAttribute('aria-label'), POLL).toBe('Notifications');
      await bell.click();
      await panel.waitFor({ state: 'hidden' });
    } finally {
      await shiftConsumerBalance(-1);
    }

    // Put back, the next check no longer finds it: resolved, healthy.
    await checkNow();
    await page.locator('[data-ledger-state="healthy"]').waitFor(POLL);
    await breach.waitFor({ state: 'detached', ...POLL });
    await expectLedgerHolds();
  });

  it('fits a phone without sideways overflow and passes axe', async () => {
    const page = admin.page;
    await page.setViewportSize(PHONE);
    await page.locator('[data-currency="AED"]').waitFor(POLL);
    await page.getByRole('button', { name: 'Check now' }).waitFor();
    await expectFitsWidth(page);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'console-ledger-health-phone');
    await page.setViewportSize(DESKTOP);
  });
});
