// The merchant dashboard's reads: the overview of the wallet of one currency (with the periods
// of its two breakdown lists), and where each tile's link leads: the transaction list filtered
// exactly as the tile counted (DASHBOARD_TILES), for that wallet.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { merchantDashboardOverviewCall, type TDashboardPeriod, type TDashboardTile } from '@paywallet/contract';
import { call } from '../../../api/client.ts';
import { transactionsPath } from '../../../lib/paths.ts';

export const DASHBOARD_QUERY_KEY = ['merchant-dashboard-overview'] as const;

export interface OverviewPeriods {
  countriesPeriod: TDashboardPeriod;
  transactionTypesPeriod: TDashboardPeriod;
}

export function useDashboardOverview(currencyId: number | undefined, periods: OverviewPeriods) {
  return useQuery({
    queryKey: [...DASHBOARD_QUERY_KEY, currencyId, periods],
    enabled: currencyId !== undefined,
    queryFn: ({ signal }) => call(merchantDashboardOverviewCall, { currencyId: currencyId!, ...periods }, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** The merchant's transaction list filtered as `filters` say, for one wallet. */
export function transactionsLink(
  walletId: number,
  filters: TDashboardTile['filters'] & { fromDate?: string; toDate?: string } = {},
): string {
  const query = new URLSearchParams({ userAccountId: String(walletId) });
  for (const [key, value] of Object.entries(filters)) if (value !== undefined) query.set(key, String(value));
  return `${transactionsPath('merchant')}?${query.toString()}`;
}
