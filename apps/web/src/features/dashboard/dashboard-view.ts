// How the dashboard reads its figures, kept free of the client so it is tested alone: where a
// tile's link leads (the merchant's transaction list filtered exactly as the tile counted, for
// the wallet shown) and how this month compares with the last.
import type { TDashboardTile } from '@paywallet/contract';
import { transactionsPath } from '../../lib/paths.ts';
import { transactionsTabOf } from '../../lib/transaction-tabs.ts';

/** The merchant's transaction list filtered as `filters` say, for one wallet. */
export function transactionsLink(
  walletId: number,
  filters: Partial<TDashboardTile['filters']> & { fromDate?: string; toDate?: string } = {},
): string {
  // The list takes its status from the tab (and ignores `status` in the URL).
  const { status, ...rest } = filters;
  const query = new URLSearchParams({ userAccountId: String(walletId), tab: transactionsTabOf(status) });
  for (const [key, value] of Object.entries(rest)) if (value !== undefined) query.set(key, String(value));
  return `${transactionsPath('merchant')}?${query.toString()}`;
}

/** 'more' or 'less' than last month (equal reads as 'more': not less). */
export function comparedWithLastMonth(current: number, previous: number): string {
  return `${current >= previous ? 'more' : 'less'} earnings than last month`;
}
