// How cells read in a file, and the totals: money in minor units shown with the deployment's
// decimals (DECISIONS 16) and thousands separators, times in GMT to the minute, totals summed
// per currency in bigint (no float ever adds amounts).
import { describe, expect, it } from 'vitest';
import { addToTotals, cellText, gmtMinute, type ReportLayout, type ReportTotals } from './report-files.ts';

const layout = (amountDecimals = 2, feeDecimals = 2): ReportLayout => ({
  title: 'Test',
  subtitle: '',
  columns: [
    { header: 'Id', width: 10, kind: 'text' },
    { header: 'Amount', width: 10, kind: 'amount', summed: true },
    { header: 'Fee', width: 10, kind: 'fee', summed: true },
  ],
  amountDecimals,
  feeDecimals,
});

describe('cells of a report file', () => {
  it('shows money with the configured decimals and thousands commas', () => {
    expect(cellText(123456789, 'amount', layout())).toBe('1,234,567.89');
    expect(cellText(-5, 'amount', layout())).toBe('-0.05');
    expect(cellText(123456, 'amount', layout(3))).toBe('1,234.560');
    expect(cellText(155, 'fee', layout(2, 1))).toBe('1.6');
    expect(cellText(null, 'amount', layout())).toBe('');
  });

  it('shows times in GMT to the minute, and leaves text that is not a time as it is', () => {
    expect(gmtMinute('2026-02-28T23:59:59.999Z')).toBe('2026-02-28 23:59');
    expect(cellText('2026-03-01T00:00:00.000+04:00', 'time', layout())).toBe('2026-02-28 20:00');
    expect(gmtMinute('not a time')).toBe('not a time');
  });

  it('sums the summed columns per currency, exactly, beyond what a float holds', () => {
    const totals: ReportTotals = new Map();
    const big = Number.MAX_SAFE_INTEGER;
    addToTotals(totals, layout(), { cells: ['a', big, 1], currency: 'AED' });
    addToTotals(totals, layout(), { cells: ['b', big, 2], currency: 'AED' });
    addToTotals(totals, layout(), { cells: ['c', 700, 3], currency: 'USD' });
    addToTotals(totals, layout(), { cells: ['d', 1, 1], currency: null });
    expect(totals).toEqual(
      new Map([
        ['AED', [null, 2n * BigInt(big), 3n]],
        ['USD', [null, 700n, 3n]],
      ]),
    );
  });
});
