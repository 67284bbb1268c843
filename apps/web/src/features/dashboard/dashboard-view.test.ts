// What the dashboard writes from the overview: each tile's link opens the merchant's transaction
// list with exactly the filters the tile counted, for the wallet shown; the earnings line reads
// 'more' or 'less' than last month.
import { describe, expect, it } from 'vitest';
import { DASHBOARD_TILES, dashboardPeriodDays, TRANSACTION_STATUS } from '@paywallet/contract';
import { comparedWithLastMonth, transactionsLink } from './dashboard-view.ts';

describe('the dashboard', () => {
  it("links every tile to the list filtered by the tile's own filters, its status as the tab, and the wallet", () => {
    for (const tile of DASHBOARD_TILES) {
      const url = new URL(transactionsLink(7, tile.filters), 'http://app.test');
      expect(url.pathname).toBe('/app/my-transactions');
      const { status, ...others } = tile.filters;
      // The status is the tab's: Transaction 1 (success), Pending 2, Failure 3; none opens the first.
      const tab = status === TRANSACTION_STATUS.PENDING ? '2' : status === TRANSACTION_STATUS.FAILED ? '3' : '1';
      expect(Object.fromEntries(url.searchParams)).toEqual({
        userAccountId: '7',
        tab,
        ...Object.fromEntries(Object.entries(others).map(([key, value]) => [key, String(value)])),
      });
    }
  });

  it("reads 'more' or 'less' earnings than last month", () => {
    expect(comparedWithLastMonth(500, 200)).toBe('more earnings than last month');
    expect(comparedWithLastMonth(200, 500)).toBe('less earnings than last month');
    expect(comparedWithLastMonth(0, 0)).toBe('more earnings than last month');
  });

  it('turns a period into the GMT days the list filters by, up to today', () => {
    const now = new Date('2026-03-10T23:30:00Z');
    expect(dashboardPeriodDays('this_month', now)).toEqual({ fromDate: '2026-03-01', toDate: '2026-03-10' });
    expect(dashboardPeriodDays('last_3_months', now)).toEqual({ fromDate: '2026-01-01', toDate: '2026-03-10' });
    expect(dashboardPeriodDays('this_year', new Date('2026-01-05T00:00:00Z'))).toEqual({ fromDate: '2026-01-01', toDate: '2026-01-05' });
    expect(dashboardPeriodDays('last_3_months', new Date('2026-01-05T00:00:00Z'))).toEqual({
      fromDate: '2025-11-01',
      toDate: '2026-01-05',
    });
  });
});
