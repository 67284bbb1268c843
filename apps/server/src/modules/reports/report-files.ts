// The two file formats of an export, written row by row as the list streams, so a large export
// never sits in memory: xlsx by our own sheet writer into a zip (xlsx-writer.ts), and PDF through
// pdfkit (each page is flushed to the file as the next begins). Both end with the totals per
// currency of the summed money columns. What both share is here: the layout, the totals, how a
// cell reads.
import type { Writable } from 'node:stream';
import PDFDocument from 'pdfkit';
import { formatMinor } from '@paywallet/ledger';
import type { Cell, CellKind, ReportColumn, ReportRow } from './report-types.ts';

/** Minor units have two digits after the point (spec: amounts are divided by 100 for display). */
const MINOR_EXPONENT = 2;

export interface ReportLayout {
  title: string;
  /** A line under the title: when, how many rows, which filters. */
  subtitle: string;
  columns: ReadonlyArray<Omit<ReportColumn<never>, 'value'>>;
  /** Displayed decimals (DECISIONS 16) for amounts, and for fees and VAT. */
  amountDecimals: number;
  feeDecimals: number;
}

/** Sums of the summed columns, per currency: minor units, indexed like the columns. */
export type ReportTotals = Map<string, Array<bigint | null>>;

export interface ReportFileWriter {
  addRow(row: ReportRow): Promise<void>;
  /** Writes the totals, closes the file and resolves once every byte reached the stream's target. */
  finish(totals: ReportTotals): Promise<void>;
}

export function addToTotals(totals: ReportTotals, layout: ReportLayout, row: ReportRow): void {
  if (row.currency === null || !layout.columns.some((column) => column.summed)) return;
  const sums = totals.get(row.currency) ?? layout.columns.map((column) => (column.summed ? 0n : null));
  row.cells.forEach((cell, index) => {
    const sum = sums[index];
    if (sum !== null && sum !== undefined && typeof cell === 'number') sums[index] = sum + BigInt(cell);
  });
  totals.set(row.currency, sums);
}

/** What Date's toISOString writes: already GMT, so its first 16 characters are the minute. */
const ISO_GMT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

/** 'YYYY-MM-DD HH:MM' in GMT, as every table shows times. */
export function gmtMinute(iso: string): string {
  // Every row's times come as toISOString wrote them: cut, not parsed (a Date per cell showed in the profile).
  if (ISO_GMT.test(iso)) return `${iso.slice(0, 10)} ${iso.slice(11, 16)}`;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : date.toISOString().slice(0, 16).replace('T', ' ');
}

export function decimalsOf(kind: CellKind, layout: ReportLayout): number {
  return kind === 'fee' ? layout.feeDecimals : layout.amountDecimals;
}

/** A cell as text (the PDF): money formatted with the configured decimals and thousands commas. */
export function cellText(cell: Cell | bigint, kind: CellKind, layout: ReportLayout): string {
  if (cell === null) return '';
  if (kind === 'time') return gmtMinute(String(cell));
  if ((kind === 'amount' || kind === 'fee') && (typeof cell === 'number' || typeof cell === 'bigint')) {
    return formatMinor(BigInt(cell), MINOR_EXPONENT, { displayDecimals: decimalsOf(kind, layout), groupSeparator: ',' });
  }
  return String(cell);
}

/** A total's label row: 'Total (AED)' in the first column, the currency where its column is. */
export function totalRows(totals: ReportTotals, layout: ReportLayout): Array<{ currency: string; cells: Array<Cell | bigint> }> {
  return [...totals.entries()]
    .sort(([left], [right]) => left.localeCompare(right))
    .map(([currency, sums]) => ({
      currency,
      cells: layout.columns.map((column, index) => (index === 0 ? `Total (${currency})` : column.summed ? (sums[index] ?? 0n) : null)),
    }));
}

// ---- PDF ----------------------------------------------------------------------------------

/** Cells whose fitted text and width the PDF writer remembers (cleared when full). */
const FITTED_CACHE_MAX = 20_000;

const PAGE = { margin: 28, fontSize: 7, headerFontSize: 7.5, rowHeight: 12, cellPadding: 3 } as const;

/** A table over A4 landscape pages: title on the first page, the header row on each, page numbers. */
export function openPdfWriter(stream: Writable, layout: ReportLayout): ReportFileWriter {
  // The bottom margin is small on purpose: pdfkit adds a page by itself when text starts below
  // it, and this writer places every line itself (footer included).
  const doc = new PDFDocument({
    size: 'A4',
    layout: 'landscape',
    margins: { top: PAGE.margin, left: PAGE.margin, right: PAGE.margin, bottom: 4 },
    info: { Title: layout.title, Subject: layout.subtitle, Creator: 'PayWallet' },
  });
  const finished = new Promise<void>((resolve, reject) => {
    stream.once('finish', resolve);
    stream.once('error', reject);
    doc.once('error', reject);
  });
  doc.pipe(stream);

  const tableWidth = doc.page.width - 2 * PAGE.margin;
  const shares = layout.columns.reduce((sum, column) => sum + column.width, 0);
  const widths = layout.columns.map((column) => (column.width / shares) * tableWidth);
  const lastRowTop = doc.page.height - PAGE.margin - PAGE.rowHeight;
  let page = 1;
  let y = PAGE.margin;

  // Each cell is placed by this writer (x from its column and alignment, cut to its width) and
  // drawn with doc.text without a width: given a width, pdfkit runs its line wrapper for every
  // call, which was most of the time a PDF took.
  // Measuring text (glyph widths and kerning pairs) is the costly part of pdfkit: a cell's fitted
  // text and its width are kept per font and column (types, statuses, currencies repeat on every
  // row), at most FITTED_CACHE_MAX entries, and the width is handed to doc.text (textWidth).
  const fittedCache = new Map<string, { text: string; width: number; words: number }>();
  const fitted = (text: string, room: number, bold: boolean, index: number) => {
    const cacheKey = `${bold ? 'b' : 'r'}${index}\u0000${text}`;
    const known = fittedCache.get(cacheKey);
    if (known) return known;
    let shown = text;
    let width = doc.widthOfString(text);
    if (width > room) {
      let cut = text;
      while (cut.length > 1 && doc.widthOfString(`${cut}...`) > room) cut = cut.slice(0, -1);
      shown = `${cut}...`;
      width = doc.widthOfString(shown);
    }
    const cell = { text: shown, width, words: shown.trim() ? shown.trim().split(/\s+/).length : 0 };
    if (fittedCache.size >= FITTED_CACHE_MAX) fittedCache.clear();
    fittedCache.set(cacheKey, cell);
    return cell;
  };
  const rightAligned = layout.columns.map((column) => column.kind === 'amount' || column.kind === 'fee');
  const line = (cells: string[], bold: boolean) => {
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(bold ? PAGE.headerFontSize : PAGE.fontSize);
    let x = PAGE.margin;
    cells.forEach((text, index) => {
      const width = widths[index]!;
      const room = width - 2 * PAGE.cellPadding;
      if (text !== '') {
        const cell = fitted(text, room, bold, index);
        const left = rightAligned[index] ? x + PAGE.cellPadding + room - cell.width : x + PAGE.cellPadding;
        // textWidth and wordCount are pdfkit options its type declarations do not list.
        const options = { lineBreak: false, textWidth: cell.width, wordCount: cell.words };
        doc.text(cell.text, left, y + 2.5, options);
      }
      x += width;
    });
    y += PAGE.rowHeight;
  };
  const header = () => {
    doc.rect(PAGE.margin, y, tableWidth, PAGE.rowHeight).fill('#e9ecef').fillColor('black');
    line(
      layout.columns.map((column) => column.header),
      true,
    );
  };
  const footer = () => {
    doc.font('Helvetica').fontSize(PAGE.fontSize).fillColor('#495057');
    doc.text(`${layout.title} - page ${page}`, PAGE.margin, doc.page.height - PAGE.margin + 8, {
      width: tableWidth,
      align: 'right',
      lineBreak: false,
    });
    doc.fillColor('black');
  };
  const room = () => {
    if (y <= lastRowTop) return;
    footer();
    doc.addPage();
    page += 1;
    y = PAGE.margin;
    header();
  };

  doc.font('Helvetica-Bold').fontSize(14).text(layout.title, PAGE.margin, y, { lineBreak: false });
  y += 20;
  doc.font('Helvetica').fontSize(8).fillColor('#495057').text(layout.subtitle, PAGE.margin, y, { width: tableWidth, lineBreak: false });
  doc.fillColor('black');
  y += 16;
  header();

  return {
    async addRow(row) {
      room();
      line(
        row.cells.map((cell, index) => cellText(cell, layout.columns[index]!.kind, layout)),
        false,
      );
    },
    async finish(totals) {
      for (const total of totalRows(totals, layout)) {
        room();
        line(
          total.cells.map((cell, index) => cellText(cell, layout.columns[index]!.kind, layout)),
          true,
        );
      }
      footer();
      doc.end();
      await finished;
    },
  };
}
