// The xlsx file of an export, written straight from the report's columns: the worksheet's XML
// is built as text row by row (inline strings, one shared style id per money format and per
// bold, no object per cell) and streamed into a zip by yazl, whose deflate runs in libuv's
// thread pool beside the JavaScript that builds the next rows. exceljs's streaming writer, used
// before, made a Row, Cells, a style model and an XML node tree for every row: most of its time
// went there and to the garbage they left (docs/exports.md, docs/benchmarks.md). exceljs stays
// as the reader the tests use to prove what this writer writes.
//
// The workbook is the minimum Excel and LibreOffice open without a repair: content types, the
// package and workbook relationships, the workbook with one sheet, the styles (the money number
// formats, bold), the document properties, and the sheet itself with its column widths and the
// header row frozen.
import { once } from 'node:events';
import { PassThrough, type Writable } from 'node:stream';
import yazl from 'yazl';
import type { Cell, CellKind } from './report-types.ts';
import { decimalsOf, gmtMinute, totalRows, type ReportFileWriter, type ReportLayout } from './report-files.ts';

/** Excel keeps at most this many characters in a cell; a longer text is cut to it. */
export const XLSX_CELL_CHARS_MAX = 32_767;
/** Sheet XML is handed to the zip in pieces of about this many characters. */
const SHEET_CHUNK_CHARS = 64 * 1024;
/** Minor units have two digits after the point (spec: amounts are divided by 100 for display). */
const MINOR_DIGITS = 2;
/**
 * Deflate level of the parts. Level 1 took about a fifth less CPU than zlib's default 6 for a
 * sheet a fifth bigger (19.1 MB against 15.6 MB for 200,000 transactions): on two shared cores
 * the CPU is what is short, a download of a few MB more is not.
 */
const COMPRESSION_LEVEL = 1;
/** Excel's first id for a number format a workbook defines itself. */
const FIRST_CUSTOM_FORMAT_ID = 164;

const NAMESPACE = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const RELATIONSHIPS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';

// ---- text as XML --------------------------------------------------------------------------

/**
 * What a cell's text cannot carry as it is: markup, the control characters XML 1.0 forbids, a
 * surrogate (checked for being half a pair), and `_xHHHH_`, which Excel reads as an escape.
 */
// The control characters in these patterns are the point of them.
/* eslint-disable no-control-regex */
const NEEDS_ESCAPE = /[&<>\u0000-\u0008\u000B\u000C\u000E-\u001F\uD800-\uDFFF\uFFFE\uFFFF]|_x[0-9A-Fa-f]{4}_/;
const ESCAPES =
  /[&<>]|[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]|_(?=x[0-9A-Fa-f]{4}_)/g;
/* eslint-enable no-control-regex */

function escaped(found: string): string {
  if (found === '&') return '&amp;';
  if (found === '<') return '&lt;';
  if (found === '>') return '&gt;';
  if (found === '_') return '_x005F_';
  // Half a surrogate pair is no character: the replacement character shows where it was.
  if (found >= '\uD800' && found <= '\uDFFF') return '\uFFFD';
  return '';
}

/**
 * Text as the content of an XML element: markup escaped, the control characters XML cannot hold
 * dropped (exceljs dropped them too), half a surrogate pair made U+FFFD, and the underscore of a
 * literal `_x0041_` written as `_x005F_` so a spreadsheet shows it as typed.
 */
export function xmlText(text: string): string {
  return NEEDS_ESCAPE.test(text) ? text.replace(ESCAPES, escaped) : text;
}

/** At most XLSX_CELL_CHARS_MAX characters, never cutting a character in two. */
function cellLength(text: string): string {
  if (text.length <= XLSX_CELL_CHARS_MAX) return text;
  const cut = text.slice(0, XLSX_CELL_CHARS_MAX);
  return /[\uD800-\uDBFF]$/.test(cut) ? cut.slice(0, -1) : cut;
}

/** Minor units as the exact decimal of major units ('-12.05'), with no float in between. */
export function majorUnits(minor: number | bigint): string {
  if (typeof minor === 'number' && Number.isSafeInteger(minor)) {
    // Integer arithmetic on a safe integer is exact: the remainder, then a division with none.
    const magnitude = Math.abs(minor);
    const cents = magnitude % 100;
    const whole = (magnitude - cents) / 100;
    const fraction = cents === 0 ? '' : cents % 10 === 0 ? `.${cents / 10}` : cents < 10 ? `.0${cents}` : `.${cents}`;
    return `${minor < 0 ? '-' : ''}${whole}${fraction}`;
  }
  const text = (typeof minor === 'bigint' ? minor : BigInt(Math.trunc(minor))).toString();
  const negative = text.startsWith('-');
  const digits = (negative ? text.slice(1) : text).padStart(MINOR_DIGITS + 1, '0');
  const whole = digits.slice(0, -MINOR_DIGITS);
  const fraction = digits.slice(-MINOR_DIGITS).replace(/0+$/, '');
  return `${negative ? '-' : ''}${whole}${fraction === '' ? '' : `.${fraction}`}`;
}

// ---- the parts ----------------------------------------------------------------------------

function excelNumberFormat(decimals: number): string {
  return decimals === 0 ? '#,##0' : `#,##0.${'0'.repeat(decimals)}`;
}

/** 1 -> A, 27 -> AA. */
function columnLetters(position: number): string {
  let letters = '';
  for (let rest = position; rest > 0; rest = Math.floor((rest - 1) / 26)) letters = String.fromCharCode(65 + ((rest - 1) % 26)) + letters;
  return letters;
}

/**
 * The style table: xf 0 plain, 1 bold, then for each money format a plain and a bold xf. Every
 * cell of a column shares its column's ids.
 */
interface SheetStyles {
  xml: string;
  /** The xf of a column's cells, plain and bold. */
  ids: Array<{ plain: number; bold: number }>;
}

function sheetStyles(layout: ReportLayout): SheetStyles {
  const formats: string[] = [];
  const ids = layout.columns.map((column) => {
    if (column.kind !== 'amount' && column.kind !== 'fee') return { plain: 0, bold: 1 };
    const format = excelNumberFormat(decimalsOf(column.kind, layout));
    if (!formats.includes(format)) formats.push(format);
    const index = formats.indexOf(format);
    return { plain: 2 + 2 * index, bold: 3 + 2 * index };
  });
  const numberFormats = formats
    .map((format, index) => `<numFmt numFmtId="${FIRST_CUSTOM_FORMAT_ID + index}" formatCode="${xmlText(format)}"/>`)
    .join('');
  const xfs = [
    '<xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/>',
    '<xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/>',
    ...formats.flatMap((_format, index) => [
      `<xf numFmtId="${FIRST_CUSTOM_FORMAT_ID + index}" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>`,
      `<xf numFmtId="${FIRST_CUSTOM_FORMAT_ID + index}" fontId="1" fillId="0" borderId="0" xfId="0" applyNumberFormat="1" applyFont="1"/>`,
    ]),
  ];
  const xml =
    `${XML_DECLARATION}<styleSheet xmlns="${NAMESPACE}">` +
    (formats.length > 0 ? `<numFmts count="${formats.length}">${numberFormats}</numFmts>` : '') +
    '<fonts count="2"><font><sz val="11"/><name val="Calibri"/><family val="2"/></font><font><b/><sz val="11"/><name val="Calibri"/><family val="2"/></font></fonts>' +
    '<fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills>' +
    '<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>' +
    '<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>' +
    `<cellXfs count="${xfs.length}">${xfs.join('')}</cellXfs>` +
    '<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles>' +
    '</styleSheet>';
  return { xml, ids };
}

/** A sheet name Excel accepts: at most 31 characters, none of []:*?/\ . */
function sheetName(title: string): string {
  return title.replace(/[[\]:*?/\\]/g, ' ').slice(0, 31) || 'Sheet1';
}

function packageParts(layout: ReportLayout, styles: string, created: Date): Array<[path: string, xml: string]> {
  const stamp = `${created.toISOString().slice(0, 19)}Z`;
  return [
    [
      '[Content_Types].xml',
      `${XML_DECLARATION}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
        '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
        '<Default Extension="xml" ContentType="application/xml"/>' +
        '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
        '<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>' +
        '<Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/>' +
        '<Override PartName="/docProps/core.xml" ContentType="application/vnd.openxmlformats-package.core-properties+xml"/>' +
        '</Types>',
    ],
    [
      '_rels/.rels',
      `${XML_DECLARATION}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">` +
        `<Relationship Id="rId1" Type="${RELATIONSHIPS}/officeDocument" Target="xl/workbook.xml"/>` +
        '<Relationship Id="rId2" Type="http://schemas.openxmlformats.org/package/2006/relationships/metadata/core-properties" Target="docProps/core.xml"/>' +
        '</Relationships>',
    ],
    [
      'docProps/core.xml',
      `${XML_DECLARATION}<cp:coreProperties xmlns:cp="http://schemas.openxmlformats.org/package/2006/metadata/core-properties" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:dcterms="http://purl.org/dc/terms/" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">` +
        `<dc:creator>PayWallet</dc:creator><dc:title>${xmlText(layout.title)}</dc:title><dc:subject>${xmlText(layout.subtitle)}</dc:subject>` +
        `<dcterms:created xsi:type="dcterms:W3CDTF">${stamp}</dcterms:created><dcterms:modified xsi:type="dcterms:W3CDTF">${stamp}</dcterms:modified>` +
        '</cp:coreProperties>',
    ],
    [
      'xl/workbook.xml',
      `${XML_DECLARATION}<workbook xmlns="${NAMESPACE}" xmlns:r="${RELATIONSHIPS}"><bookViews><workbookView/></bookViews>` +
        `<sheets><sheet name="${xmlText(sheetName(layout.title)).replace(/"/g, '&quot;')}" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    ],
    [
      'xl/_rels/workbook.xml.rels',
      `${XML_DECLARATION}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">` +
        `<Relationship Id="rId1" Type="${RELATIONSHIPS}/worksheet" Target="worksheets/sheet1.xml"/>` +
        `<Relationship Id="rId2" Type="${RELATIONSHIPS}/styles" Target="styles.xml"/>` +
        '</Relationships>',
    ],
    ['xl/styles.xml', styles],
  ];
}

/** The sheet up to its first row: the frozen header pane and the column widths. */
function sheetHead(layout: ReportLayout, styles: SheetStyles): string {
  const columns = layout.columns
    .map((column, index) => {
      const style = styles.ids[index]!.plain === 0 ? '' : ` style="${styles.ids[index]!.plain}"`;
      return `<col min="${index + 1}" max="${index + 1}" width="${column.width}"${style} customWidth="1"/>`;
    })
    .join('');
  return (
    `${XML_DECLARATION}<worksheet xmlns="${NAMESPACE}" xmlns:r="${RELATIONSHIPS}">` +
    '<sheetViews><sheetView workbookViewId="0"><pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/><selection pane="bottomLeft"/></sheetView></sheetViews>' +
    `<sheetFormatPr defaultRowHeight="15"/><cols>${columns}</cols><sheetData>`
  );
}

const SHEET_TAIL = '</sheetData><pageMargins left="0.7" right="0.7" top="0.75" bottom="0.75" header="0.3" footer="0.3"/></worksheet>';

// ---- rows ---------------------------------------------------------------------------------

interface SheetColumn {
  letters: string;
  kind: CellKind;
  plain: number;
  bold: number;
}

function inlineString(reference: string, style: number, text: string): string {
  const body = xmlText(cellLength(text));
  // A text that starts or ends with a space, or holds a line break, keeps its white space.
  const space = /^\s|\s$|\n/.test(body) ? ' xml:space="preserve"' : '';
  return `<c r="${reference}"${style === 0 ? '' : ` s="${style}"`} t="inlineStr"><is><t${space}>${body}</t></is></c>`;
}

function numberCell(reference: string, style: number, value: string): string {
  return `<c r="${reference}"${style === 0 ? '' : ` s="${style}"`}><v>${value}</v></c>`;
}

/** One cell's XML, or '' for an empty cell. Money is a number in major units; times are GMT text. */
function cellXml(cell: Cell | bigint, column: SheetColumn, rowNumber: number, bold: boolean): string {
  if (cell === null || cell === undefined) return '';
  const reference = column.letters + rowNumber;
  const style = bold ? column.bold : column.plain;
  switch (column.kind) {
    case 'amount':
    case 'fee':
      return numberCell(reference, style, majorUnits(typeof cell === 'string' ? Number(cell) : cell));
    case 'time':
      return inlineString(reference, style, gmtMinute(String(cell)));
    case 'text':
      if (typeof cell === 'string') return inlineString(reference, style, cell);
      return Number.isFinite(Number(cell)) ? numberCell(reference, style, String(cell)) : '';
  }
}

function rowXml(cells: ReadonlyArray<Cell | bigint>, columns: readonly SheetColumn[], rowNumber: number, bold: boolean): string {
  let xml = `<row r="${rowNumber}">`;
  for (let index = 0; index < columns.length; index += 1) xml += cellXml(cells[index] ?? null, columns[index]!, rowNumber, bold);
  return `${xml}</row>`;
}

// ---- the writer ---------------------------------------------------------------------------

/**
 * One sheet: the header row (bold, frozen), a row per list row, then a blank row and a bold
 * total row per currency. Rows are handed to the zip in chunks; when the zip (or the file
 * behind it) is slower than the rows come, addRow waits for it to drain, so a slow disk holds
 * the export back instead of filling memory.
 */
export function openXlsxWriter(stream: Writable, layout: ReportLayout): ReportFileWriter {
  const styles = sheetStyles(layout);
  const columns: SheetColumn[] = layout.columns.map((column, index) => ({
    letters: columnLetters(index + 1),
    kind: column.kind,
    ...styles.ids[index]!,
  }));
  const zip = new yazl.ZipFile();
  const finished = new Promise<void>((resolve, reject) => {
    stream.once('finish', resolve);
    stream.once('error', reject);
    zip.outputStream.once('error', reject);
  });
  // Without a listener a failed stream would throw from an event; the job hears it in finish().
  finished.catch(() => undefined);
  zip.outputStream.pipe(stream);
  const mtime = new Date();
  for (const [path, xml] of packageParts(layout, styles.xml, mtime)) {
    zip.addBuffer(Buffer.from(xml, 'utf8'), path, { mtime, compressionLevel: COMPRESSION_LEVEL });
  }
  const sheet = new PassThrough();
  zip.addReadStream(sheet, 'xl/worksheets/sheet1.xml', { mtime, compressionLevel: COMPRESSION_LEVEL });

  let pending = sheetHead(layout, styles);
  let rowNumber = 1;
  const headerCells = layout.columns.map((column) => column.header);
  pending += rowXml(
    headerCells,
    columns.map((column) => ({ ...column, kind: 'text' })),
    rowNumber,
    true,
  );
  const flush = async (): Promise<void> => {
    const chunk = pending;
    pending = '';
    if (!sheet.write(chunk)) await Promise.race([once(sheet, 'drain'), finished]);
  };
  const add = (cells: ReadonlyArray<Cell | bigint>, bold: boolean): Promise<void> | undefined => {
    rowNumber += 1;
    pending += rowXml(cells, columns, rowNumber, bold);
    return pending.length >= SHEET_CHUNK_CHARS ? flush() : undefined;
  };

  return {
    async addRow(row) {
      await add(row.cells, false);
    },
    async finish(totals) {
      const rows = totalRows(totals, layout);
      // The blank row between the list and its totals: a row number skipped.
      if (rows.length > 0) rowNumber += 1;
      for (const total of rows) await add(total.cells, true);
      pending += SHEET_TAIL;
      await flush();
      sheet.end();
      zip.end();
      await finished;
    },
  };
}
