// What the dashboard overview and its screen share: the statistic tiles (each a label, and the
// transaction-list filters it counts, so the tile's link opens exactly the rows it counted) and
// the periods of the countries and transaction-type lists (each a GMT day range the list's own
// date filter takes).
import { TransactionType } from '@paywallet/ledger';
import { TRANSACTION_STATUS } from '../../statuses.ts';

/** The filters of the transaction list a tile counts; the screen's link opens the list with them. */
export interface TDashboardTileFilters {
  /**
   * Every tile names a status: the merchant's transaction list shows one status per tab
   * (Transaction 1, Pending 0, Failure 2), so a tile equals the total of the tab it opens only
   * when it counts that tab's status. A tile counting several statuses would match no list.
   */
  status: number;
  transactionTypeId?: number;
}

export interface TDashboardTile {
  /** The label: the key of the tile in `stats`. */
  label: string;
  filters: TDashboardTileFilters;
}

/** The tiles, in screen order; each counts the wallet's transactions its filters select. */
export const DASHBOARD_TILES: readonly TDashboardTile[] = [
  { label: 'Successful Transactions', filters: { status: TRANSACTION_STATUS.SUCCESS } },
  { label: 'Pending Transactions', filters: { status: TRANSACTION_STATUS.PENDING } },
  { label: 'Failed Transactions', filters: { status: TRANSACTION_STATUS.FAILED } },
  // The type tiles count what went through: the successful ones, on the Transaction tab.
  { label: 'Refunds', filters: { status: TRANSACTION_STATUS.SUCCESS, transactionTypeId: TransactionType.Refund } },
  { label: 'Payment Links', filters: { status: TRANSACTION_STATUS.SUCCESS, transactionTypeId: TransactionType.PaymentLinkPayment } },
  { label: 'API Payments', filters: { status: TRANSACTION_STATUS.SUCCESS, transactionTypeId: TransactionType.ApiPayment } },
  { label: 'POS Payments', filters: { status: TRANSACTION_STATUS.SUCCESS, transactionTypeId: TransactionType.PosPayment } },
];

/** Whether a transaction with this status and type is among the rows a tile counts. */
export function tileCounts(tile: TDashboardTile, row: { status: number; transactionTypeId: number }): boolean {
  const { status, transactionTypeId } = tile.filters;
  return status === row.status && (transactionTypeId === undefined || transactionTypeId === row.transactionTypeId);
}

/** The period dropdown of the countries and transaction-type lists. */
export const DASHBOARD_PERIODS = {
  this_month: 'This Month',
  last_3_months: 'Last 3 Months',
  this_year: 'This Year',
} as const;
export type TDashboardPeriod = keyof typeof DASHBOARD_PERIODS;
export const DASHBOARD_PERIOD_VALUES = Object.keys(DASHBOARD_PERIODS) as [TDashboardPeriod, ...TDashboardPeriod[]];

const isoDay = (date: Date) => date.toISOString().slice(0, 10);

/**
 * A period as the GMT day range the transaction list filters by, up to today: this month from
 * its 1st, the last three months from the 1st of the month two months back, this year from 1 January.
 */
export function dashboardPeriodDays(period: TDashboardPeriod, now: Date): { fromDate: string; toDate: string } {
  const year = now.getUTCFullYear();
  const month = now.getUTCMonth();
  const from =
    period === 'this_month'
      ? new Date(Date.UTC(year, month, 1))
      : period === 'last_3_months'
        ? new Date(Date.UTC(year, month - 2, 1))
        : new Date(Date.UTC(year, 0, 1));
  return { fromDate: isoDay(from), toDate: isoDay(now) };
}

/** The welcome card's account status badge (spec 2 Dashboard, DECISIONS 30). */
export const ACCOUNT_STATUS_BADGES = ['Pending', 'Moderation', 'Active', 'Inactive', 'Suspended'] as const;
export type TAccountStatusBadge = (typeof ACCOUNT_STATUS_BADGES)[number];

/** The months of the revenue chart, January first. */
export const CHART_MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;
