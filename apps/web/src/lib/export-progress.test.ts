// The progress line of an export: unknown total, part written, an empty list, the download.
import { describe, expect, it } from 'vitest';
import { exportProgressView } from './export-progress.ts';

const report = (rowsWritten: number, rowsTotal: number | null) => ({ progress: { rowsWritten, rowsTotal } });

describe('exportProgressView', () => {
  it('moves without a value until the rows are counted', () => {
    expect(exportProgressView(null, false)).toEqual({ percent: null, rowsText: 'Counting rows' });
    expect(exportProgressView(report(0, null), false)).toEqual({ percent: null, rowsText: 'Counting rows' });
  });

  it('fills with the rows written, never past full and never rounded up to full early', () => {
    expect(exportProgressView(report(500, 2000), false)).toEqual({ percent: 25, rowsText: '500 / 2000 rows' });
    expect(exportProgressView(report(1999, 2000), false).percent).toBe(99);
    expect(exportProgressView(report(2000, 2000), false).percent).toBe(100);
  });

  it('is full for an empty list and while the file downloads', () => {
    expect(exportProgressView(report(0, 0), false)).toEqual({ percent: 100, rowsText: '0 / 0 rows' });
    expect(exportProgressView(report(3, 3), true)).toEqual({ percent: 100, rowsText: '3 / 3 rows' });
  });
});
