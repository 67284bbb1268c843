// Exports in a real browser against the platform as `npm start` runs it: on the merchant's
// transactions screen, Export Excel shows the export's progress (rows written of the total)
// and the browser receives the xlsx file; at phone width Export PDF does the same with a PDF.
// The file holds the rows the screen lists (the server tests prove it row by row; here, the
// row count the progress announced). axe finds no serious or critical violation on the screen
// with the progress shown, at desktop and phone width.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Download, Page } from 'playwright-core';
import { outlineProblems, seriousViolations } from '../support/axe.ts';
import { baseUrl, launch, screenshot } from '../support/browser.ts';
import { CONSUMER, MERCHANT, signInThroughApi } from '../support/sign-in.ts';
import { consumerPaysMerchant } from '../support/money.ts';

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };
const shotsDir = path.resolve(import.meta.dirname, '../screenshots');

/**
 * Holds the file's download until `release` is called, so the screen can be looked at while the
 * export shows its progress (a small export is otherwise written and fetched within a second).
 */
async function holdDownloads(page: Page): Promise<{ release: () => void; held: Promise<void> }> {
  let release = () => {};
  let reached = () => {};
  const gate = new Promise<void>((resolve) => (release = resolve));
  const held = new Promise<void>((resolve) => (reached = resolve));
  await page.route('**/api/reports/*/download*', async (route) => {
    reached();
    await gate;
    await route.continue();
  });
  return { release, held };
}

async function checkScreen(page: Page, name: string): Promise<void> {
  await screenshot(page, name);
  await page.screenshot({ path: path.join(shotsDir, `${name}-view.png`) });
  expect(await seriousViolations(page)).toEqual([]);
  expect(await outlineProblems(page)).toEqual([]);
}

/** Clicks an export button, shows and checks its progress, and answers the file the browser got. */
async function exportFrom(page: Page, button: string, progressName: string, shot: string): Promise<{ download: Download; bytes: Buffer }> {
  const gate = await holdDownloads(page);
  const downloaded = page.waitForEvent('download', { timeout: 30_000 });
  await page.getByRole('button', { name: button }).click();
  const progress = page.getByRole('progressbar', { name: progressName });
  await expect.poll(() => progress.isVisible(), { timeout: 15_000 }).toBe(true);
  await gate.held;
  // Written: the bar is full and says how many rows went into the file.
  await expect.poll(() => page.getByTestId('export-rows').textContent(), { timeout: 15_000 }).toMatch(/^(\d+) \/ \1 rows$/);
  await checkScreen(page, shot);
  gate.release();
  const download = await downloaded;
  const file = await download.path();
  await page.unroute('**/api/reports/*/download*');
  // The panel goes once the file is saved, and the success toast says so.
  await expect.poll(() => progress.isVisible(), { timeout: 15_000 }).toBe(false);
  await expect.poll(() => page.getByText('Your report has been downloaded').isVisible(), { timeout: 5_000 }).toBe(true);
  return { download, bytes: fs.readFileSync(file) };
}

describe('ExportButtons on the transactions screen', () => {
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    browser = await launch();
    const consumerContext = await browser.newContext({ baseURL: baseUrl() });
    const consumerToken = await signInThroughApi(await consumerContext.newPage(), CONSUMER);
    // The consumer pays the merchant 1.00 AED twice, so the merchant's list is never empty.
    await consumerPaysMerchant(consumerToken, [100, 100]);
    await consumerContext.close();
    const context = await browser.newContext({ viewport: DESKTOP, baseURL: baseUrl(), acceptDownloads: true });
    page = await context.newPage();
    page.setDefaultTimeout(20_000);
    await signInThroughApi(page, MERCHANT);
  });
  afterAll(async () => browser?.close());

  it('exports Excel at desktop width: progress to the total, then the xlsx file', async () => {
    await page.goto('/app/my-transactions');
    await page.locator('tr[data-uuid]').first().waitFor();
    const { download, bytes } = await exportFrom(page, 'Export Excel', 'Excel export progress', 'exports-excel-desktop');
    expect(download.suggestedFilename()).toMatch(/^transaction-\d{4}-\d{2}-\d{2}-[0-9a-f]{8}\.xlsx$/);
    // An xlsx file is a zip archive.
    expect(bytes.subarray(0, 2).toString('latin1')).toBe('PK');
    expect(bytes.length).toBeGreaterThan(1_000);
  });

  it('exports a PDF at phone width, with the filters of the screen', async () => {
    // Today's successful transactions only: the filters in the URL are the export's filters.
    const today = new Date().toISOString().slice(0, 10);
    await page.goto(`/app/my-transactions?status=1&fromDate=${today}&toDate=${today}`);
    await page.locator('tr[data-uuid]').first().waitFor();
    await page.setViewportSize(PHONE);
    const { download, bytes } = await exportFrom(page, 'Export PDF', 'PDF export progress', 'exports-pdf-phone');
    expect(download.suggestedFilename()).toMatch(/\.pdf$/);
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    await page.setViewportSize(DESKTOP);
  });
});
