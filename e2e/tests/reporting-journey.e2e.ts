// The merchant's reporting journey (issue 15, "How it is shown") in one browser against one
// server: after card payments to the demo merchant through the merchant API (two paid, one
// declined), the merchant narrows the transactions by store, terminal and channel; opens a paid
// payment's details and its attempts; refunds part of it from the row's Create Refund modal
// (Partial, an amount); the administrator approves the refund in the console and the merchant
// sees it Processed; the account ledger shows the refund's debit with the running balance (each
// row's closing balance follows from the next); the dashboard's tiles equal the totals of the tabs
// they open; an Excel and a PDF export of the transactions list hold the rows shown on screen
// (read back with exceljs and pdf-parse). It ends with the ledger check.
import fs from 'node:fs';
import { PDFParse } from 'pdf-parse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { DEMO_ADMIN } from '../support/accounts.ts';
import { DESKTOP } from '../support/axe.ts';
import { baseUrl, expectLedgerHolds, launch } from '../support/browser.ts';
import { merchantApiAuth, payByCard, scopeOfTransaction, TEST_CARDS, type MerchantScope } from '../support/merchant-api.ts';
import { downloadedSheet } from '../support/reports.ts';
import { MERCHANT, signInThroughApi } from '../support/sign-in.ts';
import { rowsByTitle } from '../support/table.ts';

const POLL = { timeout: 30_000, interval: 1_000 };
const PAID_MINOR = 4_321;
const REFUND_MINOR = 1_000;

/** '1,234.50' (or with a currency or a sign) in minor units. */
const minorOf = (text: string) => Math.round(Number(text.replace(/[^0-9.-]/g, '')) * 100);

interface LedgerRow {
  type: string;
  debit: number;
  credit: number;
  closing: number;
}

/** The account ledger's rows as the table shows them, read by column title (desktop: one tr per row). */
async function ledgerRows(page: Page): Promise<LedgerRow[]> {
  const rows = await rowsByTitle(page, 'Account Ledger', 'tr[data-entry-id]', ['Type', 'Debit', 'Credit', 'Closing Balance']);
  return rows.map(({ cells }) => ({
    type: cells.Type ?? '',
    debit: minorOf(cells.Debit ?? ''),
    credit: minorOf(cells.Credit ?? ''),
    closing: minorOf(cells['Closing Balance'] ?? ''),
  }));
}

describe('the merchant’s reporting journey', () => {
  let browser: Browser;
  let page: Page;
  let admin: Page;
  let token: string;
  let auth: string;
  let paid: string;
  let paidToo: string;
  let declined: string;
  let scope: MerchantScope;

  const pay = (card: string) =>
    payByCard(auth, card, {
      amount: PAID_MINOR,
      clientReference: 'e2e-journey',
      holderName: 'Journey Buyer',
      customer: { name: 'Journey Buyer', email: 'journey-buyer@example.com' },
    });

  const row = (uuid: string) => page.locator(`tr[data-uuid="${uuid}"]`);
  const tile = (label: string) => page.locator(`[data-tile="${label}"]`);

  beforeAll(async () => {
    browser = await launch();
    page = await (await browser.newContext({ viewport: DESKTOP, baseURL: baseUrl(), acceptDownloads: true })).newPage();
    page.setDefaultTimeout(20_000);
    token = await signInThroughApi(page, MERCHANT);
    auth = await merchantApiAuth(token);
    paid = await pay(TEST_CARDS.approved);
    paidToo = await pay(TEST_CARDS.approved);
    declined = await pay(TEST_CARDS.declined);
    scope = await scopeOfTransaction(token, paid);
    admin = await (await browser.newContext({ viewport: DESKTOP, baseURL: baseUrl() })).newPage();
    admin.setDefaultTimeout(20_000);
    await signInThroughApi(admin, DEMO_ADMIN, { landing: { path: '/', text: 'Review the stores' } });
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('filters the transactions by store, terminal and channel', async () => {
    await page.goto('/app/my-transactions');
    const store = page.getByRole('combobox', { name: 'Store' });
    await store.fill(scope.store.slice(0, 6));
    await store.press('Enter');
    await page.getByRole('option', { name: scope.store }).click();
    await page.getByRole('combobox', { name: 'Terminal' }).click();
    await page.getByRole('option', { name: scope.terminal }).click();
    await page.getByRole('combobox', { name: 'Channel' }).click();
    await page.getByRole('option', { name: scope.channel }).click();
    await page.getByRole('button', { name: 'Search' }).click();
    await page.waitForURL((url) => url.searchParams.has('channelId'));
    await row(paid).waitFor();
    await row(paidToo).waitFor();
    // The Transaction tab lists the successful payments only: the declined one is on Failure.
    expect(await row(declined).count()).toBe(0);
    await page.getByRole('tab', { name: 'Failure' }).click();
    await row(declined).waitFor();
    // A declined payment offers no refund.
    expect(await row(declined).getByRole('button', { name: 'Refund' }).count()).toBe(0);
    await page.getByRole('tab', { name: 'Transaction' }).click();
    await row(paid).waitFor();
  });

  it('opens a payment’s details and its attempts', async () => {
    const list = page.url();
    await row(paid).getByRole('button', { name: 'Details' }).click();
    await page.getByRole('heading', { name: 'Transaction Details' }).waitFor();
    expect(await page.getByLabel('Customer', { exact: true }).innerText()).toContain('journey-buyer@example.com');
    await page.getByRole('button', { name: 'View attempts' }).click();
    await page.getByRole('heading', { name: 'Transaction attempts' }).waitFor();
    await page.getByRole('heading', { name: 'Attempt 1' }).waitFor();
    await page.getByRole('button', { name: 'Back' }).click();
    await page.getByRole('heading', { name: 'Transaction Details' }).waitFor();
    await page.getByRole('button', { name: 'Back' }).click();
    await page.waitForURL(list);
    await row(paid).waitFor();
  });

  it('refunds part of a payment from its row, approved in the console, and it shows Processed', async () => {
    // Show Remaining Funds on the amount: the whole payment before any refund.
    await row(paid).getByRole('button', { name: 'Show Remaining Funds' }).click();
    await page.getByText('Remaining: ').filter({ hasText: '43.21' }).waitFor();
    await row(paid).getByRole('button', { name: 'Show Remaining Funds' }).click();

    await row(paid).getByRole('button', { name: 'Refund' }).click();
    const modal = page.getByRole('dialog', { name: 'Create Refund' });
    await modal.getByText('Remaining Refund Amount').waitFor();
    const modalText = await modal.innerText();
    expect(modalText).toContain('Transaction Amount');
    expect(modalText).toContain('43.21');
    // Without Partial the amount is the remaining amount and cannot be changed.
    const amount = modal.getByRole('textbox', { name: /^Amount/ });
    expect(await amount.isDisabled()).toBe(true);
    expect(await amount.inputValue()).toBe('43.21');
    await modal.getByRole('checkbox', { name: 'Partial' }).check();
    await amount.fill((REFUND_MINOR / 100).toFixed(2));
    await modal.getByLabel('Description').fill('Journey partial refund');
    await modal.getByRole('button', { name: 'Create' }).click();
    await page.waitForURL('**/app/refund');
    // The screen changes once its code has loaded: the list of refund requests, not the transactions.
    await page.getByRole('heading', { level: 1, name: 'Refund Requests' }).waitFor();
    const refund = page.locator('tr', { hasText: paid.slice(0, 8) }).first();
    await expect.poll(() => refund.textContent(), POLL).toContain('Pending');

    await admin.goto('/console/refunds');
    const queued = admin.locator('tr', { hasText: paid.slice(0, 8) }).first();
    await queued.getByRole('button', { name: 'Process' }).click();
    const dialog = admin.getByRole('dialog', { name: 'Process refund' });
    await dialog.waitFor();
    expect(await dialog.getByLabel('Decision').inputValue()).toBe('Approve');
    await dialog.getByLabel('Comment').fill('Approved in the journey');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'hidden' });

    // The job pays the refund within seconds of the approval: the list reads Processed then.
    await expect
      .poll(async () => {
        await page.reload();
        await refund.waitFor();
        return refund.textContent();
      }, POLL)
      .toContain('Processed');
    await expectLedgerHolds();
  });

  it('shows the refund in the account ledger with the running balance', async () => {
    await page.goto('/app/account-ledger');
    await page.locator('tr[data-entry-id]').first().waitFor();
    const rows = await ledgerRows(page);
    // Newest first: the refund's debit is the newest row.
    const refund = rows.findIndex((entry) => entry.type === 'Refund');
    expect(refund).toBeGreaterThanOrEqual(0);
    expect(rows[refund]!.debit).toBe(REFUND_MINOR);
    for (let index = 0; index < rows.length - 1; index += 1) {
      const entry = rows[index]!;
      expect(rows[index + 1]!.closing, `row ${index + 1}`).toBe(entry.closing - entry.credit + entry.debit);
    }
    // As the screen writes it, with thousands separators: the demo merchant's balance depends on
    // what the files before this one on the same platform did (nine figures after wide-tables').
    const closing = (rows[0]!.closing / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    await expect.poll(() => page.getByText(/Closing balance/).textContent()).toContain(`${closing} AED`);
  });

  it('shows on each tile of the dashboard the total of the tab it opens', async () => {
    // Tiles with a status open that status's tab; Refunds opens the Transaction tab with type 6
    // (the processed refund is successful).
    const tabs: Record<string, string> = { 'Successful Transactions': '1', 'Failed Transactions': '3', Refunds: '1' };
    for (const [label, tab] of Object.entries(tabs)) {
      await page.goto('/app');
      await tile(label).waitFor();
      const count = Number(await tile(label).locator('[data-tile-count]').textContent());
      expect(count, label).toBeGreaterThanOrEqual(1);
      await tile(label).click();
      await page.waitForURL((url) => url.pathname === '/app/my-transactions' && url.searchParams.get('tab') === tab);
      await expect
        .poll(
          () =>
            page
              .getByText(new RegExp(`of ${count}$`))
              .first()
              .isVisible(),
          { timeout: 15_000 },
        )
        .toBe(true);
    }
  });

  it('exports the list shown on screen to Excel and to PDF', async () => {
    // The list narrowed to the payments' channel and today, on one page of 100, so that every row is on it.
    const today = new Date().toISOString().slice(0, 10);
    await page.goto('/app/my-transactions');
    await page.getByRole('combobox', { name: 'Store' }).fill(scope.store.slice(0, 6));
    await page.getByRole('combobox', { name: 'Store' }).press('Enter');
    await page.getByRole('option', { name: scope.store }).click();
    await page.getByRole('combobox', { name: 'Terminal' }).click();
    await page.getByRole('option', { name: scope.terminal }).click();
    await page.getByRole('combobox', { name: 'Channel' }).click();
    await page.getByRole('option', { name: scope.channel }).click();
    await page.getByRole('button', { name: 'Search' }).click();
    await page.waitForURL((url) => url.searchParams.has('channelId'));
    const url = new URL(page.url());
    url.searchParams.set('fromDate', today);
    url.searchParams.set('toDate', today);
    // A page of 100 (the list's own size parameter): the channel's day also holds the demo
    // settlement's seeded payments and the other files' payments, more than the default 10.
    url.searchParams.set('tab1.perPage', '100');
    await page.goto(url.pathname + url.search);
    await row(paid).waitFor();
    const shown = await page.locator('tr[data-uuid]').evaluateAll((trs) => trs.map((tr) => tr.getAttribute('data-uuid') ?? ''));
    expect(shown).toContain(paid);
    expect(shown).toContain(paidToo);
    expect(shown).not.toContain(declined);

    const excel = page.waitForEvent('download', { timeout: 30_000 });
    await page.getByRole('button', { name: 'Export Excel' }).click();
    const excelFile = await excel;
    expect(excelFile.suggestedFilename()).toMatch(/^transaction-\d{4}-\d{2}-\d{2}-[0-9a-f]{8}\.xlsx$/);
    const sheet = await downloadedSheet(excelFile);
    expect(sheet[0]![0]).toBe('Transaction Id');
    // The rows in the screen's order, then a blank row and the totals.
    expect(sheet.slice(1, 1 + shown.length).map((cells) => cells[0])).toEqual(shown);
    expect(String(sheet[1 + shown.length]?.[0] ?? '')).toMatch(/^Total/);

    // The success toast covers the buttons' corner: close it before the next export.
    const toast = page.getByRole('alert').filter({ hasText: 'Your report has been downloaded' });
    await toast.getByRole('button', { name: 'Close notification' }).click();
    await toast.waitFor({ state: 'hidden' });

    const pdf = page.waitForEvent('download', { timeout: 30_000 });
    await page.getByRole('button', { name: 'Export PDF' }).click();
    const pdfFile = await pdf;
    expect(pdfFile.suggestedFilename()).toMatch(/^transaction-\d{4}-\d{2}-\d{2}-[0-9a-f]{8}\.pdf$/);
    const parser = new PDFParse({ data: new Uint8Array(fs.readFileSync(await pdfFile.path())) });
    const text = (await parser.getText()).text;
    await parser.destroy();
    expect(text).toContain(`${shown.length} rows`);
    for (const uuid of shown) expect(text.replace(/\s+/g, ''), uuid).toContain(uuid);
    expect(text.replace(/\s+/g, '')).not.toContain(declined);
  });

  it('ends with the ledger’s invariants holding', async () => {
    await expectLedgerHolds();
  });
});
