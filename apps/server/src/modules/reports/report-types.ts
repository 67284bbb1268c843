// The registry of report types: what each export reads and how its file reads. A report type
// names the list definition its screen pages (db/lists.ts), the function that turns the
// request's filters into that list's params (the same one the screen's call uses, with its
// checks), the menu feature a staff member needs, and the columns of the file. Screens and
// exports therefore select the same rows with the same filters and read them the same way.
//
// Adding a report type (docs/exports.md): its request variant in the contract
// (packages/contract/src/calls/reports/common.ts, REPORT_REQUESTS) and one entry here.
import {
  EXPORT_FORMATS,
  REFUND_REQUEST_STATUS,
  TRANSACTION_STATUS,
  ZGenerateReportRequest,
  type TExportFormat,
  type TFeatureSlug,
  type TGenerateReportInput,
  type TLedgerRow,
  type TReportType,
  type TSettlementRow,
  type TTransactionRow,
} from '@paywallet/contract';
import type { Queryable } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';
import { listCount, listStream, type ListDefinition, type StreamOptions } from '../../db/lists.ts';
import { accountLedgerExportRows, accountLedgerList, accountLedgerParams } from '../account-ledger/account-ledger.service.ts';
import {
  linkExportList,
  linkListParams,
  linkTransactionList,
  linkTransactionListParams,
  type LinkExportView,
  type LinkTransactionExportRow,
} from '../payment-links/payment-links.service.ts';
import { transactionList, transactionListParams } from '../transactions/transactions.service.ts';
import { refundList, refundListParams, type RefundView } from '../refunds/refunds.service.ts';
import {
  settlementList,
  settlementListParams,
  settlementTransactionList,
  settlementTransactionParams,
  type SettlementTransactionView,
} from '../settlements/settlements.service.ts';
import { readAhead } from './read-ahead.ts';

/** How a cell reads: text as is; money in minor units, shown in major units; an ISO time in GMT. */
export type CellKind = 'text' | 'amount' | 'fee' | 'time';
export type Cell = string | number | null;

export interface ReportColumn<View> {
  header: string;
  /** Relative width: characters in a spreadsheet, a share of the page in a PDF. */
  width: number;
  kind: CellKind;
  value(row: View): Cell;
  /** Money columns summed per currency in the totals at the end of the file. */
  summed?: boolean;
}

/** The filters of one report type, as the contract validated them. */
export type ReportInputOf<K extends TReportType> = Extract<TGenerateReportInput, { reportType: K }>;

export interface ReportTypeDefinition<K extends TReportType, Params, Tables extends keyof Database, Row, View> {
  reportType: K;
  /** The file's title and the start of its name. */
  title: string;
  /** Staff need this feature; its audience in the catalogue says which accounts may export. */
  feature: TFeatureSlug;
  list: ListDefinition<Params, Tables, Row, View>;
  /**
   * The rows of the file, when the list's own stream is not the way to read them (the ledger
   * carries its balances from batch to batch): the same rows, in the same order, as the list.
   */
  stream?(db: Queryable, params: Params, options: StreamOptions): AsyncIterable<View>;
  /** The list's params for the account holder, after the checks that may refuse (named errors). */
  params(db: Queryable, accountHolderId: bigint, input: ReportInputOf<K>): Promise<Params>;
  columns: ReadonlyArray<ReportColumn<View>>;
  /** The currency of a row, for totals per currency (no totals without it); null leaves the row out of the totals. */
  currencyOf?(row: View): string | null;
  /** The formats offered (default: every one); another is refused REPORT_FORMAT_NOT_OFFERED. */
  formats?: readonly TExportFormat[];
}

/** What a report row becomes: its cells, in column order, and its currency for the totals. */
export interface ReportRow {
  cells: Cell[];
  currency: string | null;
}

export interface OpenedReport {
  /** How many rows the filters select. */
  count(): Promise<number>;
  /** The rows, newest first, in keyset batches; at most rowsMax. */
  rows(rowsMax: number): AsyncGenerator<ReportRow, void, undefined>;
}

/** A report type with its list's types hidden: what the job and the service need of it. */
export interface ReportType {
  reportType: TReportType;
  title: string;
  feature: TFeatureSlug;
  columns: ReadonlyArray<Omit<ReportColumn<never>, 'value'>>;
  /** The formats offered: the settlement exports are Excel only (spec 2 section 9). */
  formats: readonly TExportFormat[];
  /** Reads the stored filters and checks them again (a store may have been removed since). */
  open(db: Queryable, accountHolderId: bigint, filters: Record<string, unknown>): Promise<OpenedReport>;
}

const STREAM_BATCH_ROWS = 1_000;
/** Rows read ahead of the file writer: the next keyset batch is read while this one is written. */
const READ_AHEAD_ROWS = STREAM_BATCH_ROWS;

export function defineReportType<K extends TReportType, Params, Tables extends keyof Database, Row, View>(
  definition: ReportTypeDefinition<K, Params, Tables, Row, View>,
): ReportType {
  const { list, columns, currencyOf } = definition;
  const stream = definition.stream ?? ((db: Queryable, params: Params, options: StreamOptions) => listStream(db, list, params, options));
  const toRow = (view: View): ReportRow => ({
    cells: columns.map((column) => column.value(view)),
    currency: currencyOf ? currencyOf(view) : null,
  });
  return {
    reportType: definition.reportType,
    title: definition.title,
    feature: definition.feature,
    formats: definition.formats ?? EXPORT_FORMATS,
    columns: columns.map(({ header, width, kind, summed }) => ({ header, width, kind, summed })),
    async open(db, accountHolderId, filters) {
      // The same schema as the call: stored filters are read exactly as they were accepted.
      const input = ZGenerateReportRequest.parse({ ...filters, reportType: definition.reportType, exportAs: 'excel' });
      const params = await definition.params(db, accountHolderId, input as ReportInputOf<K>);
      return {
        count: () => listCount(db, list, params),
        async *rows(rowsMax) {
          // Rows are made into cells as they are read, so what waits in the read-ahead buffer is
          // the small cells array, and the row and its view are garbage while still young.
          async function* cells(): AsyncGenerator<ReportRow, void, undefined> {
            for await (const view of stream(db, params, { batchRows: STREAM_BATCH_ROWS, rowsMax })) yield toRow(view);
          }
          yield* readAhead(cells(), READ_AHEAD_ROWS);
        },
      };
    },
  };
}

// ---- the report types ---------------------------------------------------------------------

/** A transaction row's direction as the export writes it: a move between own wallets (0) is Own. */
function directionWord(direction: number): string {
  if (direction === 0) return 'Own';
  return direction < 0 ? 'Out' : 'In';
}

// The columns of the Transactions screen, under the spec's wire names (DECISIONS 34): the card
// number is masked (DECISIONS 19), a failed payment's fee and VAT are 0 (it moved nothing).
// The widths fit a PDF page's width with the whole transaction id on one line.
const transactionColumns: ReadonlyArray<ReportColumn<TTransactionRow>> = [
  { header: 'Transaction Id', width: 40, kind: 'text', value: (row) => row.uuid },
  { header: 'Time/Date (GMT)', width: 18, kind: 'time', value: (row) => row.created_at },
  { header: 'Type', width: 14, kind: 'text', value: (row) => row.transaction_type.name },
  { header: 'Status', width: 10, kind: 'text', value: (row) => row.status_str },
  { header: 'Direction', width: 9, kind: 'text', value: (row) => directionWord(row.direction) },
  { header: 'Currency', width: 11, kind: 'text', value: (row) => row.currency.code },
  { header: 'Amount', width: 14, kind: 'amount', value: (row) => row.amount, summed: true },
  { header: 'Fee', width: 10, kind: 'fee', value: (row) => row.fee, summed: true },
  { header: 'VAT', width: 10, kind: 'fee', value: (row) => row.vat, summed: true },
  { header: 'Total', width: 14, kind: 'amount', value: (row) => row.total_amount, summed: true },
  { header: 'Sender', width: 15, kind: 'text', value: (row) => row.sender_account_title },
  { header: 'Receiver', width: 15, kind: 'text', value: (row) => row.receiver_account_title },
  { header: 'Customer Email', width: 18, kind: 'text', value: (row) => row.customer?.email ?? null },
  { header: 'Card', width: 16, kind: 'text', value: (row) => row.card_number },
];

// The payments through one link: the columns of the Link Transactions screen. The totals add
// the successful payments only, as the screen's totals do; a declined payment is listed but
// moved no money.
const linkTransactionColumns: ReadonlyArray<ReportColumn<LinkTransactionExportRow>> = [
  { header: 'UUID', width: 46, kind: 'text', value: (row) => row.uuid },
  { header: 'Gateway Reference', width: 18, kind: 'text', value: (row) => row.gateway_reference_id },
  { header: 'Customer Name', width: 18, kind: 'text', value: (row) => row.customer.name },
  { header: 'Customer Email', width: 20, kind: 'text', value: (row) => row.customer.email },
  { header: 'Currency', width: 11, kind: 'text', value: (row) => row.currency },
  { header: 'Amount', width: 13, kind: 'amount', value: (row) => row.amount, summed: true },
  { header: 'VAT', width: 9, kind: 'fee', value: (row) => row.vat, summed: true },
  { header: 'Fee', width: 9, kind: 'fee', value: (row) => row.fee, summed: true },
  { header: 'Total Amount', width: 13, kind: 'amount', value: (row) => row.total_amount, summed: true },
  { header: 'Receiver Account Title', width: 16, kind: 'text', value: (row) => row.receiver_account_title },
  { header: 'Sender Account Title', width: 16, kind: 'text', value: (row) => row.sender_account_title },
  { header: 'Status', width: 9, kind: 'text', value: (row) => row.status_str },
  { header: 'Created At (GMT)', width: 18, kind: 'time', value: (row) => row.created_at },
];

// The refund requests: the columns of the Refund requests screen, the description whole.
const refundColumns: ReadonlyArray<ReportColumn<RefundView>> = [
  { header: 'Refund Id', width: 40, kind: 'text', value: (row) => row.uuid },
  { header: 'Transaction Id', width: 40, kind: 'text', value: (row) => row.refunded_transaction.uuid },
  { header: 'Channel', width: 16, kind: 'text', value: (row) => row.refunded_transaction.channel?.name ?? null },
  { header: 'Currency', width: 11, kind: 'text', value: (row) => row.refunded_transaction.currency.code },
  { header: 'Amount', width: 14, kind: 'amount', value: (row) => row.amount, summed: true },
  { header: 'Status', width: 11, kind: 'text', value: (row) => row.status_str },
  { header: 'Added By', width: 18, kind: 'text', value: (row) => refundAddedBy(row) },
  { header: 'Description', width: 30, kind: 'text', value: (row) => row.description },
  { header: 'Time/Date (GMT)', width: 20, kind: 'time', value: (row) => row.created_at },
];

function refundAddedBy(row: RefundView): string {
  if (row.source === 'api') return 'API';
  if (row.source === 'pos') return 'POS';
  return row.added_by_user ? `${row.added_by_user.first_name} ${row.added_by_user.last_name}`.trim() : '';
}

// A wallet's ledger: the Account Ledger screen's columns, with the balance after each entry as
// the server computed it against every entry of the wallet (so a filtered file still shows the
// true balances; the export carries it from batch to batch, accountLedgerExportRows). Debits and credits are totalled per currency; balances are not summed.
const ledgerColumns: ReadonlyArray<ReportColumn<TLedgerRow>> = [
  { header: 'Transaction UUID', width: 38, kind: 'text', value: (row) => row.transaction.uuid },
  { header: 'Reference', width: 16, kind: 'text', value: (row) => row.transaction.reference_id },
  { header: 'Channel', width: 16, kind: 'text', value: (row) => row.transaction.channel?.name ?? null },
  { header: 'Currency', width: 10, kind: 'text', value: (row) => row.transaction.currency.code },
  { header: 'Type', width: 18, kind: 'text', value: (row) => row.transaction_type.name },
  { header: 'Debit', width: 13, kind: 'amount', value: (row) => row.debit_amount, summed: true },
  { header: 'Credit', width: 13, kind: 'amount', value: (row) => row.credit_amount, summed: true },
  { header: 'Closing Balance', width: 15, kind: 'amount', value: (row) => row.closing_balance },
  { header: 'Created At (GMT)', width: 18, kind: 'time', value: (row) => row.created_at },
];

// The merchant's payment links: the Payment Links screen's columns. The amounts are the links'
// asked amounts, not money received, so nothing is totalled.
const paymentLinkColumns: ReadonlyArray<ReportColumn<LinkExportView>> = [
  { header: 'Token', width: 40, kind: 'text', value: (row) => row.token },
  { header: 'Description', width: 16, kind: 'text', value: (row) => row.description },
  { header: 'Receipt No', width: 10, kind: 'text', value: (row) => row.receipt_no },
  { header: 'Store', width: 12, kind: 'text', value: (row) => row.store },
  { header: 'Channel', width: 12, kind: 'text', value: (row) => row.channel },
  { header: 'Type', width: 8, kind: 'text', value: (row) => row.type },
  { header: 'Currency', width: 8, kind: 'text', value: (row) => row.currency },
  { header: 'Amount', width: 11, kind: 'amount', value: (row) => row.amount },
  { header: 'Status', width: 8, kind: 'text', value: (row) => row.status },
  { header: 'Payments', width: 9, kind: 'text', value: (row) => String(row.transactions_count) },
  { header: 'Expires At (GMT)', width: 15, kind: 'time', value: (row) => row.expires_at },
  { header: 'Created At (GMT)', width: 15, kind: 'time', value: (row) => row.created_at },
  { header: 'Added By', width: 12, kind: 'text', value: (row) => row.added_by },
];

// The settlements of one type: the Settlements screen's columns. Totals add the settled amounts.
const settlementColumns: ReadonlyArray<ReportColumn<TSettlementRow>> = [
  { header: 'Settlement Id', width: 38, kind: 'text', value: (row) => row.uuid },
  { header: 'Type', width: 10, kind: 'text', value: (row) => row.type },
  { header: 'From Date', width: 11, kind: 'text', value: (row) => row.from_date },
  { header: 'To Date', width: 11, kind: 'text', value: (row) => row.to_date },
  { header: 'Channel', width: 14, kind: 'text', value: (row) => row.channel?.name ?? null },
  { header: 'Currency', width: 9, kind: 'text', value: (row) => row.user_account.currency.code },
  { header: 'Payable Amount', width: 14, kind: 'amount', value: (row) => row.amount, summed: true },
  { header: 'Fee', width: 10, kind: 'fee', value: (row) => row.fee, summed: true },
  { header: 'Vat', width: 10, kind: 'fee', value: (row) => row.vat, summed: true },
  { header: 'Settlement Amount', width: 15, kind: 'amount', value: (row) => row.settlement_amount, summed: true },
  {
    header: 'Reserve (%)',
    width: 10,
    kind: 'text',
    value: (row) => (row.rolling_reserve ? bpsText(row.rolling_reserve.rolling_reserve) : null),
  },
  { header: 'Reserve (Amount)', width: 14, kind: 'amount', value: (row) => row.rolling_reserve?.amount ?? null },
  { header: 'Status', width: 9, kind: 'text', value: (row) => row.status_str },
  { header: 'Reference', width: 38, kind: 'text', value: (row) => row.reference },
  { header: 'Created At (GMT)', width: 18, kind: 'time', value: (row) => row.created_at },
];

/** 1000 basis points read "10%". */
function bpsText(bps: number): string {
  return `${bps / 100}%`;
}

// One settlement's transactions: the detail screens' columns; a refund row names the payment it refunded.
const settlementTransactionColumns: ReadonlyArray<ReportColumn<SettlementTransactionView>> = [
  { header: 'Transaction Id', width: 38, kind: 'text', value: (row) => row.uuid },
  { header: 'Type', width: 6, kind: 'text', value: (row) => String(row.transaction_type_id) },
  { header: 'Sender Account Title', width: 18, kind: 'text', value: (row) => row.sender_account_title },
  { header: 'Receiver Account Title', width: 18, kind: 'text', value: (row) => row.receiver_account_title },
  { header: 'Currency', width: 9, kind: 'text', value: (row) => row.currency_code },
  { header: 'Amount', width: 13, kind: 'amount', value: (row) => row.amount },
  { header: 'Fee', width: 10, kind: 'fee', value: (row) => row.fee },
  { header: 'Vat', width: 10, kind: 'fee', value: (row) => row.vat },
  { header: 'Settled Amount', width: 14, kind: 'amount', value: (row) => row.settled_amount, summed: true },
  { header: 'Refunded Transaction', width: 38, kind: 'text', value: (row) => row.refunded_transaction?.uuid ?? null },
  { header: 'Created At (GMT)', width: 18, kind: 'time', value: (row) => row.created_at },
];

// One entry per report type, each a block of its own (blank line between), so that areas adding
// their types in parallel touch separate lines.
export const REPORT_TYPES = {
  transaction: defineReportType({
    reportType: 'transaction',
    title: 'Transactions',
    feature: 'transactions',
    list: transactionList,
    params: (db, accountHolderId, input) => transactionListParams(db, accountHolderId, input),
    columns: transactionColumns,
    currencyOf: (row) => row.currency.code,
  }),

  payment_link_transactions: defineReportType({
    reportType: 'payment_link_transactions',
    title: 'Payment Link Transactions',
    feature: 'payment-link',
    list: linkTransactionList,
    params: (db, accountHolderId, input) => linkTransactionListParams(db, accountHolderId, input),
    columns: linkTransactionColumns,
    currencyOf: (row) => (row.status === TRANSACTION_STATUS.SUCCESS ? row.currency : null),
  }),

  refunds: defineReportType({
    reportType: 'refunds',
    title: 'Refunds',
    feature: 'refund',
    list: refundList,
    params: (db, accountHolderId, input) => refundListParams(db, accountHolderId, input),
    columns: refundColumns,
    // Totals add what was paid back or is on its way: canceled and rejected requests moved nothing.
    currencyOf: (row) =>
      row.status === REFUND_REQUEST_STATUS.CANCELED || row.status === REFUND_REQUEST_STATUS.REJECTED
        ? null
        : row.refunded_transaction.currency.code,
  }),

  transaction_ledger: defineReportType({
    reportType: 'transaction_ledger',
    title: 'Account Ledger',
    feature: 'account-ledger',
    list: accountLedgerList,
    stream: accountLedgerExportRows,
    params: (db, accountHolderId, input) => accountLedgerParams(db, accountHolderId, input),
    columns: ledgerColumns,
    currencyOf: (row) => row.transaction.currency.code,
  }),

  payment_links: defineReportType({
    reportType: 'payment_links',
    title: 'Payment Links',
    feature: 'payment-link',
    list: linkExportList,
    params: async (_db, accountHolderId, input) => linkListParams(accountHolderId, input),
    columns: paymentLinkColumns,
  }),

  settlements: defineReportType({
    reportType: 'settlements',
    title: 'Settlements',
    feature: 'settlements',
    list: settlementList,
    params: (db, accountHolderId, input) => settlementListParams(db, accountHolderId, input),
    columns: settlementColumns,
    currencyOf: (row) => row.user_account.currency.code,
    formats: ['excel'],
  }),

  settlement: defineReportType({
    reportType: 'settlement',
    title: 'Settlement Transactions',
    feature: 'settlements',
    list: settlementTransactionList,
    params: (db, accountHolderId, input) => settlementTransactionParams(db, accountHolderId, input.settlementId),
    columns: settlementTransactionColumns,
    currencyOf: (row) => row.currency_code,
    formats: ['excel'],
  }),
} satisfies Record<TReportType, ReportType>;

export function reportTypeOf(name: string): ReportType | undefined {
  return Object.prototype.hasOwnProperty.call(REPORT_TYPES, name) ? REPORT_TYPES[name as TReportType] : undefined;
}
