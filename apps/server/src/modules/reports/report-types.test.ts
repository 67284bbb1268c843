// The account ledger's and the payment links' exports (report types transaction_ledger and
// payment_links) through the real calls and the real job, after real payments through the three
// doors and a refund: each file, read back with exceljs or pdf-parse, holds exactly the rows of
// its screen's call for the same filters (the ledger with the same closing balances), with the
// totals; a ledger export without both days is refused with the spec's message and writes
// nothing; another merchant's wallet is refused as the screen refuses it; staff need the type's
// feature. No export of any type holds a full card number.
import ExcelJS from 'exceljs';
import { PDFParse } from 'pdf-parse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  generateReportCall,
  getAccountLedgerCall,
  getPaymentLinkInfoCall,
  getReportCall,
  LEDGER_EXPORT_DATES_REQUIRED,
  type TGenerateReportRequest,
  type TReport,
} from '@paywallet/contract';
import { countRows, createTestApp, fieldErrors, type TestApp } from '../../test/harness.ts';
import { createTestMerchant, type TestMerchant } from '../../test/merchant.ts';
import { giveMerchantFees } from '../../test/merchant-fees.ts';
import { expectLedgerInvariants, fundWallet } from '../../test/money.ts';
import { openPaymentDoors } from '../../test/payment-doors.ts';
import { JobRunner } from '../../jobs/runner.ts';
import { SANDBOX_CARDS } from '../gateway/acquirer.ts';

let t: TestApp;
let runner: JobRunner;
let shop: TestMerchant;
let rival: TestMerchant;
let wallet: number;

const today = () => new Date().toISOString().slice(0, 10);
const DAYS = () => ({ fromDate: today(), toDate: today() });
/** 13 to 19 digits in a row, or four groups of four: what a full card number looks like (a uuid's longest digit run is 12). */
const PAN_PATTERN = /\d{13,19}|\b\d{4}(?: \d{4}){3}\b/;

beforeAll(async () => {
  t = await createTestApp({}, { demo: false });
  runner = new JobRunner(t.deps, { runnerId: 'report-types-test', schedules: [] });
  shop = await createTestMerchant(t, {
    staff: [{ features: ['account-ledger'] }, { features: ['payment-link'] }, { features: ['transactions'] }],
  });
  rival = await createTestMerchant(t);
  wallet = Number(shop.wallets.AED!);
  await giveMerchantFees(t, shop.id);
  const doors = await openPaymentDoors(t, shop);
  await fundWallet(t, wallet, 40_000, 'AED');
  await doors.link(SANDBOX_CARDS.approved);
  await doors.link(SANDBOX_CARDS.approved);
  const declined = await doors.openLink();
  // A declined card: a failed payment through the third link, which moves no money.
  await doors.payLink(declined, SANDBOX_CARDS.declined);
  const api = await doors.api(SANDBOX_CARDS.approved);
  expect(api.status).toBe(201);
  expect((await doors.pos(SANDBOX_CARDS.approved)).status).toBe(200);
  expect((await doors.apiCall(`/payments/${api.body.id}/refunds`, { amount: 2_000 })).status).toBeLessThan(300);
  await fundWallet(t, rival.wallets.AED!, 9_000, 'AED');
});
afterAll(async () => {
  await expectLedgerInvariants(t);
  await t?.close();
});

/** Generates, runs the queue, and answers the ready report with its link. */
async function exported(token: string, body: TGenerateReportRequest): Promise<TReport> {
  const generated = await t.call(generateReportCall, body, { token });
  expect(generated.code, generated.message).toBe(200);
  await runner.drain();
  const report = await t.call(getReportCall, { reportId: generated.data.reportId }, { token });
  expect(report.data.status, report.data.error ?? '').toBe('ready');
  return report.data;
}

async function fileOf(report: TReport, token: string): Promise<Buffer> {
  const answer = await t.app.inject({ method: 'GET', url: report.downloadUrl!, headers: { accesstoken: token } });
  expect(answer.statusCode).toBe(200);
  return answer.rawPayload;
}

async function sheetRows(bytes: Buffer): Promise<unknown[][]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  const rows: unknown[][] = [];
  workbook.worksheets[0]!.eachRow({ includeEmpty: true }, (row) => rows.push((row.values as unknown[]).slice(1)));
  return rows;
}

async function pdfText(bytes: Buffer): Promise<string> {
  const parser = new PDFParse({ data: new Uint8Array(bytes) });
  return (await parser.getText()).text;
}

const minor = (cell: unknown) => Math.round(Number(cell) * 100);

async function ledgerRows(filters: Record<string, unknown> = {}) {
  const answer = await t.call(getAccountLedgerCall, { userAccountId: wallet, perPage: 500, ...filters }, { token: shop.token });
  expect(answer.status, answer.message).toBe(200);
  return answer.data.data;
}

describe('the transaction_ledger export', () => {
  it('holds the ledger rows of the screen with their closing balances, newest first, and the totals (Excel)', async () => {
    const report = await exported(shop.token, { reportType: 'transaction_ledger', exportAs: 'excel', userAccountId: wallet, ...DAYS() });
    const rows = await sheetRows(await fileOf(report, shop.token));
    const screen = await ledgerRows(DAYS());
    expect(screen.length).toBe(6);
    expect(report.progress).toEqual({ rowsWritten: screen.length, rowsTotal: screen.length });
    expect(rows[0]).toEqual([
      'Transaction UUID',
      'Reference',
      'Channel',
      'Currency',
      'Type',
      'Debit',
      'Credit',
      'Closing Balance',
      'Created At (GMT)',
    ]);
    const body = rows.slice(1, 1 + screen.length);
    expect(body.map((cells) => [cells[0], cells[3], cells[4], minor(cells[5]), minor(cells[6]), minor(cells[7])])).toEqual(
      screen.map((row) => [
        row.transaction.uuid,
        'AED',
        row.transaction_type.name,
        row.debit_amount,
        row.credit_amount,
        row.closing_balance,
      ]),
    );
    expect(body.map((cells) => cells[8])).toEqual(screen.map((row) => row.created_at.slice(0, 16).replace('T', ' ')));
    // The totals: debits and credits per currency.
    const debits = screen.reduce((sum, row) => sum + row.debit_amount, 0);
    const credits = screen.reduce((sum, row) => sum + row.credit_amount, 0);
    const totals = rows.find((cells) => String(cells[0] ?? '').startsWith('Total'))!;
    expect([minor(totals[5]), minor(totals[6])]).toEqual([debits, credits]);
    expect(report.fileName).toMatch(/^transaction_ledger-\d{4}-\d{2}-\d{2}-[0-9a-f]{8}\.xlsx$/);
  });

  it('with a channel filter keeps the true balances, and writes a PDF with every row', async () => {
    const posChannel = Number(shop.stores[0]!.terminals[0]!.channels.find((channel) => channel.type === 'pos')!.id);
    const filters = { userAccountId: wallet, channelId: posChannel, ...DAYS() };
    const excel = await sheetRows(
      await fileOf(await exported(shop.token, { reportType: 'transaction_ledger', exportAs: 'excel', ...filters }), shop.token),
    );
    const screen = await ledgerRows({ channelId: posChannel });
    expect(screen.map((row) => row.transaction_type.name)).toEqual(['POS payment']);
    expect(minor(excel[1]![7])).toBe(screen[0]!.closing_balance);
    const pdf = await exported(shop.token, { reportType: 'transaction_ledger', exportAs: 'pdf', userAccountId: wallet, ...DAYS() });
    expect(pdf.fileName).toMatch(/\.pdf$/);
    const text = await pdfText(await fileOf(pdf, shop.token));
    expect(text).toContain('Account Ledger');
    for (const row of await ledgerRows()) expect(text).toContain(row.transaction.uuid);
  });

  it('is refused without both days, with the spec’s message, writing nothing', async () => {
    const before = await countRows(t, ['reports', 'jobs']);
    for (const days of [{}, { fromDate: today() }, { toDate: today() }]) {
      const answer = await t.call(
        generateReportCall,
        { reportType: 'transaction_ledger', exportAs: 'excel', userAccountId: wallet, ...days },
        { token: shop.token },
      );
      expect([answer.status, answer.reason, answer.message]).toEqual([400, 'VALIDATION_FAILED', LEDGER_EXPORT_DATES_REQUIRED]);
      const errors = fieldErrors(answer);
      expect(errors.fromDate ?? errors.toDate).toBe(LEDGER_EXPORT_DATES_REQUIRED);
    }
    expect(await countRows(t, ['reports', 'jobs'])).toEqual(before);
  });

  it('refuses another merchant’s wallet as the screen does, and staff without the feature', async () => {
    const before = await countRows(t, ['reports', 'jobs']);
    const foreign = await t.call(
      generateReportCall,
      { reportType: 'transaction_ledger', exportAs: 'excel', userAccountId: Number(rival.wallets.AED!), ...DAYS() },
      { token: shop.token },
    );
    expect([foreign.status, foreign.reason]).toEqual([404, 'WALLET_NOT_FOUND']);
    const [ledgerStaff, linkStaff] = shop.staff;
    const refused = await t.call(
      generateReportCall,
      { reportType: 'transaction_ledger', exportAs: 'pdf', userAccountId: wallet, ...DAYS() },
      { token: linkStaff!.token },
    );
    expect([refused.status, refused.reason]).toEqual([403, 'FEATURE_NOT_GRANTED']);
    expect(await countRows(t, ['reports', 'jobs'])).toEqual(before);
    await exported(ledgerStaff!.token, { reportType: 'transaction_ledger', exportAs: 'excel', userAccountId: wallet, ...DAYS() });
  });
});

describe('the payment_links export', () => {
  it('holds the links of the screen, newest first, in Excel and PDF', async () => {
    const screen = await t.call(getPaymentLinkInfoCall, { perPage: 500 }, { token: shop.token });
    expect(screen.data.data.length).toBe(3);
    const rows = await sheetRows(await fileOf(await exported(shop.token, { reportType: 'payment_links', exportAs: 'excel' }), shop.token));
    expect(rows[0]!.slice(0, 2)).toEqual(['Token', 'Description']);
    expect(rows.slice(1, 4).map((cells) => [cells[0], cells[6], minor(cells[7]), cells[9]])).toEqual(
      screen.data.data.map((link) => [link.token, 'AED', link.amount, String(link.transactions_count)]),
    );
    const text = await pdfText(await fileOf(await exported(shop.token, { reportType: 'payment_links', exportAs: 'pdf' }), shop.token));
    for (const link of screen.data.data) expect(text).toContain(link.token);
  });

  it('takes the list’s filters and needs the payment-link feature', async () => {
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    const none = await exported(shop.token, { reportType: 'payment_links', exportAs: 'excel', fromDate: tomorrow });
    expect(none.progress).toEqual({ rowsWritten: 0, rowsTotal: 0 });
    const [ledgerStaff, linkStaff] = shop.staff;
    const refused = await t.call(generateReportCall, { reportType: 'payment_links', exportAs: 'excel' }, { token: ledgerStaff!.token });
    expect([refused.status, refused.reason]).toEqual([403, 'FEATURE_NOT_GRANTED']);
    await exported(linkStaff!.token, { reportType: 'payment_links', exportAs: 'pdf' });
  });
});

describe('no export holds a full card number', () => {
  it('scans every report type, in Excel and in PDF, for a run of card-number digits', async () => {
    const links = await t.call(getPaymentLinkInfoCall, { perPage: 1 }, { token: shop.token });
    const bodies: TGenerateReportRequest[] = [
      { reportType: 'transaction', exportAs: 'excel' },
      { reportType: 'transaction_ledger', exportAs: 'excel', userAccountId: wallet, ...DAYS() },
      { reportType: 'payment_links', exportAs: 'excel' },
      { reportType: 'payment_link_transactions', exportAs: 'excel', paymentLinkId: links.data.data[0]!.id },
    ];
    let cardsSeen = 0;
    for (const body of bodies) {
      for (const exportAs of ['excel', 'pdf'] as const) {
        const bytes = await fileOf(await exported(shop.token, { ...body, exportAs } as TGenerateReportRequest), shop.token);
        const text = exportAs === 'excel' ? (await sheetRows(bytes)).flat().map(String).join('\n') : await pdfText(bytes);
        expect(text, `${body.reportType} ${exportAs}`).not.toMatch(PAN_PATTERN);
        if (/424242\*+4242/.test(text)) cardsSeen += 1;
      }
    }
    // The scan looked at files that do show cards (masked): the transactions' Card column.
    expect(cardsSeen).toBeGreaterThan(0);
  });
});
