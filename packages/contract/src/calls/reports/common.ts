// The export pipeline's shared shapes (ARCHITECTURE section 10, docs/exports.md): the formats a
// report is written in, the states of a report, its limits, and one request variant per report
// type. A report type's filters are the filters of the list call it exports, so a screen and
// its export accept exactly the same filters.
import { z } from 'zod';
import { dateRangeOrdered } from '../../lists.ts';
import { ledgerExportDatesRequired, ZLedgerFilters } from '../ledger/get-account-ledger.ts';
import { ZPaymentLinkFilters } from '../payment-links/get-payment-link-info.ts';
import { ZGetPaymentlinkTransactionsRequest } from '../payment-links/get-paymentlink-transactions.ts';
import { ZTransactionFilters } from '../transactions/get-transactions.ts';
import { ZRefundFilters } from '../refunds/common.ts';
import { ZSettlementDetailFilters, ZSettlementFilters } from '../settlements/common.ts';

/** Spec 1 section 9 and spec 2: exports are offered as Excel and PDF. */
export const EXPORT_FORMATS = ['excel', 'pdf'] as const;
export type TExportFormat = (typeof EXPORT_FORMATS)[number];

/**
 * queued: waiting for a runner; running: rows are being written; ready: the file can be
 * downloaded; failed: it could not be written (`error` says why); expired: the file was removed.
 */
export const REPORT_STATUSES = ['queued', 'running', 'ready', 'failed', 'expired'] as const;
export type TReportStatus = (typeof REPORT_STATUSES)[number];

export const REPORT_LIMITS = {
  /** An Excel file holds at most this many rows (the newest ones). */
  excelRowsMax: 100_000,
  /** A PDF holds at most this many rows: about 170 pages. */
  pdfRowsMax: 5_000,
  /** A download link works this long after get-report answered it. */
  linkLifeMs: 10 * 60_000,
  /** A ready file is kept this long, then removed by the schedule. */
  fileLifeMs: 24 * 60 * 60_000,
  /** Reports of one account queued or being written at once. */
  inProgressMax: 3,
  /** Failed and expired reports are forgotten this long after they finished. */
  finishedRowsKeptMs: 30 * 24 * 60 * 60_000,
} as const;

/** Absent: 'The <field> field is required'; anything else not allowed: 'The selected <field> is invalid'. */
export const requiredChoice = (field: string) => (issue: { input?: unknown }) =>
  issue.input === undefined || issue.input === null || issue.input === ''
    ? `The ${field} field is required`
    : `The selected ${field} is invalid`;

const zExportAs = z.enum(EXPORT_FORMATS, { error: requiredChoice('export as') });
/** The spec's optional limit (Generate Report form): at most this many rows, the newest first. */
const zLimit = z.coerce.number().int().min(1, 'The limit must be at least 1').max(REPORT_LIMITS.excelRowsMax).optional();
const zOutput = { exportAs: zExportAs, limit: zLimit };

/**
 * The request of each report type: its list call's filters, the output, and any rule across
 * fields. To add a report type, add its entry here and in the server's registry
 * (apps/server/src/modules/reports/report-types.ts). One entry per line, each with its own
 * comment above it, so that areas adding their types in parallel touch separate lines.
 */
export const REPORT_REQUESTS = {
  transaction: ZTransactionFilters.extend(zOutput).superRefine(dateRangeOrdered),

  /** The payments through one link: get-paymentlink-transactions has no filter besides the link. */
  payment_link_transactions: ZGetPaymentlinkTransactionsRequest.extend(zOutput),

  /** A wallet's ledger (get-account-ledger's filters): both days are required (spec 2 section 5). */
  transaction_ledger: ZLedgerFilters.extend(zOutput).superRefine(ledgerExportDatesRequired).superRefine(dateRangeOrdered),

  /** The merchant's payment links (get-payment-link-info's filters). */
  payment_links: ZPaymentLinkFilters.extend(zOutput).superRefine(dateRangeOrdered),

  /** The refund requests: get-all-refunds' filters. */
  refunds: ZRefundFilters.extend(zOutput).superRefine(dateRangeOrdered),

  /** One settlement's transactions (the settlement detail screens): Excel only. */
  settlement: ZSettlementDetailFilters.extend(zOutput),

  /** The settlements of one type: the settlements list's filters; Excel only. */
  settlements: ZSettlementFilters.extend(zOutput),
} as const;

type ReportRequests = typeof REPORT_REQUESTS;
export type TReportType = keyof ReportRequests;
export const REPORT_TYPES = Object.keys(REPORT_REQUESTS) as [TReportType, ...TReportType[]];
/** What a client sends for each type (generate-report's body). */
export type TGenerateReportRequest = { [K in TReportType]: z.input<ReportRequests[K]> & { reportType: K } }[TReportType];
/** What the server reads for each type, after validation. */
export type TGenerateReportInput = { [K in TReportType]: z.output<ReportRequests[K]> & { reportType: K } }[TReportType];

export const ZReport = z.object({
  reportId: z.string(),
  reportType: z.string(),
  exportAs: z.enum(EXPORT_FORMATS),
  status: z.enum(REPORT_STATUSES),
  /** Rows written so far, and how many the file will hold (null until counted). */
  progress: z.object({ rowsWritten: z.number().int(), rowsTotal: z.number().int().nullable() }),
  /** The filters matched more rows than a file holds: it has the newest rowsTotal of them. */
  truncated: z.boolean(),
  fileName: z.string().nullable(),
  /** Only when ready: a link for this session, working for REPORT_LIMITS.linkLifeMs. */
  downloadUrl: z.string().nullable(),
  downloadExpiresAt: z.string().nullable(),
  /** Why it failed, when it did. */
  error: z.string().nullable(),
  createdAt: z.string(),
});
export type TReport = z.infer<typeof ZReport>;
