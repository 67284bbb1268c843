// The account ledger and Generate Report in a real browser against the platform as `npm start`
// runs it. After the demo consumer pays the demo merchant twelve times, the merchant opens the
// Account Ledger: the rows come newest first with the balance after each, every balance
// following from the row below it (credits subtracted, debits added going down); Load more adds
// the older rows; the day filter and Clear work through the URL; Export Excel without both
// days shows the spec's error toast and asks nothing of the server; with both days the browser
// receives the xlsx, which holds exactly the rows the screen shows (read back with exceljs).
// Generate Report downloads a PDF. Screenshots and axe at 1280 and 390 px.
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { photographAndCheck } from '../support/axe.ts';
import { pickBySearch } from '../support/select.ts';
import { baseUrl, expectLedgerHolds, launch } from '../support/browser.ts';
import { consumerPaysMerchant } from '../support/money.ts';
import { downloadedSheet } from '../support/reports.ts';
import { CONSUMER, MERCHANT, signInThroughApi } from '../support/sign-in.ts';
import { rowsByTitle } from '../support/table.ts';

const DESKTOP = { width: 1280, height: 800 };
const PAYMENTS = 12;
const today = () => new Date().toISOString().slice(0, 10);

/** '1,234.50 AED' in minor units. */
const minorOf = (text: string) => Math.round(Number(text.replace(/[^0-9.-]/g, '')) * 100);
/** An amount of the AED wallet as the ledger shows it: the figure and its currency. */
const AED_AMOUNT = /^[\d,]+\.\d{2} AED$/;

interface ShownRow {
  uuid: string;
  debit: number;
  credit: number;
  closing: number;
}

/** The rows the table shows, read by column title (desktop layout: one tr per row). */
async function shownRows(page: Page): Promise<ShownRow[]> {
  const rows = await rowsByTitle(page, 'Account Ledger', 'tr[data-entry-id]', ['Debit', 'Credit', 'Closing Balance']);
  // Every amount names its currency, though the Currency column starts hidden.
  for (const { cells } of rows) for (const title of ['Debit', 'Credit', 'Closing Balance']) expect(cells[title]).toMatch(AED_AMOUNT);
  return rows.map(({ cells, data }) => ({
    uuid: data.uuid ?? '',
    debit: minorOf(cells.Debit ?? ''),
    credit: minorOf(cells.Credit ?? ''),
    closing: minorOf(cells['Closing Balance'] ?? ''),
  }));
}

async function loadEverything(page: Page): Promise<void> {
  const more = page.getByRole('button', { name: 'Load more' });
  for (let round = 0; round < 20 && (await more.isVisible()); round += 1) {
    const before = await page.locator('tr[data-entry-id]').count();
    await more.click();
    await expect.poll(() => page.locator('tr[data-entry-id]').count(), { timeout: 15_000 }).toBeGreaterThan(before);
  }
}

describe('the account ledger', () => {
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    browser = await launch();
    const consumerContext = await browser.newContext({ baseURL: baseUrl() });
    const consumerToken = await signInThroughApi(await consumerContext.newPage(), CONSUMER);
    await consumerPaysMerchant(
      consumerToken,
      Array.from({ length: PAYMENTS }, (_, index) => 100 + index),
    );
    await consumerContext.close();
    const context = await browser.newContext({ viewport: DESKTOP, baseURL: baseUrl(), acceptDownloads: true });
    page = await context.newPage();
    page.setDefaultTimeout(20_000);
    await signInThroughApi(page, MERCHANT);
  });
  afterAll(async () => {
    // The consumer's payments moved money: the ledger's invariants still hold.
    await expectLedgerHolds();
    await browser?.close();
  });

  it('shows the entries newest first with a running balance, and Load more adds the older ones', async () => {
    await page.goto('/app/account-ledger');
    await page.locator('tr[data-entry-id]').first().waitFor();
    expect(await page.locator('tr[data-entry-id]').count()).toBe(10);
    await loadEverything(page);
    const rows = await shownRows(page);
    expect(rows.length).toBeGreaterThanOrEqual(PAYMENTS);
    // The newest rows are the consumer's payments: credits of 1.11, 1.10, ... in that order.
    expect(rows.slice(0, 3).map((row) => row.credit)).toEqual([100 + PAYMENTS - 1, 100 + PAYMENTS - 2, 100 + PAYMENTS - 3]);
    for (let index = 0; index < rows.length - 1; index += 1) {
      const row = rows[index]!;
      expect(rows[index + 1]!.closing, `row ${index + 1}`).toBe(row.closing - row.credit + row.debit);
    }
    // The page's header shows the balance after the newest row.
    // Read without thousands separators: the demo merchant's balance is nine figures after the other suites.
    await expect
      .poll(async () => (await page.getByText(/Closing balance/).textContent())?.replace(/,/g, ''))
      .toContain((rows[0]!.closing / 100).toFixed(2));
    await photographAndCheck(page, 'ledger-list');
  });

  it('refuses Export Excel without both days with the spec’s toast, sending nothing', async () => {
    await page.goto('/app/account-ledger');
    await page.locator('tr[data-entry-id]').first().waitFor();
    let posted = 0;
    const count = () => (posted += 1);
    page.on('request', (request) => {
      if (request.method() === 'POST' && new URL(request.url()).pathname.startsWith('/api')) count();
    });
    await page.getByRole('button', { name: 'Export Excel' }).click();
    const toast = page.getByRole('alert').filter({ hasText: 'Date Filters Are Required To Generate Excel' });
    await toast.waitFor();
    expect(await toast.textContent()).toContain('Error');
    expect(posted).toBe(0);
    expect(await page.getByRole('progressbar').count()).toBe(0);
    page.removeAllListeners('request');
  });

  it('filters by day and clears, and exports the screen’s rows to Excel with both days', async () => {
    await page.goto(`/app/account-ledger?fromDate=2000-01-01&toDate=2000-01-02`);
    await page.locator('#root').getByText('No data available').waitFor();
    await page.getByRole('button', { name: 'Clear', exact: true }).click();
    await page.waitForURL((url) => !url.search.includes('fromDate'));
    await page.locator('tr[data-entry-id]').first().waitFor();
    await page.goto(`/app/account-ledger?fromDate=${today()}&toDate=${today()}`);
    await page.locator('tr[data-entry-id]').first().waitFor();
    await loadEverything(page);
    const rows = await shownRows(page);
    const downloaded = page.waitForEvent('download', { timeout: 30_000 });
    await page.getByRole('button', { name: 'Export Excel' }).click();
    const download = await downloaded;
    expect(download.suggestedFilename()).toMatch(/^transaction_ledger-\d{4}-\d{2}-\d{2}-[0-9a-f]{8}\.xlsx$/);
    const sheet = await downloadedSheet(download);
    expect(sheet[0]![0]).toBe('Transaction UUID');
    // The sheet's columns by their titles too: the export has every column, the screen may not.
    const column = (title: string) => sheet[0]!.indexOf(title);
    const minorAt = (cells: unknown[], title: string) => Math.round(Number(cells[column(title)]) * 100);
    const body = sheet.slice(1, 1 + rows.length);
    expect(
      body.map((cells) => [
        cells[column('Transaction UUID')],
        minorAt(cells, 'Debit'),
        minorAt(cells, 'Credit'),
        minorAt(cells, 'Closing Balance'),
      ]),
    ).toEqual(rows.map((row) => [row.uuid, row.debit, row.credit, row.closing]));
    // After the rows: a blank row, then the totals.
    expect(String(sheet[1 + rows.length]?.[0] ?? '')).toMatch(/^Total/);
  });
});

describe('Generate Report', () => {
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    browser = await launch();
    const context = await browser.newContext({ viewport: DESKTOP, baseURL: baseUrl(), acceptDownloads: true });
    page = await context.newPage();
    page.setDefaultTimeout(20_000);
    await signInThroughApi(page, MERCHANT);
  });
  afterAll(async () => browser?.close());

  it('asks for the required fields, then downloads a PDF of the chosen transaction type', async () => {
    await page.goto('/app/reports/transaction');
    await page.getByRole('button', { name: 'Generate' }).click();
    await page.getByText('The transaction type field is required').waitFor();
    await page.getByText('The export as field is required').waitFor();
    // The form focuses the first field in error, and a searchable select opens on focus. Its open
    // list is a listbox the combobox drives by aria-activedescendant (arrow keys scroll it), which
    // axe's scrollable-region rule does not know; the page is read with the list closed.
    await page.getByText('The report lists your transactions of the chosen type').click();
    await page.getByRole('listbox').waitFor({ state: 'hidden' });
    await photographAndCheck(page, 'generate-report-errors');
    // The type select is searchable like the form kit's others: typing narrows it, Enter picks the first match.
    const type = page.getByRole('combobox', { name: /Transaction Type/ });
    await pickBySearch(page, type, 'Transf', 'Transfer');
    await expect.poll(() => type.inputValue()).toBe('Transfer');
    await page.getByRole('combobox', { name: /Export As/ }).click();
    await page.getByRole('option', { name: 'PDF', exact: true }).click();
    await page.getByRole('textbox', { name: /^Limit/ }).fill('5');
    const downloaded = page.waitForEvent('download', { timeout: 30_000 });
    await page.getByRole('button', { name: 'Generate' }).click();
    const download = await downloaded;
    expect(download.suggestedFilename()).toMatch(/^transaction-\d{4}-\d{2}-\d{2}-[0-9a-f]{8}\.pdf$/);
    expect(
      fs
        .readFileSync(await download.path())
        .subarray(0, 5)
        .toString('latin1'),
    ).toBe('%PDF-');
    await page.getByText('Your report has been downloaded').waitFor();
    await photographAndCheck(page, 'generate-report');
  });
});
