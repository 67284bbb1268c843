// How an export's progress reads under the export buttons: the bar's fill and the rows line.
import type { TReport } from '@paywallet/contract';

export interface ExportProgressView {
  /** 0..100; null while the total is not known yet (the bar then moves without a value). */
  percent: number | null;
  rowsText: string;
}

export function exportProgressView(report: Pick<TReport, 'progress'> | null, downloading: boolean): ExportProgressView {
  const progress = report?.progress;
  if (!progress || progress.rowsTotal === null) return { percent: downloading ? 100 : null, rowsText: 'Counting rows' };
  const { rowsWritten, rowsTotal } = progress;
  const percent = downloading || rowsTotal === 0 ? 100 : Math.min(100, Math.floor((rowsWritten / rowsTotal) * 100));
  return { percent, rowsText: `${rowsWritten} / ${rowsTotal} rows` };
}
