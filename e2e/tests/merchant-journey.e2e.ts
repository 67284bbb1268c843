// The merchant's journey through its own screens, in a real browser against the platform as
// `npm start` runs it. The demo merchant creates a single-use link in Add Payment Link (its
// redirect URL a local HTTP server on 127.0.0.1 standing in for the merchant's site) and reads
// its payment URL from the list; a customer in a FRESH browser context (no session, nothing
// stored) pays it with the frictionless card and lands on the merchant's site with
// status=succeeded and the transactionId; the link opened again says it is paid and shows no
// form, and the merchant's list and Link Transactions say Paid. A second, multiple-use link made in the form is paid with the challenge card through
// the 3-D Secure page. Back in the merchant's browser: each link's Link Transactions shows its
// payment (amount, fee, VAT, status), its Payment Attempts and the attempt's log show the
// steps, and the on-hold balance on the home grew by exactly the two net amounts
// (amount - fee - VAT, docs/merchant-payments.md). The list (with the Paid link) and Link
// Transactions are photographed and checked by axe at desktop and phone width. Ends with the
// ledger check.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { DESKTOP, photographAndCheck } from '../support/axe.ts';
import { baseUrl, expectLedgerHolds, launch, ledgerCheck } from '../support/browser.ts';
import { MERCHANT, signInThroughApi } from '../support/sign-in.ts';
import { cellByTitle, showColumn } from '../support/table.ts';

const POLL = { timeout: 20_000 };
const FUTURE_YY = String((new Date().getUTCFullYear() + 3) % 100).padStart(2, '0');
/** The demo merchant's card fee in AED (the seeded schedule): 2.5% + 1.00, and 5% VAT on the fee. */
const FEE_BPS = 250;
const FEE_FIXED_MINOR = 100;
const VAT_BPS = 500;

/** Basis points of an amount in minor units, rounded half away from zero once (as the server does). */
const percentOf = (minor: number, bps: number) => Math.round((minor * bps) / 10_000);
const expectedCharges = (minor: number) => {
  const fee = percentOf(minor, FEE_BPS) + FEE_FIXED_MINOR;
  return { fee, vat: percentOf(fee, VAT_BPS) };
};

/** An amount as the screens show it ('1,234.50 AED') back in minor units. */
function minorOf(text: string): number {
  const number = /-?[\d,]+\.\d+/.exec(text)?.[0];
  if (!number) throw new Error(`No amount in "${text}"`);
  return Math.round(Number(number.replace(/,/g, '')) * 100);
}

/** The merchant's own site: a page that says thanks, and the query each visit arrived with. */
function merchantSite(): Promise<{ url: string; visits: URL[]; close: () => Promise<void> }> {
  const visits: URL[] = [];
  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    visits.push(url);
    response.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
    response.end('<!doctype html><html lang="en"><title>Shop</title><main><h1>Thanks from the shop</h1></main></html>');
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolve({ url: `http://127.0.0.1:${port}`, visits, close: () => new Promise((done) => server.close(() => done())) });
    });
  });
}

interface CreatedLink {
  id: number;
  token: string;
  paymentUrl: string;
  amountMinor: number;
}

interface Payment {
  link: CreatedLink;
  transactionId: string;
  /** The attempt the payment went through, when the checkout's URL named it (after 3-D Secure). */
  attemptUuid?: string;
  /** The steps its attempt's log must show, in this order (others may come between). */
  steps: string[];
}

describe('the merchant journey: a link made on screen, paid by a customer, seen by the merchant', () => {
  let browser: Browser;
  let merchant: Page;
  let customer: BrowserContext;
  let shop: Awaited<ReturnType<typeof merchantSite>>;
  let onHoldBefore = 0;
  const stamp = Date.now();
  const payments: Payment[] = [];
  let singleUse: CreatedLink;
  let multipleUse: CreatedLink;

  beforeAll(async () => {
    browser = await launch();
    shop = await merchantSite();
    const merchantContext = await browser.newContext({ viewport: DESKTOP, baseURL: baseUrl() });
    merchant = await merchantContext.newPage();
    merchant.setDefaultTimeout(20_000);
    await signInThroughApi(merchant, MERCHANT);
    // The customer: a fresh context, no session, nothing stored.
    customer = await browser.newContext({ viewport: DESKTOP, baseURL: baseUrl() });
  });
  afterAll(async () => {
    await customer?.close();
    await browser?.close();
    await shop?.close();
  });

  /** The on-hold balance of the AED wallet (the one the shell starts on) as the home's On Hold Balance card shows it, checked against the ledger. */
  async function onHoldShown(): Promise<number> {
    await merchant.goto('/app');
    const card = merchant.getByRole('region', { name: 'On Hold Balance' });
    await card.waitFor(POLL);
    await expect.poll(() => card.innerText(), POLL).toMatch(/\d[\d,]*\.\d+\s*AED|AED\s*\d[\d,]*\.\d+/);
    const amountLine = (await card.innerText()).split('\n').find((line) => /\d[\d,]*\.\d+\s*AED|AED\s*\d[\d,]*\.\d+/.test(line))!;
    const shown = minorOf(amountLine);
    const stored = (await ledgerCheck(MERCHANT.email)).wallets.find((wallet) => wallet.code.trim() === 'AED' && wallet.is_default !== 2);
    expect(shown, 'the home shows the stored on-hold balance').toBe(stored?.balance_on_hold);
    return shown;
  }

  async function linkIds(rows: Locator): Promise<number[]> {
    return (await rows.evaluateAll((elements) => elements.map((element) => Number(element.getAttribute('data-link-id'))))) as number[];
  }

  /** Add Payment Link on screen: AED, the Online Shop channel, Visa and Mastercard, back to the list. */
  async function createLinkOnScreen(amount: string, type: 'Single' | 'Multiple', order: string): Promise<CreatedLink> {
    await merchant.goto('/app/payment-link');
    await merchant.getByRole('heading', { name: 'Payment Links' }).waitFor();
    // The seeded links are there from the start: the newest id before this one is made.
    const rows = merchant.locator('tr[data-link-id]');
    await rows.first().waitFor(POLL);
    const newestBefore = Math.max(...(await linkIds(rows)));
    await merchant.getByRole('link', { name: 'Add New Link' }).click();
    await merchant.waitForURL('**/app/payment-link/add');
    await merchant.getByRole('heading', { name: 'Add Payment Link' }).waitFor();
    await merchant.getByRole('combobox', { name: /Currency/ }).click();
    await merchant.getByRole('option', { name: 'AED' }).click();
    await merchant.getByRole('combobox', { name: /Channel/ }).click();
    await merchant.getByRole('option', { name: /Online Shop/ }).click();
    await merchant.getByRole('combobox', { name: /Schemas/ }).click();
    await merchant.getByRole('option', { name: 'Visa' }).click();
    await merchant.getByRole('option', { name: 'Mastercard' }).click();
    await merchant.keyboard.press('Escape');
    await merchant.getByLabel(/^Amount/).fill(amount);
    await merchant.getByRole('radio', { name: type }).check();
    await merchant.getByLabel('Expires in days').fill('1');
    await merchant.getByRole('switch', { name: 'Advance Settings' }).check({ force: true });
    await merchant.getByLabel('Redirect URL').fill(`${shop.url}/thanks?order=${order}`);
    await merchant.getByLabel('Description').fill(`Journey ${order} ${stamp}`);
    await merchant.getByRole('button', { name: 'Save' }).click();
    await merchant.waitForURL((url) => url.pathname === '/app/payment-link', POLL);

    // The list first shows what it held before the save, then reads again: the new link is the
    // row whose id is above every id seen before.
    await expect.poll(async () => Math.max(...(await linkIds(rows))), POLL).toBeGreaterThan(newestBefore);
    const id = Math.max(...(await linkIds(rows)));
    const row = merchant.locator(`tr[data-link-id="${id}"]`);
    await expect.poll(() => row.innerText(), POLL).toContain(`${amount} AED`);
    // The type starts hidden under Columns (the list fits 1280 px without it): shown, it reads the link's.
    await showColumn(merchant, 'Payment Links', 'Type');
    expect(await cellByTitle(merchant, 'Payment Links', row, 'Type')).toContain(type);
    // The payment URL as the merchant reads it from the screen: the row's Open link.
    const paymentUrl = await row.getByRole('link', { name: `Open payment link ${id}` }).getAttribute('href');
    const token = await row.getAttribute('data-token');
    expect(paymentUrl).toBe(`${baseUrl()}/pay/${token}`);
    return { id, token: token!, paymentUrl: paymentUrl!, amountMinor: minorOf(amount) };
  }

  async function fillAndPay(page: Page, card: string): Promise<void> {
    await page.getByLabel('Name', { exact: true }).fill('Layla Haddad');
    await page.getByLabel('Country').fill('United Arab Emirates');
    await page.getByLabel('City').fill('Dubai');
    await page.getByLabel('Card holder name').fill('Layla Haddad');
    await page.getByLabel('Card number').fill(card);
    await page.getByLabel('Expiry (MM/YY)').fill(`09${FUTURE_YY}`);
    await page.getByLabel('CVC').fill('123');
    await page.getByRole('button', { name: /^Pay AED/ }).click();
  }

  it('reads the on-hold balance on the home, then creates a single-use link in Add Payment Link', async () => {
    onHoldBefore = await onHoldShown();
    singleUse = await createLinkOnScreen('60.00', 'Single', 'J1');
  });

  it('a customer in a fresh browser pays it with the frictionless card and lands on the merchant’s site', async () => {
    const page = await customer.newPage();
    await page.goto(singleUse.paymentUrl);
    await page.getByRole('heading', { name: 'Pay AED 60.00' }).waitFor(POLL);
    await fillAndPay(page, '4242424242424242');
    await page.getByRole('heading', { name: 'Payment successful' }).waitFor(POLL);
    const transactionId = (await page.getByTestId('transaction-id').textContent())!.trim();
    expect(transactionId).toMatch(/^[0-9a-f-]{36}$/);
    // Back on the merchant's site by itself, a few seconds later.
    await page.waitForURL(`${shop.url}/thanks**`, POLL);
    expect(Object.fromEntries(new URL(page.url()).searchParams)).toEqual({ order: 'J1', status: 'succeeded', transactionId });
    await page.getByRole('heading', { name: 'Thanks from the shop' }).waitFor();
    payments.push({
      link: singleUse,
      transactionId,
      steps: ['page opened', 'details submitted', 'Card checked', 'Acquirer answered', 'Approved', 'Posted'],
    });

    // Opened again: the single-use link says it is paid, and there is no form to pay it twice.
    await page.goto(singleUse.paymentUrl);
    await page.getByRole('heading', { name: 'Already paid' }).waitFor(POLL);
    expect(await page.getByLabel('Card number').count()).toBe(0);
    expect(await page.getByRole('button', { name: /^Pay AED/ }).count()).toBe(0);
    await page.close();
  });

  it('a second, multiple-use link made in the form is paid with the challenge card through 3-D Secure', async () => {
    multipleUse = await createLinkOnScreen('80.00', 'Multiple', 'J2');
    const page = await customer.newPage();
    await page.goto(multipleUse.paymentUrl);
    await page.getByRole('heading', { name: 'Pay AED 80.00' }).waitFor(POLL);
    await fillAndPay(page, '4000000000003220');
    // The card issuer's check (the sandbox's page), then back on the checkout with the attempt.
    await page.waitForURL('**/gateway/3ds/**', POLL);
    await page.getByRole('button', { name: 'Approve' }).click();
    await page.waitForURL(`**/pay/${multipleUse.token}?attempt=**`, POLL);
    const attemptUuid = new URL(page.url()).searchParams.get('attempt')!;
    await page.getByRole('heading', { name: 'Payment successful' }).waitFor(POLL);
    const transactionId = (await page.getByTestId('transaction-id').textContent())!.trim();
    await page.waitForURL(`${shop.url}/thanks**`, POLL);
    expect(Object.fromEntries(new URL(page.url()).searchParams)).toEqual({ order: 'J2', status: 'succeeded', transactionId });
    payments.push({
      link: multipleUse,
      transactionId,
      attemptUuid,
      steps: ['page opened', 'details submitted', 'Card checked', '3-D Secure shown', '3-D Secure approved', 'Posted'],
    });
    await page.close();
  });

  it('shows the merchant each payment in Link Transactions, the attempts and their logs, and the on-hold balance grown by both net amounts', async () => {
    expect(payments).toHaveLength(2);
    let netTotal = 0;
    for (const [index, payment] of payments.entries()) {
      // Link Transactions, opened from the list's View.
      await merchant.goto('/app/payment-link');
      const listRow = merchant.locator(`tr[data-link-id="${payment.link.id}"]`);
      await listRow.waitFor(POLL);
      // The single-use link took its one payment: it reads Paid, with no status switch; the
      // multiple-use one keeps its switch (docs/payment-links.md, Paid).
      const paid = payment.link === singleUse;
      const statusSwitch = listRow.getByRole('switch', { name: `Status of link ${payment.link.id}` });
      expect(await statusSwitch.count()).toBe(paid ? 0 : 1);
      expect(await listRow.getByText('Paid', { exact: true }).count()).toBe(paid ? 1 : 0);
      // Nor does its expiry count down any more: it takes nothing, whatever the time.
      expect(await listRow.getByText(/^\d+h \d\dm \d\ds$/).count()).toBe(paid ? 0 : 1);
      if (paid) await photographAndCheck(merchant, 'merchant-journey-09-list-paid');
      await listRow.getByRole('button', { name: 'View' }).click();
      await merchant.waitForURL(`**/app/payment-link/view?id=${payment.link.id}`);
      await merchant.getByRole('heading', { name: 'Link Transactions' }).waitFor();
      await expect.poll(() => merchant.getByTestId('link-token').innerText(), POLL).toBe(payment.link.token);
      expect(await merchant.getByTestId('link-status').textContent()).toBe(paid ? 'Paid' : 'Active');
      const row = merchant.locator(`tr[data-uuid="${payment.transactionId}"]`);
      await row.waitFor(POLL);
      const cell = (title: string) => cellByTitle(merchant, 'Link Transactions', row, title);
      expect(await cell('Amount')).toBe(`${(payment.link.amountMinor / 100).toFixed(2)} AED`);
      expect(await cell('Status')).toBe('Success');
      expect(await cell('Customer Name')).toBe('Layla Haddad');
      // Fee and VAT as the screen shows them, which are the seeded schedule's.
      const fee = minorOf(await cell('Fee'));
      const vat = minorOf(await cell('VAT'));
      expect({ fee, vat }).toEqual(expectedCharges(payment.link.amountMinor));
      netTotal += payment.link.amountMinor - fee - vat;
      expect(await merchant.getByTestId('link-transactions-count').innerText()).toBe('1');
      if (index === 0) await photographAndCheck(merchant, 'merchant-journey-10-link-transactions');

      // Payment Attempts, then the attempt's log with its steps in order.
      await merchant.getByRole('link', { name: 'Back' }).click();
      await merchant.waitForURL((url) => url.pathname === '/app/payment-link');
      await listRow.getByRole('button', { name: 'Attempts' }).click();
      await merchant.waitForURL(`**/app/payment-link/attempt/${payment.link.token}`);
      await merchant.getByRole('heading', { name: 'Payment Attempts' }).waitFor();
      const attempts = merchant.locator('tr[data-attempt]');
      await attempts.first().waitFor(POLL);
      // One page opened, one attempt; coming back from 3-D Secure continues the same attempt.
      expect(await attempts.count()).toBe(1);
      const attempt = payment.attemptUuid ? merchant.locator(`tr[data-attempt="${payment.attemptUuid}"]`) : attempts.first();
      await attempt.getByRole('button', { name: 'Logs' }).click();
      await merchant.waitForURL(`**/app/payment-link/attempt/${payment.link.token}/detail?attempt=*`);
      await merchant.getByTestId('attempt-title').waitFor(POLL);
      const titles = merchant.locator('.mantine-Timeline-itemTitle');
      await expect.poll(() => titles.count(), POLL).toBeGreaterThanOrEqual(payment.steps.length);
      const shown = (await titles.allInnerTexts()).map((title) => title.trim());
      expect(
        shown.filter((title) => payment.steps.includes(title)),
        `the log's steps: ${JSON.stringify(shown)}`,
      ).toEqual(payment.steps);
      expect(await merchant.getByText('Step 1', { exact: false }).first().isVisible()).toBe(true);
    }

    expect((await onHoldShown()) - onHoldBefore).toBe(netTotal);
    await expectLedgerHolds();
  });
});
