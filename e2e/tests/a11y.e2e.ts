// Accessibility of every screen of the consumer half, in a real browser against the platform as
// `npm start` runs it. Each screen is checked as a user reaches it (real calls, real data), at
// desktop (1280x800) and phone (390x844) width: axe-core finds no serious or critical violation
// (contrast, names of controls, names matching visible labels, ...), and the page has exactly
// one visible h1 and one main landmark. Every screen is photographed at both widths (in
// e2e/screenshots/, kept out of git). The problems of all the screens of a test are gathered
// and reported together, so one run shows everything that is wrong.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { expectLedgerHolds, launch, newPage, screenshot } from '../support/browser.ts';
import { outlineProblems, seriousViolations } from '../support/axe.ts';
import { CONSUMER, MERCHANT, signInThroughApi } from '../support/sign-in.ts';

const SIZES = [
  ['desktop', { width: 1280, height: 800 }],
  ['phone', { width: 390, height: 844 }],
] as const;
/** The shell animates its navbar when the width crosses a breakpoint; modals fade in. */
const LAYOUT_SETTLE_MS = 400;
const SCREEN_TEST_TIMEOUT_MS = 420_000;
const FRICTIONLESS_CARD = '4242 4242 4242 4242';
const CHALLENGE_CARD = '4000 0000 0000 3220';
const FUTURE_YEAR = String((new Date().getUTCFullYear() + 3) % 100).padStart(2, '0');

/** Checks the screen as it is now at both widths; what is wrong goes into `problems`. */
async function checkScreen(page: Page, name: string, problems: string[]): Promise<void> {
  for (const [size, viewport] of SIZES) {
    await page.setViewportSize(viewport);
    await page.waitForTimeout(LAYOUT_SETTLE_MS);
    await screenshot(page, `a11y-${name}-${size}`);
    for (const problem of [...(await seriousViolations(page)), ...(await outlineProblems(page))]) {
      problems.push(`${name} (${size}): ${problem}`);
    }
  }
  await page.setViewportSize(SIZES[0][1]);
}

/** Waits for the toast of a live notice whose message matches `message`. */
async function liveToast(page: Page, message: RegExp): Promise<void> {
  await page.locator('.mantine-Notification-description').filter({ hasText: message }).first().waitFor();
}

/** Puts values into the page's local storage as the web app keeps them (lib/storage.ts). */
async function storeLocal(page: Page, values: Record<string, unknown>): Promise<void> {
  const encoded = Object.fromEntries(
    Object.entries(values).map(([key, value]) => [`pw.${key}`, `pw1.${Buffer.from(JSON.stringify(value), 'utf8').toString('base64')}`]),
  );
  await page.goto('/api/health');
  await page.evaluate((items) => {
    const storage = (globalThis as unknown as { localStorage: { setItem(key: string, value: string): void } }).localStorage;
    for (const [key, value] of Object.entries(items)) storage.setItem(key, value);
  }, encoded);
}

/** Opens a screen and waits until it has settled: its form or its main content, and no request in flight. */
async function open(page: Page, path: string, ready: (page: Page) => Promise<unknown>): Promise<void> {
  await page.goto(path);
  await ready(page);
  await page.waitForLoadState('networkidle');
}

const formShown = (page: Page) => page.locator('form').first().waitFor();

/** From the deposit's amount step (amount filled) to its card step, the card filled in. */
async function fillCard(page: Page, card: string): Promise<void> {
  await page.getByRole('button', { name: 'Submit' }).click();
  await page.waitForURL('**/app/deposit-money/initiate**');
  await page.getByLabel('Card Holder Name').fill('Omar Nasser');
  await page.getByLabel('Card Number').fill(card);
  await page.getByLabel('Exp Month').fill('09');
  await page.getByLabel('Exp Year').fill(FUTURE_YEAR);
  await page.getByLabel('CVC').fill('123');
}

describe('axe on every screen', () => {
  let browser: Browser;
  /**
   * The demo consumer, signed in once for the file: the server sends an address at most 5 codes
   * in 15 minutes (and an IP 30), and the other browser tests sign this account in too.
   */
  let consumer: Page;
  beforeAll(async () => {
    browser = await launch();
    consumer = await newPage(browser);
    await signInThroughApi(consumer, CONSUMER);
  });
  afterAll(async () => browser?.close());

  it(
    'the sign-in, sign-up and reset screens (1-11) and the KYC form',
    async () => {
      // Proves the auth screens, each with its main landmark and one h1, pass axe at both widths.
      const problems: string[] = [];
      const page = await newPage(browser);
      await open(page, '/auth/send-otp', formShown);
      await checkScreen(page, '01-send-otp', problems);

      // The later screens read the address of the first step from local storage.
      await storeLocal(page, { email: 'a11y-reader@example.com' });
      const screens: Array<[string, string]> = [
        ['/auth/verify-otp', '02-verify-otp'],
        ['/auth/signup', '03-signup'],
        ['/auth/login', '04-login'],
        ['/auth/forget-password', '05-forget-password'],
        ['/auth/set-passcode', '06-set-passcode'],
        ['/auth/passcode-login', '07-passcode-login'],
        ['/auth/verify-email-general', '09-verify-email-general'],
        ['/auth/reset-password', '10-reset-password'],
        ['/auth/reset-pin', '11-reset-pin'],
      ];
      for (const [path, name] of screens) {
        await open(page, path, formShown);
        expect(new URL(page.url()).pathname, name).toBe(path);
        await checkScreen(page, name, problems);
      }

      // The KYC form (screen 8) needs a session.
      await open(consumer, '/auth/user-input', formShown);
      await checkScreen(consumer, '08-kyc', problems);
      expect(problems).toEqual([]);
      await page.context().close();
    },
    SCREEN_TEST_TIMEOUT_MS,
  );

  it(
    "the consumer's home, send money 1-3, deposit 1-2 with the 3-D Secure page, transactions (list, empty, expanded row, details), profile, not available, not found",
    async () => {
      // Proves the consumer's signed-in screens pass axe at both widths, success dialogs included.
      const problems: string[] = [];
      const page = consumer;
      await open(page, '/app', (p) => p.getByText('Welcome,').first().waitFor());
      await checkScreen(page, '12-home-consumer', problems);

      await open(page, '/app/send-money', formShown);
      await page.getByLabel('Email or Phone').fill(MERCHANT.email);
      await checkScreen(page, '13-send-money', problems);
      await page.getByRole('button', { name: 'Send' }).click();
      await page.waitForURL('**/app/send-money/initiate**');
      await page.getByText('Maya Haddad').first().waitFor();
      await page.getByLabel('Amount', { exact: true }).fill('10');
      await page.waitForLoadState('networkidle');
      await checkScreen(page, '14-send-money-initiate', problems);
      await page.getByRole('button', { name: 'Send' }).click();
      await page.waitForURL('**/app/send-money/confirm**');
      await page.getByRole('button', { name: 'Confirm' }).waitFor();
      await checkScreen(page, '15-send-money-confirm', problems);
      await page.getByRole('button', { name: 'Confirm' }).click();
      await page.getByText('Transaction Id').first().waitFor();
      // The live notice of the send arrives as a toast some time after the answer: waited for
      // here, so that axe reads the screen after it (checkScreen waits for toasts to go), never
      // while it fades in (its colours blended with the page: the CI failure of a late toast).
      await liveToast(page, /^You sent AED 10\.00 to Maya Haddad\.$/);
      await checkScreen(page, '15b-send-money-success', problems);

      await open(page, '/app/deposit-money', formShown);
      await page.getByLabel('Amount', { exact: true }).fill('40');
      await page.getByText(/Fee/).first().waitFor();
      await page.waitForLoadState('networkidle');
      await checkScreen(page, '16-deposit', problems);
      await fillCard(page, FRICTIONLESS_CARD);
      await checkScreen(page, '17-deposit-card', problems);
      await page.getByRole('button', { name: 'Deposit' }).click();
      await page.getByText('Transaction Id').first().waitFor();
      await liveToast(page, /^Your deposit of AED 40\.00 was added to your wallet\.$/);
      await checkScreen(page, '17b-deposit-success', problems);

      await open(page, '/app/deposit-money', formShown);
      await page.getByLabel('Amount', { exact: true }).fill('30');
      await page.getByText(/Fee/).first().waitFor();
      await fillCard(page, CHALLENGE_CARD);
      const popup = page.context().waitForEvent('page');
      await page.getByRole('button', { name: 'Deposit' }).click();
      const challenge = await popup;
      await challenge.getByRole('button', { name: 'Approve' }).waitFor();
      await checkScreen(challenge, '18-3ds-challenge', problems);
      await challenge.getByRole('button', { name: 'Approve' }).click();
      await challenge
        .getByText(/approved/i)
        .first()
        .waitFor();
      await checkScreen(challenge, '18b-3ds-result', problems);
      await challenge.close();
      await expectLedgerHolds();

      await open(page, '/app/transactions', (p) => p.locator('tr[data-uuid]').first().waitFor());
      await checkScreen(page, '19-transactions', problems);
      const firstRow = page.locator('tr[data-uuid]').first();
      const uuid = await firstRow.getAttribute('data-uuid');
      await firstRow.getByRole('button', { name: 'Show charges' }).click();
      await page.getByLabel('Charges', { exact: true }).first().waitFor();
      await checkScreen(page, '19b-transactions-expanded', problems);
      await open(page, '/app/transactions?transactionId=ffffffff-ffff', (p) => p.getByText('No data available').first().waitFor());
      await checkScreen(page, '19c-transactions-empty', problems);
      await open(page, `/app/transactions/details/${uuid}`, (p) => p.getByText('Transaction Id').first().waitFor());
      await checkScreen(page, '20-transaction-details', problems);

      await open(page, '/app/profile', (p) => p.getByText(CONSUMER.email).first().waitFor());
      await checkScreen(page, '21-profile', problems);
      await open(page, '/app/my-transactions', (p) => p.getByText('Not available to your account').waitFor());
      await checkScreen(page, '22-not-available', problems);
      await open(page, '/app/no-such-screen', (p) => p.getByRole('heading', { level: 1 }).first().waitFor());
      await checkScreen(page, '23-app-page-not-found', problems);
      await open(page, '/no-such-page', (p) => p.getByText('Page not found').waitFor());
      await checkScreen(page, '23b-page-not-found', problems);
      expect(problems).toEqual([]);
    },
    SCREEN_TEST_TIMEOUT_MS,
  );

  it(
    "request money: both tabs of the list and the new request; the merchant's home, paying a request and its confirmation",
    async () => {
      // Proves the request screens of both sides pass axe at both widths; the payment balances.
      const problems: string[] = [];
      await open(consumer, '/app/request-money/initiate', formShown);
      await consumer.getByLabel('Email or Phone').fill(MERCHANT.email);
      await consumer.getByLabel('Amount', { exact: true }).fill('7');
      await consumer.getByLabel('Notes').fill('Accessible request');
      await checkScreen(consumer, '24-request-create', problems);
      await consumer.getByRole('button', { name: 'Send' }).click();
      await consumer.waitForURL((url) => url.pathname === '/app/request-money');
      // The list shows the new request's row (My Requests has no notes column: the notes' text on
      // this page could only be the form's, still mounted for a moment after the URL changed).
      await consumer
        .getByRole('row', { name: /7\.00 AED Pending/i })
        .first()
        .waitFor();
      await consumer.waitForLoadState('networkidle');
      await checkScreen(consumer, '25-request-money-mine', problems);
      await open(consumer, '/app/request-money?tab=user', (p) => p.getByRole('tab', { selected: true }).waitFor());
      await checkScreen(consumer, '25b-request-money-to-me', problems);

      const merchant = await newPage(browser);
      await signInThroughApi(merchant, MERCHANT);
      await merchant.waitForLoadState('networkidle');
      await checkScreen(merchant, '26-home-merchant', problems);
      await open(merchant, '/app/request-money?tab=user', (p) => p.getByText('Accessible request').first().waitFor());
      await checkScreen(merchant, '26b-request-money-to-merchant', problems);
      await merchant
        .getByRole('row', { name: /Accessible request/ })
        .getByRole('button', { name: 'Accept' })
        .click();
      await merchant.waitForURL('**/app/request-money/pay**');
      await merchant.getByRole('button', { name: 'Confirm' }).waitFor();
      await merchant.waitForLoadState('networkidle');
      await checkScreen(merchant, '27-request-pay', problems);
      await merchant.getByRole('button', { name: 'Confirm' }).click();
      await merchant.waitForURL('**/app/request-money/pay/confirm**');
      await merchant.getByRole('heading', { name: 'Confirm Send Money' }).waitFor();
      await checkScreen(merchant, '28-request-pay-confirm', problems);
      await merchant.getByRole('button', { name: 'Confirm' }).click();
      await merchant.getByText('Transaction Id').first().waitFor();
      await expectLedgerHolds();
      expect(problems).toEqual([]);
      await merchant.context().close();
    },
    SCREEN_TEST_TIMEOUT_MS,
  );

  it('the dev outbox page, which shows a new e-mail without reloading itself', async () => {
    // Proves the dev outbox passes axe at both widths, and that its polling (instead of the old
    // meta refresh) puts a new e-mail in the table and announces it while the page stays put.
    const problems: string[] = [];
    const page = await newPage(browser);
    await open(page, '/dev/outbox', (p) => p.getByRole('heading', { name: 'Dev outbox' }).waitFor());
    await checkScreen(page, '29-dev-outbox', problems);
    expect(problems).toEqual([]);

    // A new address asks for a code on the sign-in screen; the outbox, filtered to it, shows it.
    const address = `outbox-${Date.now()}@example.com`;
    await open(page, `/dev/outbox?email=${encodeURIComponent(address)}`, (p) => p.getByText('No e-mails yet.').waitFor());
    await page.evaluate('window.stillTheSamePage = true');
    const signIn = await newPage(browser);
    await open(signIn, '/auth/send-otp', formShown);
    await signIn.getByLabel('Email').fill(address);
    await signIn.getByRole('button', { name: 'Send' }).click();
    await page.getByRole('status').getByText('1 new e-mail').waitFor({ timeout: 25_000 });
    await page.getByRole('cell', { name: address }).waitFor();
    expect(await page.evaluate('window.stillTheSamePage')).toBe(true);
    await signIn.context().close();
    await page.context().close();
  });
});
