// Payment links on real screens, in a real browser against the platform as `npm start` runs it:
// the demo merchant sees the seeded links (a live countdown, Expired), creates a link through
// Add Payment Link (Save without a schema shows 'The Schema field is required' first; the
// Advance Settings reveal the optional fields), finds it in the list counting down, switches its
// status with the confirm (No leaves it on, Yes turns it off), opens its transactions and its
// attempts, and an attempt's log on a seeded link. axe finds no serious or critical violation
// on each screen at desktop (1280x800) and phone (390x844) width, and each is photographed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { getPaymentLinkInfoCall, PAYMENT_LINK_MESSAGES } from '@paywallet/contract';
import { DESKTOP, photographAndCheck } from '../support/axe.ts';
import { baseUrl, launch } from '../support/browser.ts';
import { apiCall, MERCHANT, signInThroughApi } from '../support/sign-in.ts';

const POLL = { timeout: 15_000 };

describe('payment links', () => {
  let browser: Browser;
  let page: Page;
  let token: string;
  const description = `E2E link ${Date.now()}`;
  let created: { id: number; token: string };

  beforeAll(async () => {
    browser = await launch();
    const context = await browser.newContext({ viewport: DESKTOP, baseURL: baseUrl() });
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl() });
    page = await context.newPage();
    page.setDefaultTimeout(20_000);
    token = await signInThroughApi(page, MERCHANT);
  });
  afterAll(async () => browser?.close());

  it('lists the seeded links with a live countdown and Expired', async () => {
    await page.goto('/app/payment-link');
    await page.getByRole('heading', { name: 'Payment Links' }).waitFor();
    await expect.poll(() => page.locator('[data-link-id]').count(), POLL).toBeGreaterThanOrEqual(4);
    await expect.poll(() => page.getByText('Expired').first().isVisible(), POLL).toBe(true);
    const countdown = page.getByText(/^6d \d\dh \d\dm \d\ds$/).first();
    await countdown.waitFor();
    const first = await countdown.innerText();
    await expect.poll(() => countdown.innerText(), { timeout: 5_000 }).not.toBe(first);
    await photographAndCheck(page, 'payment-links-10-list');
  });

  it('creates a link through Add Payment Link, the schema message shown first', async () => {
    if (!page.url().endsWith('/app/payment-link')) await page.goto('/app/payment-link');
    await page.getByRole('link', { name: 'Add New Link' }).click();
    await page.waitForURL('**/app/payment-link/add');
    await page.getByRole('heading', { name: 'Add Payment Link' }).waitFor();
    await page.getByRole('combobox', { name: /Currency/ }).click();
    await page.getByRole('option', { name: 'AED' }).click();
    await page.getByRole('combobox', { name: /Channel/ }).click();
    await page.getByRole('option', { name: /Online Shop/ }).click();
    await page.getByLabel(/^Amount/).fill('42.50');
    await page.getByLabel('Expires in hours').fill('1');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => page.getByText(PAYMENT_LINK_MESSAGES.schemaRequired).isVisible(), POLL).toBe(true);
    expect(page.url()).toMatch(/\/app\/payment-link\/add$/);

    await page.getByRole('combobox', { name: /Schemas/ }).click();
    await page.getByRole('option', { name: 'Visa' }).click();
    await page.getByRole('option', { name: 'Mastercard' }).click();
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByText(PAYMENT_LINK_MESSAGES.schemaRequired).count()).toBe(0);
    // Changing the channel or currency clears the schemas.
    await page.getByRole('combobox', { name: /Currency/ }).click();
    await page.getByRole('option', { name: 'USD' }).click();
    await expect.poll(() => page.locator('.mantine-MultiSelect-pill').count()).toBe(0);
    await page.getByRole('combobox', { name: /Currency/ }).click();
    await page.getByRole('option', { name: 'AED' }).click();
    await page.getByRole('combobox', { name: /Schemas/ }).click();
    await page.getByRole('option', { name: 'Visa' }).click();
    await page.keyboard.press('Escape');

    expect(await page.getByLabel('Description').count()).toBe(0);
    await page.getByRole('switch', { name: 'Advance Settings' }).check({ force: true });
    await page.getByLabel('Redirect URL').fill('not a url');
    await expect.poll(() => page.getByText('The URL format is invalid').isVisible()).toBe(true);
    await page.getByLabel('Redirect URL').fill('https://haddad-coffee.example.com/thanks');
    await page.getByLabel('Phone').fill('12ab');
    await expect.poll(() => page.getByText('Only numeric characters are allowed').isVisible()).toBe(true);
    await page.getByLabel('Phone').fill('+971501234567');
    await page.getByLabel('Description').fill(description);
    await photographAndCheck(page, 'payment-links-20-add');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL('**/app/payment-link');

    const answer = await apiCall(getPaymentLinkInfoCall, { search: description }, token);
    expect(answer.data.data).toHaveLength(1);
    const link = answer.data.data[0]!;
    expect(link).toMatchObject({ amount: 4250, type: 1, exipres_in: 3600, status: 1, description, schemas: [{ name: 'Visa' }] });
    created = { id: link.id, token: link.token };
  });

  it('shows the new link counting down from its hour', async () => {
    const row = page.locator(`[data-link-id="${created.id}"]`).first();
    await row.waitFor();
    const cell = row.getByText(/^00h (59|60)m \d\ds$/);
    await cell.waitFor();
    const first = await cell.innerText();
    await expect.poll(() => cell.innerText(), { timeout: 5_000 }).not.toBe(first);
  });

  it('switches the status with the confirm; No leaves it as it was', async () => {
    const row = page.locator(`[data-link-id="${created.id}"]`).first();
    const toggle = row.getByRole('switch', { name: `Status of link ${created.id}` });
    const dialog = page.getByRole('dialog');
    /**
     * Switches the link as a user does, on the switch's track (its input is drawn 0x0 beneath),
     * so the click waits until nothing covers the switch: not the table's loader while the list
     * is read again, not the overlay of a confirm still fading out. Then waits for the question.
     */
    const askToSwitch = async () => {
      await row.locator('.mantine-Switch-track').click();
      await dialog.getByText(PAYMENT_LINK_MESSAGES.updateConfirm).waitFor();
    };
    expect(await toggle.isChecked()).toBe(true);
    await askToSwitch();
    await dialog.getByRole('button', { name: 'No' }).click();
    await expect.poll(() => dialog.count()).toBe(0);
    expect(await toggle.isChecked()).toBe(true);

    await askToSwitch();
    await dialog.getByRole('button', { name: 'Yes' }).click();
    // The confirm stays open, its Yes spinning, until the change is saved and the list read
    // again; then the row shows the new state and the confirm goes.
    await expect.poll(() => toggle.isChecked(), POLL).toBe(false);
    await expect.poll(() => row.getByText('Inactive').isVisible(), POLL).toBe(true);
    await expect.poll(() => dialog.count(), POLL).toBe(0);

    // The confirmation photographed and read by axe at both widths (the dialog belongs to the
    // table, so the rows turning into cards at phone width leave it open), then declined.
    await askToSwitch();
    await photographAndCheck(page, 'payment-links-30-confirm');
    expect(await dialog.getByText(PAYMENT_LINK_MESSAGES.updateConfirm).isVisible()).toBe(true);
    await dialog.getByRole('button', { name: 'No' }).click();
    await expect.poll(() => dialog.count()).toBe(0);
    expect(await toggle.isChecked()).toBe(false);
    const answer = await apiCall(getPaymentLinkInfoCall, { paymentLinkToken: created.token }, token);
    expect(answer.data.data[0]).toMatchObject({ status: 2, status_str: 'Inactive' });
  });

  it('opens the link’s transactions', async () => {
    const row = page.locator(`[data-link-id="${created.id}"]`).first();
    await row.getByRole('button', { name: 'View' }).click();
    await page.waitForURL(`**/app/payment-link/view?id=${created.id}`);
    await page.getByRole('heading', { name: 'Link Transactions' }).waitFor();
    await expect.poll(() => page.getByTestId('link-token').innerText(), POLL).toBe(created.token);
    expect(await page.getByText('3600 seconds').isVisible()).toBe(true);
    expect(await page.getByText('Inactive').first().isVisible()).toBe(true);
    expect(await page.getByRole('link', { name: 'Pay Now' }).getAttribute('href')).toMatch(new RegExp(`/pay/${created.token}$`));
    await expect.poll(() => page.getByText('No data available').first().isVisible(), POLL).toBe(true);
    expect(await page.getByTestId('link-totals').innerText()).toMatch(/Subtotal/);
    await photographAndCheck(page, 'payment-links-40-transactions');
    await page.getByRole('link', { name: 'Back' }).click();
    await page.waitForURL('**/app/payment-link');
  });

  it('opens the attempts of a link, and an attempt’s log with its numbered steps', async () => {
    await page.goto(`/app/payment-link/attempt/${created.token}`);
    await page.getByRole('heading', { name: 'Payment Attempts' }).waitFor();
    await expect.poll(() => page.getByText('No data available').first().isVisible(), POLL).toBe(true);
    await photographAndCheck(page, 'payment-links-50-attempts-empty');

    // The seeded multiple-use link has a visit to its checkout on record.
    const seeded = await apiCall(getPaymentLinkInfoCall, { search: 'Coffee subscription' }, token);
    const seededToken = seeded.data.data[0]!.token;
    await page.goto(`/app/payment-link/attempt/${seededToken}`);
    const logs = page.getByRole('button', { name: 'Logs' }).first();
    await logs.waitFor(POLL);
    // In the attempts context an Active link reads Initiated (spec 3 section 4).
    expect(await page.getByText('Initiated', { exact: true }).isVisible()).toBe(true);
    await photographAndCheck(page, 'payment-links-60-attempts');
    await logs.click();
    await page.waitForURL(`**/app/payment-link/attempt/${seededToken}/detail?attempt=*`);
    await page.getByTestId('attempt-title').waitFor();
    await expect.poll(() => page.getByText('Step 1', { exact: false }).first().isVisible(), POLL).toBe(true);
    expect(
      await page
        .getByText(/Step 2/)
        .first()
        .isVisible(),
    ).toBe(true);
    const readMore = page.getByRole('button', { name: 'Read more' }).first();
    await readMore.click();
    expect(await page.getByRole('button', { name: 'Read less' }).first().getAttribute('aria-expanded')).toBe('true');
    await photographAndCheck(page, 'payment-links-70-attempt-log');
    // Cached per link: coming back shows the list without asking the server again. (Counting the
    // rows the moment the URL changed raced React's render of the new route on a busy machine;
    // what "cached" means is that no request for the attempts goes out.)
    const attemptRequests: string[] = [];
    const onRequest = (request: { url: () => string }) => {
      if (request.url().includes('get-paymentlink-attempts')) attemptRequests.push(request.url());
    };
    page.on('request', onRequest);
    await page.getByRole('link', { name: 'Back' }).click();
    await page.waitForURL(`**/app/payment-link/attempt/${seededToken}`);
    await page.getByRole('button', { name: 'Logs' }).first().waitFor(POLL);
    page.off('request', onRequest);
    expect(attemptRequests).toEqual([]);
  });
});
