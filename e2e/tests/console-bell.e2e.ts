// The operations console's bell in a real browser: the demo administrator opens the console
// with its live stream; a notification written to them (the dev notice, POST /api/dev/notice,
// through the server's one notify; the one real notice an administrator gets, a ledger breach,
// is followed end to end in ledger-health.e2e.ts) arrives live as a toast, the bell counts it, the
// panel lists it unread; 'Read all notifications' clears the count. At phone width (390x844) the
// bell and its open panel fit without sideways overflow; axe finds no serious violation with the
// panel open. The ledger's invariants hold at the end.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { DEMO_ADMIN } from '../support/accounts.ts';
import { seriousViolations } from '../support/axe.ts';
import { baseUrl, expectLedgerHolds, launch, screenshot } from '../support/browser.ts';
import { consoleBell, expectFitsWidth, readAllNotifications } from '../support/console.ts';
import { signInThroughApi } from '../support/sign-in.ts';

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };
const POLL = { timeout: 20_000 };

/** A dev notice to the demo administrator: the message it wrote. */
async function sendNotice(): Promise<string> {
  const response = await fetch(`${baseUrl()}/api/dev/notice?email=${encodeURIComponent(DEMO_ADMIN.email)}`, { method: 'POST' });
  expect(response.status).toBe(200);
  return ((await response.json()) as { data: { message: string } }).data.message;
}

describe('the console bell', () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;

  const bell = () => consoleBell(page).bell;
  const panel = () => consoleBell(page).panel;

  beforeAll(async () => {
    browser = await launch();
    context = await browser.newContext({ baseURL: baseUrl(), viewport: DESKTOP });
    page = await context.newPage();
    page.setDefaultTimeout(20_000);
    // The live stream is open once /api/events answers 200: a notice sent after that arrives live.
    const streamOpen = page.waitForResponse(
      (response) => response.url().includes('/api/events?ticket=') && response.status() === 200,
      POLL,
    );
    await signInThroughApi(page, DEMO_ADMIN, { landing: { path: '/', text: 'Review the stores' } });
    await streamOpen;
  });
  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await expectLedgerHolds();
  });

  it('shows a notification that arrives live, counts it, lists it, and read all clears the count', async () => {
    await readAllNotifications(page);

    const message = await sendNotice();
    // The toast of the live event, and the bell's count.
    await page.getByRole('alert').filter({ hasText: message }).first().waitFor(POLL);
    await expect.poll(() => bell().getAttribute('aria-label'), POLL).toBe('Notifications, 1 unread');

    await bell().click();
    await panel().waitFor();
    const row = panel().locator('li', { hasText: message });
    await row.waitFor(POLL);
    expect(await row.getAttribute('data-unread')).toBe('true');
    expect(await panel().getByText('1 unread').isVisible()).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'console-bell-open');

    await panel().getByRole('button', { name: 'Read all notifications' }).click();
    await expect.poll(() => bell().getAttribute('aria-label'), POLL).toBe('Notifications');
    await expect.poll(() => row.getAttribute('data-unread'), POLL).toBe('false');
    expect(await panel().getByRole('button', { name: 'Read all notifications' }).isDisabled()).toBe(true);
    await bell().click();
    await panel().waitFor({ state: 'hidden' });
  });

  it('fits a phone with the panel open, and passes axe', async () => {
    await page.setViewportSize(PHONE);
    const message = await sendNotice();
    await expect.poll(() => bell().getAttribute('aria-label'), POLL).toBe('Notifications, 1 unread');
    await bell().click();
    await panel().locator('li', { hasText: message }).waitFor(POLL);
    await expectFitsWidth(page);
    const box = await panel().boundingBox();
    expect(box).not.toBeNull();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(PHONE.width);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'console-bell-phone');
    await panel().getByRole('button', { name: 'Read all notifications' }).click();
    await expect.poll(() => bell().getAttribute('aria-label'), POLL).toBe('Notifications');
    await page.setViewportSize(DESKTOP);
  });
});
