// Exports of the transaction list (docs/exports.md) through the real calls and the real job:
// generate-report records the report and its job, the job streams the list definition into an
// xlsx or a PDF file with progress up to the total, and the download answers the file only to a
// session that may read it, with a live link of that report. The file holds exactly the rows
// get-transactions pages for the same filters. Another merchant, a staff member without the
// feature, a stale or expired link are refused by name; a job that cannot finish marks the
// report failed; expired files are removed by the schedule.
import ExcelJS from 'exceljs';
import { PDFParse } from 'pdf-parse';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  generateReportCall,
  getPaymentlinkTransactionsCall,
  getReportCall,
  getTransactionsCall,
  REPORT_LIMITS,
  type TGenerateReportRequest,
  type TPaymentLinkTransaction,
  type TReport,
  type TTransactionRow,
} from '@paywallet/contract';
import { merchantCardPaymentEntries } from '@paywallet/ledger';
import { LIST_KEYS_MAX } from '../../lib/file-store/file-store.ts';
import { countRows, createTestApp, fieldErrors, type TestApp } from '../../test/harness.ts';
import { createTestMerchant, type TestMerchant } from '../../test/merchant.ts';
import { createTestPerson, expectLedgerInvariants, fundWallet, transactionsPage, type TestPerson } from '../../test/money.ts';
import { JobRunner } from '../../jobs/runner.ts';
import { giveMerchantFees } from '../../test/merchant-fees.ts';
import { postEntries, recordUnpostedTransaction, type PostingTransaction } from '../ledger/ledger.service.ts';
import { openAttempt } from '../merchant-payments/attempts.service.ts';
import { chargeCard, checkPaymentCard } from '../merchant-payments/merchant-payments.service.ts';
import { insertPaymentLink } from '../payment-links/payment-links.service.ts';
import { getWallet } from '../wallets/wallets.service.ts';
import { REPORT_FAILED_MESSAGE, removeExpiredReports } from './reports.service.ts';

let t: TestApp;
let runner: JobRunner;
let shop: TestMerchant;
let rival: TestMerchant;
let consumer: TestPerson;
let onlineChannel: bigint;
let posChannel: bigint;

const ONLINE_SALES = 30;
const POS_SALES = 8;
const FAILED_POS_SALES = 3;
const DEPOSITS = 4;

/** A card payment to the merchant through a channel: posted when it succeeded, a bare row when failed. */
async function channelPayment(merchant: TestMerchant, channelId: bigint, status: 1 | 2, amountMinor: bigint): Promise<void> {
  const wallet = await getWallet(t.deps.db, merchant.wallets.AED!);
  const feeMinor = 150n;
  const vatMinor = 8n;
  const movement: PostingTransaction = {
    typeId: 8,
    status,
    currencyId: wallet.currency_id,
    amountMinor,
    feeMinor,
    vatMinor,
    totalAmountMinor: amountMinor,
    receiver: { userId: merchant.id, walletId: wallet.id, title: 'Shop', accountNumber: wallet.account_number },
    card: { holderName: 'CARD HOLDER', maskedNumber: '424242******4242', brand: 'visa' },
    channelId,
  };
  const charges = { amountMinor: amountMinor - feeMinor - vatMinor, feeMinor, vatMinor, totalDebitMinor: amountMinor };
  await t.deps.db.transaction().execute((trx) =>
    status === 1
      ? postEntries(trx, movement, merchantCardPaymentEntries({ merchantWalletId: String(wallet.id), currency: 'AED', charges }), [
          { name: 'Fee', type: 'fee', chargesMinor: feeMinor },
          { name: 'VAT', type: 'vat', chargesMinor: vatMinor },
        ])
      : recordUnpostedTransaction(trx, { ...movement, failureReason: 'Your card was declined.' }),
  );
}

beforeAll(async () => {
  t = await createTestApp();
  runner = new JobRunner(t.deps, { runnerId: 'reports-test', schedules: [] });
  shop = await createTestMerchant(t, { staff: [{ features: ['transactions'] }, { features: ['store'] }] });
  rival = await createTestMerchant(t);
  consumer = await createTestPerson(t);
  const channels = shop.stores[0]!.terminals[0]!.channels;
  onlineChannel = channels.find((channel) => channel.type === 'online')!.id;
  posChannel = channels.find((channel) => channel.type === 'pos')!.id;
  for (let index = 0; index < DEPOSITS; index++) await fundWallet(t, shop.wallets.AED!, 50_000 + index, 'AED');
  for (let index = 0; index < ONLINE_SALES; index++) await channelPayment(shop, onlineChannel, 1, 10_000n + BigInt(index));
  for (let index = 0; index < POS_SALES; index++) await channelPayment(shop, posChannel, index < FAILED_POS_SALES ? 2 : 1, 2_500n);
  await channelPayment(rival, rival.stores[0]!.terminals[0]!.channels[0]!.id, 1, 7_700n);
  await fundWallet(t, consumer.wallets.AED!, 12_345, 'AED');
});
afterAll(async () => {
  await t?.close();
});

const SHOP_TOTAL = DEPOSITS + ONLINE_SALES + POS_SALES;

async function generate(token: string, body: TGenerateReportRequest): Promise<string> {
  const answer = await t.call(generateReportCall, body, { token });
  expect({ code: answer.code, reason: answer.reason, status: answer.data?.status }).toEqual({
    code: 200,
    reason: undefined,
    status: 'queued',
  });
  return answer.data.reportId;
}

async function reportOf(token: string, reportId: string): Promise<TReport> {
  const answer = await t.call(getReportCall, { reportId }, { token });
  expect(answer.code).toBe(200);
  return answer.data;
}

/** Generates, runs the queue, and answers the ready report (with its link). */
async function exported(token: string, body: TGenerateReportRequest): Promise<TReport> {
  const reportId = await generate(token, body);
  expect((await reportOf(token, reportId)).status).toBe('queued');
  await runner.drain();
  const report = await reportOf(token, reportId);
  expect(report.status).toBe('ready');
  return report;
}

function download(url: string, token?: string) {
  return t.app.inject({ method: 'GET', url, headers: token ? { accesstoken: token } : {} });
}

async function downloadedBytes(report: TReport, token: string): Promise<Buffer> {
  const answer = await download(report.downloadUrl!, token);
  expect(answer.statusCode).toBe(200);
  return answer.rawPayload;
}

/** Every row the list call answers for these filters, newest first. */
async function listRows(token: string, filters: Record<string, unknown> = {}): Promise<TTransactionRow[]> {
  const answer = await t.call(getTransactionsCall, { ...filters, perPage: 500 }, { token });
  return transactionsPage(answer).data;
}

async function sheetRows(bytes: Buffer): Promise<unknown[][]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0]!;
  const rows: unknown[][] = [];
  sheet.eachRow({ includeEmpty: true }, (row) => rows.push((row.values as unknown[]).slice(1)));
  return rows;
}

/** What the file must hold for a list row: id, status, currency and the money in minor units. */
const expectedCells = (row: TTransactionRow) => [
  row.uuid,
  row.status_str,
  row.currency.code,
  row.amount,
  row.fee,
  row.vat,
  row.total_amount,
];
const fileCells = (cells: unknown[]) => [
  cells[0],
  cells[3],
  cells[5],
  ...[6, 7, 8, 9].map((index) => Math.round(Number(cells[index]) * 100)),
];

/** The report files in the app's file store, whichever store it is. */
function storedReportFiles(): Promise<string[]> {
  return t.deps.files.list('reports/', LIST_KEYS_MAX);
}

const reportRow = (uuid: string) => t.deps.db.selectFrom('reports').selectAll().where('uuid', '=', uuid).executeTakeFirstOrThrow();

describe('an Excel export of the transactions', () => {
  it('holds exactly the rows of the list, newest first, with totals, and its progress reaches the total', async () => {
    // Proves the file and the screen read one definition: same rows, same order, same amounts.
    const report = await exported(shop.token, { reportType: 'transaction', exportAs: 'excel' });
    expect(report).toMatchObject({
      exportAs: 'excel',
      progress: { rowsWritten: SHOP_TOTAL, rowsTotal: SHOP_TOTAL },
      truncated: false,
      error: null,
    });
    expect(report.fileName).toMatch(/^transaction-\d{4}-\d{2}-\d{2}-[0-9a-f]{8}\.xlsx$/);
    expect(report.downloadUrl).toMatch(new RegExp(`^/api/reports/${report.reportId}/download\\?token=[A-Za-z0-9_-]{43}$`));
    expect(new Date(report.downloadExpiresAt!).getTime() - Date.now()).toBeGreaterThan(REPORT_LIMITS.linkLifeMs - 60_000);

    const answer = await download(report.downloadUrl!, shop.token);
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(answer.headers['content-disposition']).toContain(`filename="${report.fileName}"`);
    expect(answer.headers['cache-control']).toBe('no-store');

    const rows = await sheetRows(answer.rawPayload);
    const list = await listRows(shop.token);
    expect(list).toHaveLength(SHOP_TOTAL);
    expect(rows[0]!.slice(0, 3)).toEqual(['Transaction Id', 'Time/Date (GMT)', 'Type']);
    expect(rows.slice(1, 1 + SHOP_TOTAL).map(fileCells)).toEqual(list.map(expectedCells));
    expect(rows[1]![1]).toBe(list[0]!.created_at.slice(0, 16).replace('T', ' '));
    // A blank row, then the totals of the money columns in AED.
    const totals = rows[SHOP_TOTAL + 2]!;
    expect(totals[0]).toBe('Total (AED)');
    const sum = (pick: (row: TTransactionRow) => number) => list.reduce((total, row) => total + pick(row), 0);
    expect([6, 7, 8, 9].map((index) => Math.round(Number(totals[index]) * 100))).toEqual([
      sum((row) => row.amount),
      sum((row) => row.fee),
      sum((row) => row.vat),
      sum((row) => row.total_amount),
    ]);
    await expectLedgerInvariants(t);
  });

  it('respects the filters exactly as get-transactions does (status and channel)', async () => {
    // Proves the export builds the list's params with the screen's own function.
    const filters = { status: 2, storeId: Number(shop.stores[0]!.id), channelId: Number(posChannel) };
    const report = await exported(shop.token, { reportType: 'transaction', exportAs: 'excel', ...filters });
    expect(report.progress).toEqual({ rowsWritten: FAILED_POS_SALES, rowsTotal: FAILED_POS_SALES });
    const rows = await sheetRows(await downloadedBytes(report, shop.token));
    const list = await listRows(shop.token, filters);
    expect(list).toHaveLength(FAILED_POS_SALES);
    expect(rows.slice(1, 1 + FAILED_POS_SALES).map(fileCells)).toEqual(list.map(expectedCells));
    expect(rows[FAILED_POS_SALES + 1]?.every((cell) => cell === null || cell === undefined) ?? true).toBe(true);
  });

  it('writes only the newest rows up to the limit, and says the list had more', async () => {
    const report = await exported(shop.token, { reportType: 'transaction', exportAs: 'excel', limit: 5 });
    expect(report).toMatchObject({ progress: { rowsWritten: 5, rowsTotal: 5 }, truncated: true });
    const rows = await sheetRows(await downloadedBytes(report, shop.token));
    expect(rows.slice(1, 6).map((cells) => cells[0])).toEqual((await listRows(shop.token)).slice(0, 5).map((row) => row.uuid));
  });

  it('lets a consumer export their own transactions', async () => {
    const report = await exported(consumer.token, { reportType: 'transaction', exportAs: 'excel' });
    const rows = await sheetRows(await downloadedBytes(report, consumer.token));
    expect(rows.slice(1, 2).map(fileCells)).toEqual((await listRows(consumer.token)).map(expectedCells));
    expect(report.progress).toEqual({ rowsWritten: 1, rowsTotal: 1 });
  });
});

describe('a PDF export of the transactions', () => {
  it('is a PDF table over several pages with every row, the row count and the totals', async () => {
    const report = await exported(shop.token, { reportType: 'transaction', exportAs: 'pdf' });
    expect(report.fileName).toMatch(/\.pdf$/);
    const answer = await download(report.downloadUrl!, shop.token);
    expect(answer.headers['content-type']).toBe('application/pdf');
    expect(answer.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const parser = new PDFParse({ data: new Uint8Array(answer.rawPayload) });
    const text = await parser.getText();
    await parser.destroy();
    // About 37 rows a page: 42 rows and the totals need two.
    expect(text.total).toBe(2);
    expect(text.text).toContain(`${SHOP_TOTAL} rows`);
    expect(text.text).toContain('Total (AED)');
    expect(text.text).toContain('Transactions - page 2');
    for (const row of await listRows(shop.token)) expect(text.text).toContain(row.uuid);
  });
});

describe('who may export and download', () => {
  it('refuses another merchant the report, the download even with a valid link, and its store as a filter', async () => {
    // Proves reports are read by account holder: nothing of the shop leaks to the rival.
    const report = await exported(shop.token, { reportType: 'transaction', exportAs: 'excel' });
    const asked = await t.call(getReportCall, { reportId: report.reportId }, { token: rival.token });
    expect({ status: asked.status, reason: asked.reason }).toEqual({ status: 404, reason: 'REPORT_NOT_FOUND' });
    const taken = await download(report.downloadUrl!, rival.token);
    expect({ status: taken.statusCode, reason: taken.json<{ reason: string }>().reason }).toEqual({
      status: 404,
      reason: 'REPORT_NOT_FOUND',
    });

    const before = await countRows(t, ['reports', 'jobs', 'audit_log']);
    const scoped = await t.call(
      generateReportCall,
      { reportType: 'transaction', exportAs: 'excel', storeId: Number(shop.stores[0]!.id) },
      { token: rival.token },
    );
    expect({ status: scoped.status, reason: scoped.reason }).toEqual({ status: 404, reason: 'STORE_NOT_FOUND' });
    expect(await countRows(t, ['reports', 'jobs', 'audit_log'])).toEqual(before);
    // The link still works for the shop: the refusals changed nothing.
    expect((await download(report.downloadUrl!, shop.token)).statusCode).toBe(200);
  });

  it('lets staff with the feature export, and refuses staff without it at every step', async () => {
    const [withFeature, withoutFeature] = shop.staff;
    const report = await exported(withFeature!.token, { reportType: 'transaction', exportAs: 'excel' });
    expect((await download(report.downloadUrl!, withFeature!.token)).statusCode).toBe(200);
    // The owner reads the staff member's report: it is the merchant's.
    expect((await reportOf(shop.token, report.reportId)).status).toBe('ready');

    const before = await countRows(t, ['reports', 'jobs']);
    const refused = await t.call(generateReportCall, { reportType: 'transaction', exportAs: 'pdf' }, { token: withoutFeature!.token });
    expect({ status: refused.status, reason: refused.reason }).toEqual({ status: 403, reason: 'FEATURE_NOT_GRANTED' });
    expect(await countRows(t, ['reports', 'jobs'])).toEqual(before);
    const asked = await t.call(getReportCall, { reportId: report.reportId }, { token: withoutFeature!.token });
    expect({ status: asked.status, reason: asked.reason }).toEqual({ status: 403, reason: 'FEATURE_NOT_GRANTED' });
    const link = (await reportOf(shop.token, report.reportId)).downloadUrl!;
    const taken = await download(link, withoutFeature!.token);
    expect({ status: taken.statusCode, reason: taken.json<{ reason: string }>().reason }).toEqual({
      status: 403,
      reason: 'FEATURE_NOT_GRANTED',
    });
  });

  it('refuses a download without a session, without the token, with a replaced link and with an expired one', async () => {
    const report = await exported(shop.token, { reportType: 'transaction', exportAs: 'pdf' });
    const reason = async (url: string, token?: string) => {
      const answer = await download(url, token);
      return `${answer.statusCode} ${answer.json<{ reason: string }>().reason}`;
    };
    expect(await reason(report.downloadUrl!)).toBe('401 UNAUTHENTICATED');
    expect(await reason(`/api/reports/${report.reportId}/download`, shop.token)).toBe('403 REPORT_LINK_INVALID');
    expect(await reason(`/api/reports/${report.reportId}/download?token=${'A'.repeat(43)}`, shop.token)).toBe('403 REPORT_LINK_INVALID');
    // Asking again mints a new link; the first stops working.
    const again = await reportOf(shop.token, report.reportId);
    expect(again.downloadUrl).not.toBe(report.downloadUrl);
    expect(await reason(report.downloadUrl!, shop.token)).toBe('403 REPORT_LINK_INVALID');
    // Ten minutes later (by the database's clock) the link has expired.
    await t.deps.db
      .updateTable('reports')
      .set({ token_expires_at: sql<Date>`now() - interval '1 second'` })
      .where('uuid', '=', report.reportId)
      .execute();
    expect(await reason(again.downloadUrl!, shop.token)).toBe('403 REPORT_LINK_EXPIRED');
  });

  it('refuses an unknown report type and a missing format, writing nothing', async () => {
    const before = await countRows(t, ['reports', 'jobs']);
    const unknown = await t.post('generate-report', { reportType: 'withdrawals', exportAs: 'excel' }, { token: shop.token });
    const noFormat = await t.post('generate-report', { reportType: 'transaction' }, { token: shop.token });
    const badDates = await t.post(
      'generate-report',
      { reportType: 'transaction', exportAs: 'pdf', fromDate: '2026-03-02', toDate: '2026-03-01' },
      { token: shop.token },
    );
    const noType = await t.post('generate-report', { exportAs: 'excel' }, { token: shop.token });
    expect([unknown, noType, noFormat, badDates].map((answer) => `${answer.status} ${answer.reason}`)).toEqual([
      '400 VALIDATION_FAILED',
      '400 VALIDATION_FAILED',
      '400 VALIDATION_FAILED',
      '400 VALIDATION_FAILED',
    ]);
    expect([unknown, noType, noFormat, badDates].map(fieldErrors)).toEqual([
      { reportType: 'The selected report type is invalid' },
      { reportType: 'The report type field is required' },
      { exportAs: 'The export as field is required' },
      { toDate: 'The to date must be a date after or equal to from date' },
    ]);
    expect(await countRows(t, ['reports', 'jobs'])).toEqual(before);
    const notAnId = await t.post('get-report', { reportId: '12' }, { token: shop.token });
    const unknownId = await t.call(getReportCall, { reportId: '00000000-0000-4000-8000-000000000000' }, { token: shop.token });
    expect(fieldErrors(notAnId)).toEqual({ reportId: 'The report id is invalid' });
    expect(`${unknownId.status} ${unknownId.reason}`).toBe('404 REPORT_NOT_FOUND');
  });

  it('refuses a fourth report while three of the account are still being prepared', async () => {
    // Proves the cap on work one account can queue: the refusal writes nothing; once the
    // queue has run, exporting works again.
    for (let report = 0; report < REPORT_LIMITS.inProgressMax; report++) {
      await generate(shop.token, { reportType: 'transaction', exportAs: 'excel', limit: 1 });
    }
    const before = await countRows(t, ['reports', 'jobs', 'audit_log']);
    const refused = await t.call(generateReportCall, { reportType: 'transaction', exportAs: 'pdf' }, { token: shop.staff[0]!.token });
    expect({ status: refused.status, reason: refused.reason }).toEqual({ status: 429, reason: 'REPORTS_IN_PROGRESS_LIMIT' });
    expect(await countRows(t, ['reports', 'jobs', 'audit_log'])).toEqual(before);
    // Another account is not held back by the shop's reports.
    await generate(rival.token, { reportType: 'transaction', exportAs: 'pdf', limit: 1 });
    await runner.drain();
    await exported(shop.token, { reportType: 'transaction', exportAs: 'pdf', limit: 1 });
  });

  it('records who generated a report in the audit log', async () => {
    const reportId = await generate(shop.token, { reportType: 'transaction', exportAs: 'excel' });
    const row = await reportRow(reportId);
    const audit = await t.deps.db
      .selectFrom('audit_log')
      .select(['action', 'actor_user_id', 'subject_type', 'subject_id'])
      .where('subject_type', '=', 'report')
      .where('subject_id', '=', String(row.id))
      .executeTakeFirstOrThrow();
    expect(audit).toEqual({ action: 'report.generate', actor_user_id: shop.id, subject_type: 'report', subject_id: String(row.id) });
    await runner.drain();
  });
});

describe('a report that cannot be written', () => {
  it('fails at once when its filters no longer pass, and keeps no file', async () => {
    const reportId = await generate(shop.token, { reportType: 'transaction', exportAs: 'excel' });
    // The stored filters now name a store that is not the shop's (as if it had been taken away).
    await t.deps.db
      .updateTable('reports')
      .set({ filters: JSON.stringify({ storeId: Number(rival.stores[0]!.id) }) })
      .where('uuid', '=', reportId)
      .execute();
    const filesBefore = (await storedReportFiles()).length;
    expect(await runner.drain()).toEqual(['done']);
    const report = await reportOf(shop.token, reportId);
    expect(report).toMatchObject({ status: 'failed', downloadUrl: null, fileName: null });
    expect(report.error).toBe('Store not found.');
    expect(await storedReportFiles()).toHaveLength(filesBefore);
  });

  it('is retried after an error of ours, and marked failed after its last attempt', async () => {
    const reportId = await generate(shop.token, { reportType: 'transaction', exportAs: 'pdf' });
    await t.deps.db
      .updateTable('reports')
      .set({ filters: JSON.stringify({ status: 'not a status' }) })
      .where('uuid', '=', reportId)
      .execute();
    const outcomes: string[] = [];
    for (let attempt = 1; attempt <= 3; attempt++) {
      await sql`UPDATE jobs SET run_at = now() WHERE kind = 'generate-report' AND state = 'queued'`.execute(t.deps.db);
      outcomes.push(...(await runner.drain()));
      if (attempt < 3) expect((await reportOf(shop.token, reportId)).status).toBe('queued');
    }
    expect(outcomes).toEqual(['retry', 'retry', 'failed']);
    expect(await reportOf(shop.token, reportId)).toMatchObject({ status: 'failed', error: REPORT_FAILED_MESSAGE, downloadUrl: null });
  });
});

describe('the expiry of report files', () => {
  it('removes files past their day and leaves the report as expired, without a link', async () => {
    const report = await exported(shop.token, { reportType: 'transaction', exportAs: 'excel', limit: 2 });
    const stored = await reportRow(report.reportId);
    const file = stored.file_key!;
    expect(await t.deps.files.exists(file)).toBe(true);
    expect(Number(stored.file_bytes)).toBe((await t.deps.files.get(file)).length);
    expect(await removeExpiredReports(t.deps)).toBe(0);

    await t.deps.db
      .updateTable('reports')
      .set({ expires_at: sql<Date>`now() - interval '1 second'` })
      .where('uuid', '=', report.reportId)
      .execute();
    await t.deps.db.transaction().execute(async (trx) => {
      const { enqueueJob } = await import('../../jobs/queue.ts');
      await enqueueJob(trx, 'remove-expired-reports', {});
    });
    expect(await runner.drain()).toEqual(['done']);
    expect(await t.deps.files.exists(file)).toBe(false);
    const after = await reportOf(shop.token, report.reportId);
    expect(after).toMatchObject({ status: 'expired', downloadUrl: null, fileName: null });
    const answer = await download(report.downloadUrl!, shop.token);
    expect(answer.json<{ reason: string }>().reason).toBe('REPORT_LINK_INVALID');

    // A month after it expired, the report itself is forgotten; a recent failed one is kept.
    const failedBefore = await t.deps.db.selectFrom('reports').select('uuid').where('status', '=', 'failed').execute();
    expect(failedBefore.length).toBeGreaterThan(0);
    await t.deps.db
      .updateTable('reports')
      .set({ updated_at: sql<Date>`now() - interval '31 days'` })
      .where('uuid', '=', report.reportId)
      .execute();
    await removeExpiredReports(t.deps);
    expect(await t.deps.db.selectFrom('reports').select('id').where('uuid', '=', report.reportId).executeTakeFirst()).toBeUndefined();
    expect(await t.deps.db.selectFrom('reports').select('uuid').where('status', '=', 'failed').execute()).toEqual(failedBefore);
  });
});

describe('an export of a payment link’s transactions', () => {
  // Real payments through a link (chargeCard, as the checkout makes them): three approved and
  // one declined, on a merchant of their own so the shop's counts above stay as they are.
  let seller: TestMerchant;
  let link: { id: bigint; token: string };
  const LINK_AMOUNTS = [10_000n, 12_550n, 99_999n];

  beforeAll(async () => {
    seller = await createTestMerchant(t, { staff: [{ features: ['payment-link'] }, { features: ['transactions'] }] });
    await giveMerchantFees(t, seller.id);
    const channel = seller.stores[0]!.terminals[0]!.channels.find((c) => c.type === 'online')!.id;
    const aed = await t.deps.db.selectFrom('currencies').select('id').where('code', '=', 'AED').executeTakeFirstOrThrow();
    const schemes = await t.deps.db.selectFrom('payment_methods').select('id').where('code', 'in', ['VISA', 'MASTERCARD']).execute();
    link = await insertPaymentLink(t.deps.db, {
      merchantUserId: seller.id,
      channelId: channel,
      currencyId: aed.id,
      amount: 10_000n,
      type: 1,
      status: 1,
      exipresIn: null,
      redirectUrl: null,
      callbackUrl: null,
      receiptNo: null,
      email: null,
      phone: null,
      description: null,
      addedBy: seller.id,
      schemeIds: schemes.map((scheme) => scheme.id),
    });
    const pay = async (amountMinor: bigint, number: string, name: string) => {
      const attempt = await openAttempt(t.deps.db, {
        merchantUserId: seller.id,
        paymentLinkId: link.id,
        paymentToken: link.token,
        ip: '203.0.113.9',
        message: 'Payment page opened',
      });
      return chargeCard(t.deps, {
        merchantUserId: seller.id,
        channelId: channel,
        kind: 'link',
        currency: 'AED',
        amountMinor,
        card: checkPaymentCard({ holderName: name, number, expMonth: 12, expYear: new Date().getFullYear() + 2, cvc: '123' }),
        customer: { name, email: `${name.split(' ')[0]!.toLowerCase()}@example.com` },
        capture: 'automatic',
        attemptId: attempt.attemptId,
        ip: '203.0.113.9',
        paymentLinkId: link.id,
      });
    };
    const outcomes = [];
    for (const [index, amount] of LINK_AMOUNTS.entries()) outcomes.push(await pay(amount, '4242424242424242', `Buyer${index} Paid`));
    outcomes.push(await pay(5_000n, '4000000000000002', 'Ziad Declined'));
    expect(outcomes.map((payment) => payment.status)).toEqual(['succeeded', 'succeeded', 'succeeded', 'failed']);
  });

  async function screenOf(token: string) {
    const answer = await t.call(getPaymentlinkTransactionsCall, { paymentLinkId: Number(link.id) }, { token });
    expect(answer.status, answer.message).toBe(200);
    return answer.data;
  }

  /** What a file row must hold for a row of the screen: the screen's columns, money in minor units. */
  const screenCells = (row: TPaymentLinkTransaction) => [
    row.uuid,
    row.customer.name,
    row.customer.email,
    'AED',
    row.amount,
    row.vat,
    row.fee,
    row.total_amount,
    row.status_str,
    row.created_at.slice(0, 16).replace('T', ' '),
  ];
  const minor = (cell: unknown) => Math.round(Number(cell) * 100);
  const linkFileCells = (cells: unknown[]) => [
    cells[0],
    cells[2],
    cells[3],
    cells[4],
    ...[5, 6, 7, 8].map((index) => minor(cells[index])),
    cells[11],
    cells[12],
  ];

  it('writes the rows of the Link Transactions screen to Excel, amounts in major units, with totals of the paid ones', async () => {
    const report = await exported(seller.token, {
      reportType: 'payment_link_transactions',
      paymentLinkId: Number(link.id),
      exportAs: 'excel',
    });
    expect(report).toMatchObject({ progress: { rowsWritten: 4, rowsTotal: 4 }, truncated: false });
    expect(report.fileName).toMatch(/^payment_link_transactions-\d{4}-\d{2}-\d{2}-[0-9a-f]{8}\.xlsx$/);
    const bytes = await downloadedBytes(report, seller.token);
    const rows = await sheetRows(bytes);
    const screen = await screenOf(seller.token);
    expect(screen.transactions).toHaveLength(4);
    expect(rows[0]).toEqual([
      'UUID',
      'Gateway Reference',
      'Customer Name',
      'Customer Email',
      'Currency',
      'Amount',
      'VAT',
      'Fee',
      'Total Amount',
      'Receiver Account Title',
      'Sender Account Title',
      'Status',
      'Created At (GMT)',
    ]);
    expect(rows.slice(1, 5).map(linkFileCells)).toEqual(screen.transactions.map(screenCells));
    expect(rows.slice(1, 5).map((cells) => cells[11])).toEqual(['Failed', 'Success', 'Success', 'Success']);

    // Money cells are numbers shown with two decimals, so a spreadsheet can add them up.
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
    const firstPaid = workbook.worksheets[0]!.getRow(5);
    expect(firstPaid.getCell(6).value).toBe(Number(LINK_AMOUNTS[0]) / 100);
    expect(firstPaid.getCell(6).numFmt).toBe('#,##0.00');

    // The totals are the screen's: the successful payments only.
    const totals = rows[6]!;
    expect(totals[0]).toBe('Total (AED)');
    expect([5, 6, 7, 8].map((index) => minor(totals[index]))).toEqual([
      screen.totals.amount,
      screen.totals.vat,
      screen.totals.fee,
      screen.totals.subtotal,
    ]);
    expect(screen.totals.amount).toBe(Number(LINK_AMOUNTS.reduce((sum, amount) => sum + amount, 0n)));
    await expectLedgerInvariants(t);
  });

  it('writes the same rows and totals to a PDF', async () => {
    const report = await exported(seller.token, {
      reportType: 'payment_link_transactions',
      paymentLinkId: Number(link.id),
      exportAs: 'pdf',
    });
    const answer = await download(report.downloadUrl!, seller.token);
    expect(answer.headers['content-type']).toBe('application/pdf');
    const parser = new PDFParse({ data: new Uint8Array(answer.rawPayload) });
    const text = await parser.getText();
    await parser.destroy();
    expect(text.total).toBe(1);
    expect(text.text).toContain('Payment Link Transactions - page 1');
    expect(text.text).toContain('4 rows');
    expect(text.text).toContain('Total (AED)');
    const screen = await screenOf(seller.token);
    for (const row of screen.transactions) expect(text.text).toContain(row.uuid);
    // Amounts in major units with thousands separators: 999.99 and the subtotal of the paid ones.
    expect(text.text).toContain('999.99');
    expect(text.text).toContain((screen.totals.amount / 100).toLocaleString('en-US', { minimumFractionDigits: 2 }));
  });

  it('refuses another merchant’s link exactly as get-paymentlink-transactions does, writing nothing', async () => {
    const before = await countRows(t, ['reports', 'jobs', 'audit_log']);
    const screen = await t.call(getPaymentlinkTransactionsCall, { paymentLinkId: Number(link.id) }, { token: rival.token });
    const exportAnswer = await t.call(
      generateReportCall,
      { reportType: 'payment_link_transactions', paymentLinkId: Number(link.id), exportAs: 'excel' },
      { token: rival.token },
    );
    expect({ status: screen.status, reason: screen.reason }).toEqual({ status: 404, reason: 'PAYMENT_LINK_NOT_FOUND' });
    expect({ status: exportAnswer.status, reason: exportAnswer.reason, message: exportAnswer.message }).toEqual({
      status: screen.status,
      reason: screen.reason,
      message: screen.message,
    });
    expect(await countRows(t, ['reports', 'jobs', 'audit_log'])).toEqual(before);
  });

  it('refuses a missing or malformed link id with the list call’s messages, writing nothing', async () => {
    const before = await countRows(t, ['reports', 'jobs']);
    for (const body of [{}, { paymentLinkId: 'abc' }]) {
      const screen = await t.post('get-paymentlink-transactions', body, { token: seller.token });
      const refused = await t.post(
        'generate-report',
        { reportType: 'payment_link_transactions', exportAs: 'excel', ...body },
        { token: seller.token },
      );
      expect(`${refused.status} ${refused.reason}`).toBe('400 VALIDATION_FAILED');
      expect(fieldErrors(refused)).toEqual(fieldErrors(screen));
      expect(Object.keys(fieldErrors(refused))).toEqual(['paymentLinkId']);
    }
    expect(await countRows(t, ['reports', 'jobs'])).toEqual(before);
  });

  it('lets staff with the payment-link feature export, and refuses staff without it', async () => {
    const [withFeature, withoutFeature] = seller.staff;
    const body = { reportType: 'payment_link_transactions', paymentLinkId: Number(link.id), exportAs: 'excel' } as const;
    const report = await exported(withFeature!.token, body);
    expect(report.progress).toEqual({ rowsWritten: 4, rowsTotal: 4 });
    const refused = await t.call(generateReportCall, body, { token: withoutFeature!.token });
    expect({ status: refused.status, reason: refused.reason }).toEqual({ status: 403, reason: 'FEATURE_NOT_GRANTED' });
    const consumerAsks = await t.call(generateReportCall, body, { token: consumer.token });
    expect({ status: consumerAsks.status, reason: consumerAsks.reason }).toEqual({ status: 403, reason: 'AUDIENCE_NOT_ALLOWED' });
  });
});
