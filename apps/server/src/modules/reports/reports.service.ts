// Exports (ARCHITECTURE section 10, docs/exports.md). A report moves through
//
//   generate-report ──> queued ──job claims──> running ──file stored──> ready ──schedule──> expired
//                                     │  ^                                  │
//                                     │  └─ a failed attempt with tries left┘ (get-report mints links)
//                                     └──> failed (a named refusal at once, or the last attempt)
//
// generate-report checks the caller may export that type (the type's menu feature, its
// audience) and its filters (the list's own params function: another merchant's store is
// refused here as on the screen), then writes the row and enqueues its job in one transaction.
// The job streams the list definition into the file, recording progress, and stores the file
// under the data directory. get-report answers the state and, when ready, a download link bound
// to the report that works for ten minutes; the download also needs the session of someone who
// may read the report, so a link passed on is of no use to anyone else.
import crypto from 'node:crypto';
import type { Readable } from 'node:stream';
import {
  FEATURES,
  REPORT_LIMITS,
  type TExportFormat,
  type TGenerateReportInput,
  type TReport,
  type TReportStatus,
} from '@paywallet/contract';
import { assert } from '@paywallet/ledger';
import type { Deps } from '../../deps.ts';
import { enqueueJob } from '../../jobs/queue.ts';
import type { NewFile } from '../../lib/file-store/file-store.ts';
import { newSessionToken, sha256Hex, timingSafeEqualHex } from '../../lib/secrets.ts';
import type { AuditTrail } from '../../transport/audit-trail.ts';
import { AppError, fail } from '../../transport/errors.ts';
import type { Scope } from '../../transport/scope.ts';
import { addToTotals, openPdfWriter, type ReportFileWriter, type ReportLayout, type ReportTotals } from './report-files.ts';
import { openXlsxWriter } from './xlsx-writer.ts';
import { reportTypeOf, type ReportType } from './report-types.ts';
import * as repository from './reports.repository.ts';

/** Progress is written after every this many rows (and at the end). */
export const PROGRESS_EVERY_ROWS = 500;
/** Expired files removed per run of the schedule; a backlog is finished by the next runs. */
export const EXPIRED_REPORTS_PER_RUN_MAX = 500;
/** What a failed report says when the cause is ours (the job's row keeps the real error). */
export const REPORT_FAILED_MESSAGE = 'The report could not be written. Please try again.';

const FILE_FORMATS: Record<TExportFormat, { extension: string; contentType: string; rowsMax: number }> = {
  excel: {
    extension: 'xlsx',
    contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    rowsMax: REPORT_LIMITS.excelRowsMax,
  },
  pdf: { extension: 'pdf', contentType: 'application/pdf', rowsMax: REPORT_LIMITS.pdfRowsMax },
};

/** Who may read reports of a type: its feature's audience, and staff only with the feature. */
function checkMayExport(scope: Pick<Scope, 'audience' | 'grantedFeatures'>, type: ReportType): void {
  const audience = FEATURES[type.feature].audience;
  if (audience !== 'all' && scope.audience !== audience) fail('AUDIENCE_NOT_ALLOWED');
  if (scope.grantedFeatures !== null && !scope.grantedFeatures.has(type.feature)) fail('FEATURE_NOT_GRANTED');
}

const FORMAT_NAMES: Readonly<Record<TExportFormat, string>> = { excel: 'Excel', pdf: 'PDF' };

function typeOfReport(name: string): ReportType {
  const type = reportTypeOf(name);
  assert(type !== undefined, `report type ${name} is registered`);
  return type;
}

export async function generateReport(
  deps: Deps,
  scope: Scope,
  audit: AuditTrail,
  input: TGenerateReportInput,
): Promise<{ reportId: string; status: TReportStatus }> {
  const type = typeOfReport(input.reportType);
  checkMayExport(scope, type);
  if (!type.formats.includes(input.exportAs)) fail('REPORT_FORMAT_NOT_OFFERED', { format: FORMAT_NAMES[input.exportAs] });
  const inProgress = await repository.countReportsInProgress(deps.db, scope.accountHolderId);
  if (inProgress >= REPORT_LIMITS.inProgressMax) fail('REPORTS_IN_PROGRESS_LIMIT', { max: REPORT_LIMITS.inProgressMax });
  const { reportType, exportAs, limit, ...filters } = input;
  // The list's own checks, now: a filter the screen would refuse is refused before anything is written.
  await type.open(deps.db, scope.accountHolderId, filters);
  const rowsMax = Math.min(limit ?? FILE_FORMATS[exportAs].rowsMax, FILE_FORMATS[exportAs].rowsMax);
  const uuid = crypto.randomUUID();
  await deps.db.transaction().execute(async (trx) => {
    const id = await repository.insertReport(trx, {
      uuid,
      accountHolderId: scope.accountHolderId,
      requestedByUserId: scope.actorUserId,
      reportType,
      format: exportAs,
      filters,
      rowsMax,
    });
    await enqueueJob(trx, 'generate-report', { reportId: String(id) });
    await audit.record(trx, { subject: { type: 'report', id }, detail: { reportType, exportAs } });
  });
  return { reportId: uuid, status: 'queued' };
}

function reportView(row: repository.ReportRow, link: { url: string; expiresAt: Date } | null): TReport {
  return {
    reportId: row.uuid,
    reportType: row.report_type,
    exportAs: row.format,
    status: row.status,
    progress: { rowsWritten: row.rows_written, rowsTotal: row.rows_total },
    truncated: row.truncated,
    fileName: row.status === 'ready' ? row.file_name : null,
    downloadUrl: link?.url ?? null,
    downloadExpiresAt: link?.expiresAt.toISOString() ?? null,
    error: row.error,
    createdAt: new Date(row.created_at).toISOString(),
  };
}

export function downloadPath(reportUuid: string, token: string): string {
  return `/api/reports/${reportUuid}/download?token=${encodeURIComponent(token)}`;
}

/** The account holder's report; when ready, with a new download link (the previous one stops working). */
export async function getReport(deps: Deps, scope: Scope, reportUuid: string): Promise<TReport> {
  const row = await repository.findHolderReport(deps.db, scope.accountHolderId, reportUuid);
  if (!row) fail('REPORT_NOT_FOUND');
  checkMayExport(scope, typeOfReport(row.report_type));
  if (row.status !== 'ready') return reportView(row, null);
  const token = newSessionToken();
  const expiresAt = await repository.setReportToken(deps.db, row.id, sha256Hex(token), REPORT_LIMITS.linkLifeMs);
  return reportView(row, { url: downloadPath(row.uuid, token), expiresAt });
}

export interface ReportDownload {
  stream: Readable;
  bytes: number;
  fileName: string;
  contentType: string;
}

/**
 * The file of a ready report, for the holder of a live link who is signed in as someone who may
 * read it: the link's token must be this report's (REPORT_LINK_INVALID), not past its ten
 * minutes (REPORT_LINK_EXPIRED), and the session's account holder the report's, with the type's
 * feature for staff. Another account's report is not found, whatever the link says.
 */
export async function openReportDownload(deps: Deps, scope: Scope, reportUuid: string, token: string): Promise<ReportDownload> {
  const row = await repository.findReportForDownload(deps.db, reportUuid);
  if (!row || row.account_holder_id !== scope.accountHolderId) fail('REPORT_NOT_FOUND');
  checkMayExport(scope, typeOfReport(row.report_type));
  if (row.token_hash === null || !timingSafeEqualHex(row.token_hash, sha256Hex(token))) fail('REPORT_LINK_INVALID');
  if (!row.link_live) fail('REPORT_LINK_EXPIRED');
  if (row.status !== 'ready' || row.file_key === null || row.file_name === null) fail('REPORT_NOT_READY');
  const file = await deps.files.open(row.file_key).catch(() => fail('REPORT_NOT_READY'));
  return { ...file, fileName: row.file_name, contentType: FILE_FORMATS[row.format].contentType };
}

// ---- the job ------------------------------------------------------------------------------

export interface ReportJobContext {
  signal: AbortSignal;
  attempt: number;
  maxAttempts: number;
}

function describeFilters(filters: Record<string, unknown>): string {
  const given = Object.entries(filters).filter(([, value]) => value !== undefined && value !== null && value !== '');
  return given.length === 0 ? 'no filters' : `filters: ${given.map(([key, value]) => `${key} ${String(value)}`).join(', ')}`;
}

function layoutOf(deps: Deps, type: ReportType, row: repository.ReportRow, rowsTotal: number): ReportLayout {
  const generated = new Date().toISOString().slice(0, 16).replace('T', ' ');
  return {
    title: type.title,
    subtitle: `Generated ${generated} GMT - ${rowsTotal} ${rowsTotal === 1 ? 'row' : 'rows'} - ${describeFilters(row.filters)}`,
    columns: type.columns,
    amountDecimals: deps.config.amountDecimalPlaces,
    feeDecimals: deps.config.feesDecimalPlaces,
  };
}

function fileNameOf(type: ReportType, row: repository.ReportRow): string {
  const day = new Date(row.created_at).toISOString().slice(0, 10);
  return `${type.reportType}-${day}-${row.uuid.slice(0, 8)}.${FILE_FORMATS[row.format].extension}`;
}

/**
 * Writes the report's file (the 'generate-report' job). Safe to run again: a report already
 * finished is left alone, and a retried one starts over with a new file. A named refusal (the
 * filters no longer pass, e.g. a store that is gone) fails the report at once; any other error
 * is retried, and fails the report on the last attempt.
 */
export async function runReportJob(deps: Deps, reportId: bigint, context: ReportJobContext): Promise<void> {
  const row = await repository.findReport(deps.db, reportId);
  if (!row || !(await repository.startReport(deps.db, reportId))) return;
  const type = typeOfReport(row.report_type);
  let file: NewFile | undefined;
  try {
    const opened = await type.open(deps.db, row.account_holder_id, row.filters);
    const matching = await opened.count();
    const rowsTotal = Math.min(matching, row.rows_max);
    await repository.setReportTotal(deps.db, reportId, rowsTotal, matching > row.rows_max);
    const layout = layoutOf(deps, type, row, rowsTotal);
    const format = FILE_FORMATS[row.format];
    file = await deps.files.create('reports', format.extension);
    const writer: ReportFileWriter = row.format === 'excel' ? openXlsxWriter(file.stream, layout) : openPdfWriter(file.stream, layout);
    const totals: ReportTotals = new Map();
    let written = 0;
    for await (const reportRow of opened.rows(rowsTotal)) {
      context.signal.throwIfAborted();
      await writer.addRow(reportRow);
      addToTotals(totals, layout, reportRow);
      written += 1;
      if (written % PROGRESS_EVERY_ROWS === 0) await repository.setReportProgress(deps.db, reportId, written);
    }
    await writer.finish(totals);
    const stored = await repository.markReportReady(deps.db, reportId, {
      key: file.key,
      name: fileNameOf(type, row),
      bytes: file.bytesWritten(),
      rowsWritten: written,
      keptMs: REPORT_LIMITS.fileLifeMs,
    });
    if (!stored) await deps.files.remove(file.key);
  } catch (error) {
    if (file) {
      file.stream.destroy();
      await deps.files.remove(file.key);
    }
    if (error instanceof AppError) {
      await repository.markReportFailed(deps.db, reportId, error.message);
      return;
    }
    if (context.attempt >= context.maxAttempts) await repository.markReportFailed(deps.db, reportId, REPORT_FAILED_MESSAGE);
    else await repository.requeueReport(deps.db, reportId);
    throw error;
  }
}

/**
 * Removes the files of ready reports past their time, and forgets failed and expired reports
 * after a month ('remove-expired-reports' schedule). Bounded per run.
 */
export async function removeExpiredReports(deps: Deps): Promise<number> {
  const expired = await repository.listExpiredReports(deps.db, EXPIRED_REPORTS_PER_RUN_MAX);
  for (const report of expired) {
    if (report.file_key !== null) await deps.files.remove(report.file_key);
    await repository.markReportExpired(deps.db, report.id);
  }
  await repository.deleteFinishedReports(deps.db, REPORT_LIMITS.finishedRowsKeptMs, EXPIRED_REPORTS_PER_RUN_MAX);
  return expired.length;
}
