// The merchant dashboard's read: the overview of the wallet of one currency, with the periods
// of its two breakdown lists.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { merchantDashboardOverviewCall, type TDashboardPeriod } from '@paywallet/contract';
import { call } from '../../../api/client.ts';
import { MERCHANT_OVERVIEW_QUERY_KEY } from '../../../hooks/money-moved.ts';

export interface OverviewPeriods {
  countriesPeriod: TDashboardPeriod;
  transactionTypesPeriod: TDashboardPeriod;
}

export function useDashboardOverview(currencyId: number | undefined, periods: OverviewPeriods) {
  return useQuery({
    queryKey: [...MERCHANT_OVERVIEW_QUERY_KEY, currencyId, periods],
    enabled: currencyId !== undefined,
    queryFn: ({ signal }) => call(merchantDashboardOverviewCall, { currencyId: currencyId!, ...periods }, { signal }),
    placeholderData: keepPreviousData,
  });
}
