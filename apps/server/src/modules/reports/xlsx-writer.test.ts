// The xlsx writer, read back with exceljs (what a spreadsheet sees): the header row bold and
// frozen, the column widths, text with XML's special characters, unicode, white space and
// Excel's own escapes exactly as written, text past Excel's cell limit cut to it, money as
// numbers in major units (negative, zero, beyond a float's exact range in the totals) with the
// configured number formats, the blank row and the bold totals per currency, an empty list; and
// a slow file holds the writer back instead of filling memory.
import { PassThrough, Writable } from 'node:stream';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { addToTotals, type ReportLayout, type ReportTotals } from './report-files.ts';
import type { ReportRow } from './report-types.ts';
import { majorUnits, openXlsxWriter, xmlText, XLSX_CELL_CHARS_MAX } from './xlsx-writer.ts';

const layout = (amountDecimals = 2, feeDecimals = 2): ReportLayout => ({
  title: 'Ledger: A/B [test]',
  subtitle: 'Generated <now> & then',
  columns: [
    { header: 'Text & <Name>', width: 30, kind: 'text' },
    { header: 'Amount', width: 14, kind: 'amount', summed: true },
    { header: 'Fee', width: 10, kind: 'fee', summed: true },
    { header: 'When (GMT)', width: 18, kind: 'time' },
    { header: 'Count', width: 8, kind: 'text' },
  ],
  amountDecimals,
  feeDecimals,
});

/** Writes the rows (and their totals) to a buffer. */
async function written(rows: ReportRow[], shape = layout()): Promise<Buffer> {
  const chunks: Buffer[] = [];
  const sink = new PassThrough();
  sink.on('data', (chunk: Buffer) => chunks.push(chunk));
  const writer = openXlsxWriter(sink, shape);
  const totals: ReportTotals = new Map();
  for (const row of rows) {
    await writer.addRow(row);
    addToTotals(totals, shape, row);
  }
  await writer.finish(totals);
  return Buffer.concat(chunks);
}

async function sheetOf(bytes: Buffer): Promise<{ workbook: ExcelJS.Workbook; sheet: ExcelJS.Worksheet; rows: unknown[][] }> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0]!;
  const rows: unknown[][] = [];
  sheet.eachRow({ includeEmpty: true }, (row) => rows.push((row.values as unknown[]).slice(1)));
  return { workbook, sheet, rows };
}

const row = (cells: ReportRow['cells'], currency: string | null = 'AED'): ReportRow => ({ cells, currency });

describe('the xlsx writer', () => {
  it('writes text exactly, whatever characters it holds, and cuts only what Excel cannot hold', async () => {
    const texts = [
      'Tom & Jerry <tom@example.com> "quoted" \'single\'',
      'مرحبا 你好 🙂 Ünïcödé',
      '  leading and trailing spaces  ',
      'two\nlines',
      ']]> <![CDATA[ x',
    ];
    // Excel reads `_xHHHH_` in a cell's text as an escaped character, so a literal one is written
    // with its underscore escaped (`_x005F_`); Excel and LibreOffice show it as typed. exceljs
    // does not decode escapes in inline strings, so it reads the escaped form.
    const escapes = 'Excel escape _x0041_ kept as typed';
    const long = 'x'.repeat(XLSX_CELL_CHARS_MAX + 500);
    const bytes = await written([
      ...texts.map((text) => row([text, 1, 1, null, null])),
      row([long, 1, 1, null, null]),
      row([escapes, 1, 1, null, null]),
    ]);
    const { rows } = await sheetOf(bytes);
    expect(rows.slice(1, 1 + texts.length).map((cells) => cells[0])).toEqual(texts);
    expect(rows[1 + texts.length]![0]).toBe('x'.repeat(XLSX_CELL_CHARS_MAX));
    expect(rows[2 + texts.length]![0]).toBe('Excel escape _x005F_x0041_ kept as typed');
  });

  it('drops the control characters XML cannot carry, and replaces half a surrogate pair', () => {
    expect(xmlText('a\u0001b\u0008c\u000Bd\tf')).toBe('abcd\tf');
    expect(xmlText('broken \uD83D pair')).toBe('broken \uFFFD pair');
    expect(xmlText('whole 🙂 pair')).toBe('whole 🙂 pair');
    expect(xmlText('plain')).toBe('plain');
  });

  it('writes money as numbers in major units, exactly, with the number formats of the layout', async () => {
    const safe = [0, 5, -5, 50, -50, 100, -12345, 120, 9_007_199_254_740_991, -9_007_199_254_740_991];
    expect(safe.map((minor) => majorUnits(minor))).toEqual(safe.map((minor) => majorUnits(BigInt(minor))));
    expect(safe.map((minor) => majorUnits(minor))).toEqual([
      '0',
      '0.05',
      '-0.05',
      '0.5',
      '-0.5',
      '1',
      '-123.45',
      '1.2',
      '90071992547409.91',
      '-90071992547409.91',
    ]);
    expect(['0', '5', '-5', '100', '-12345', '123456789012345678'].map((minor) => majorUnits(BigInt(minor)))).toEqual([
      '0',
      '0.05',
      '-0.05',
      '1',
      '-123.45',
      '1234567890123456.78',
    ]);
    const when = '2026-02-28T23:59:59.999Z';
    const bytes = await written(
      [
        row(['pay', 123_456, 155, when, 7]),
        row(['refund', -5_000, 0, '2026-03-01T00:00:00.000+04:00', null]),
        row(['other', 10, 1, null, null], 'USD'),
      ],
      layout(3, 0),
    );
    const { sheet, rows } = await sheetOf(bytes);
    expect(rows).toEqual([
      ['Text & <Name>', 'Amount', 'Fee', 'When (GMT)', 'Count'],
      ['pay', 1234.56, 1.55, '2026-02-28 23:59', 7],
      ['refund', -50, 0, '2026-02-28 20:00'],
      ['other', 0.1, 0.01],
      [],
      ['Total (AED)', 1184.56, 1.55],
      ['Total (USD)', 0.1, 0.01],
    ]);
    expect(sheet.getRow(2).getCell(2).numFmt).toBe('#,##0.000');
    expect(sheet.getRow(2).getCell(3).numFmt).toBe('#,##0');
    expect(sheet.getRow(2).getCell(1).font?.bold).toBeFalsy();
    // The header and the totals are bold; the totals keep the money formats.
    expect(sheet.getRow(1).getCell(1).font?.bold).toBe(true);
    expect(sheet.getRow(6).getCell(1).font?.bold).toBe(true);
    expect(sheet.getRow(6).getCell(2).font?.bold).toBe(true);
    expect(sheet.getRow(6).getCell(2).numFmt).toBe('#,##0.000');
  });

  it('totals beyond what a float holds exactly, and is a sheet with the layout’s name, widths and frozen header', async () => {
    const big = Number.MAX_SAFE_INTEGER;
    const bytes = await written([row(['a', big, 0, null, null]), row(['b', big, 0, null, null])]);
    const { workbook, sheet, rows } = await sheetOf(bytes);
    // The file holds the exact decimal (majorUnits of the bigint sum); exceljs reads it as a float.
    expect(majorUnits(2n * BigInt(big))).toBe('180143985094819.82');
    expect(rows[4]![0]).toBe('Total (AED)');
    expect(sheet.getRow(5).getCell(2).value).toBe(Number('180143985094819.82'));
    expect(sheet.name).toBe('Ledger  A B  test ');
    expect(sheet.columns.map((column) => column.width)).toEqual([30, 14, 10, 18, 8]);
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(workbook.title).toBe('Ledger: A/B [test]');
    expect(workbook.subject).toBe('Generated <now> & then');
    expect(workbook.creator).toBe('PayWallet');
  });

  it('writes an empty list as the header row alone, without totals', async () => {
    const { rows } = await sheetOf(await written([]));
    expect(rows).toEqual([['Text & <Name>', 'Amount', 'Fee', 'When (GMT)', 'Count']]);
  });

  it('waits for a slow file instead of holding the rows in memory', async () => {
    // A file that takes nothing until released: the writer's rows must stop being accepted.
    let released = false;
    const held: Array<() => void> = [];
    const chunks: Buffer[] = [];
    const slow = new Writable({
      highWaterMark: 16 * 1024,
      write(chunk: Buffer, _encoding, done) {
        chunks.push(chunk);
        if (released) done();
        else held.push(done);
      },
    });
    const writer = openXlsxWriter(slow, layout());
    const text = 'a fairly long text that does not compress to nothing '.repeat(2);
    // Two turns of the event loop: long enough for a row the writer took into memory to resolve.
    const turns = () => new Promise<boolean>((resolve) => setImmediate(() => setImmediate(() => resolve(false))));
    let accepted = 0;
    let waiting: Promise<void> | undefined;
    // Bounded: a writer that never pushes back fails the expectation below, not the loop.
    for (let index = 0; index < 200_000 && waiting === undefined; index += 1) {
      const added = writer.addRow(row([`${index} ${text}${Math.random()}`, index, 1, null, null]));
      if (await Promise.race([added.then(() => true), turns()])) accepted += 1;
      else waiting = added;
    }
    expect(waiting).toBeDefined();
    expect(accepted).toBeLessThan(200_000);
    released = true;
    for (const done of held.splice(0)) done();
    await waiting;
    await writer.finish(new Map());
    const { rows } = await sheetOf(Buffer.concat(chunks));
    expect(rows).toHaveLength(accepted + 2);
  });
});
