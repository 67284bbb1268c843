// One export at a time for a screen: generate-report with the screen's filters, then get-report
// every REPORT_POLL_MS until the file is ready (or failed), then the file is fetched with the
// session and handed to the browser as a download. Progress (rows written of the total) is kept
// for the buttons to show. Failures become the spec's error toasts; leaving the screen stops
// the polling (the report itself still finishes on the server).
import { useCallback, useEffect, useRef, useState } from 'react';
import {
  generateReportCall,
  getReportCall,
  TEXTS,
  type TExportFormat,
  type TGenerateReportRequest,
  type TReport,
  type TReportType,
} from '@paywallet/contract';
import { ApiError } from '../api/api-error.ts';
import { authHeaders, call } from '../api/client.ts';
import { showToast } from '../lib/toast.ts';

export const REPORT_POLL_MS = 700;
/** A report still not ready after this long is given up on screen (the server keeps its 9 minutes). */
export const REPORT_WAIT_MS_MAX = 10 * 60_000;

export type ExportState =
  | { phase: 'idle' }
  | { phase: 'preparing'; format: TExportFormat; report: TReport | null }
  | { phase: 'downloading'; format: TExportFormat; report: TReport };

/** The filters of a report type, without its type and format. */
export type ReportFilters<K extends TReportType> = Omit<Extract<TGenerateReportRequest, { reportType: K }>, 'reportType' | 'exportAs'>;

/** A failure with the message to show: the report's own error, or the download's refusal. */
class ExportFailure extends Error {}

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const timer = window.setTimeout(resolve, ms);
    signal.addEventListener(
      'abort',
      () => {
        window.clearTimeout(timer);
        reject(signal.reason as Error);
      },
      { once: true },
    );
  });

/** Saves a fetched file under its name: a click on a temporary link to the blob. */
function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has taken the file by the next tick; the URL is freed a little later to be safe.
  window.setTimeout(() => URL.revokeObjectURL(url), 30_000);
}

async function fetchFile(report: TReport, signal: AbortSignal): Promise<void> {
  const response = await fetch(report.downloadUrl!, { headers: authHeaders(), signal });
  if (!response.ok) {
    const refusal = (await response.json().catch(() => null)) as { message?: string } | null;
    throw new ExportFailure(refusal?.message || TEXTS.anError);
  }
  saveFile(await response.blob(), report.fileName ?? `report.${report.exportAs === 'pdf' ? 'pdf' : 'xlsx'}`);
}

/** `start(format)` exports with the hook's filters; `start(format, filters)` with those (a form's values). */
export function useReportExport<K extends TReportType>(reportType: K, filters: ReportFilters<K>) {
  const [state, setState] = useState<ExportState>({ phase: 'idle' });
  const running = useRef<AbortController | null>(null);
  useEffect(() => () => running.current?.abort(), []);

  const start = useCallback(
    async (format: TExportFormat, given?: ReportFilters<K>) => {
      if (running.current) return;
      const controller = new AbortController();
      running.current = controller;
      const { signal } = controller;
      setState({ phase: 'preparing', format, report: null });
      try {
        const body = { ...(given ?? filters), reportType, exportAs: format } as TGenerateReportRequest;
        const { reportId } = await call(generateReportCall, body, { successToast: false, signal });
        const startedAt = Date.now();
        let report = await call(getReportCall, { reportId }, { signal });
        while (report.status === 'queued' || report.status === 'running') {
          setState({ phase: 'preparing', format, report });
          if (Date.now() - startedAt > REPORT_WAIT_MS_MAX) throw new ExportFailure(TEXTS.anError);
          await sleep(REPORT_POLL_MS, signal);
          report = await call(getReportCall, { reportId }, { signal });
        }
        if (report.status !== 'ready' || !report.downloadUrl) throw new ExportFailure(report.error || TEXTS.anError);
        setState({ phase: 'downloading', format, report });
        await fetchFile(report, signal);
        showToast('success', 'Your report has been downloaded');
      } catch (error) {
        // A refused call has shown its toast already (api/client.ts); a screen left shows nothing.
        if (!signal.aborted && !(error instanceof ApiError)) {
          showToast('error', error instanceof ExportFailure ? error.message : TEXTS.networkError);
        }
      } finally {
        if (running.current === controller) running.current = null;
        if (!signal.aborted) setState({ phase: 'idle' });
      }
    },
    [filters, reportType],
  );
  return { state, start };
}
